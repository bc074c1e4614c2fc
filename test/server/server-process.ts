// Starts the Node server as a child process (tsx) on a free port, for tests and benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { serverCommand } from './server-bundle';

export { serverCommand };

// A port handed out here is listened on a moment later, often by a child process. The kernel's
// port 0 comes from its ephemeral range, where every outgoing connection on the machine takes its
// local port too: one took a relay's port in between once (EADDRINUSE at its start). So ports come
// from below that range, probed free, each test worker (Vitest's or Playwright's) from a slice of
// its own, and one process never hands out the same port twice before it has gone round: a
// process killed to be restarted on its port (the simulation's relays and service) leaves it free
// meanwhile, and nothing else may take it.
const SLICE = 1500;
const WORKER = Number(process.env.VITEST_POOL_ID ?? process.env.TEST_WORKER_INDEX ?? 0) % 8;
const LOW = 20_000 + WORKER * SLICE;
const HIGH = LOW + SLICE - 1;
let next = LOW + Math.floor(Math.random() * SLICE);

const EPHEMERAL_LOW = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768; // Linux's default; elsewhere the probe still says whether a port is free
  }
})();

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

export async function freePort(): Promise<number> {
  if (EPHEMERAL_LOW > HIGH)
    for (let tries = 0; tries < SLICE; tries++) {
      const port = next;
      next = next >= HIGH ? LOW : next + 1;
      if ((await listenOn(port)) !== null) return port;
    }
  const any = await listenOn(0);
  if (any === null) throw new Error('no free port');
  return any;
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
  // No V8 flags: with a 64 MB semi-space instead of the default young generation, the server
  // seeded 100,000 tickets a little faster but held 110 MB more at its peak (it must stay under
  // 300 MB at 100k tickets).
  const child = spawn(process.execPath, serverCommand(), {
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

/**
 * Starts the server and waits for it to exit, with what it printed: a start the server refuses
 * never listens. One that does listen is killed at once (its banner printed), so a test of a
 * refusal cannot hang on a server that started.
 */
export async function startRefused(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, serverCommand(), {
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
    if (output.includes('is running at')) child.kill('SIGKILL');
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}
