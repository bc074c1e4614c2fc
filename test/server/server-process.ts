// Starts the Node server as a child process (tsx) on a free port, for tests and benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The control token of every server started here (`Authorization: Bearer` on `/__mock/*`). */
export const CONTROL_TOKEN = 'test-control-token-for-server-processes';
export const CONTROL_HEADERS = { Authorization: `Bearer ${CONTROL_TOKEN}` };

export interface RunningServer {
  origin: string;
  child: ChildProcess;
  output: () => string;
}

export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunningServer> {
  const port = Number(env.PORT ?? (await freePort()));
  // V8's default young generation: a 64 MB semi-space seeded 100,000 tickets a little faster
  // but held 110 MB more at its peak (the server must stay under 300 MB at 100k tickets).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      MOCK_CONTROL_TOKEN: CONTROL_TOKEN,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A start that never finished must not live on holding the port (a retry takes it).
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, timeoutMs);
    const check = () => {
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { origin: `http://127.0.0.1:${port}`, child, output: () => output };
}

export async function killHard(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}
