// The real Node server for the simulation: its own fresh data folder, killed with SIGKILL and
// restarted over the same folder with the same environment (seed and port), so it replays its
// journal and the doors find it at the same address.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, freePort, killHard, startServerProcess } from '../server/server-process';

/**
 * Starts the server, trying again when a start does not finish in time: on two shared cores
 * under load a start over a 100,000-ticket journal has been seen to print nothing for four
 * minutes. That is the harness's machine, not the app under test, so it must not end the run.
 */
async function startWithRetries(env: Record<string, string>): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerProcess(env, 240_000);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`sim: the service did not start (attempt ${attempt}); starting it again`);
    }
  }
}

/** `duplicates`: what the server does with a second active check-in of a ticket (MOCK_DUPLICATE_CHECKINS). */
export async function simService(
  tickets: number,
  duplicates: 'record' | 'refuse' = 'record',
  extraEnv: Record<string, string> = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-service-'));
  const controlToken = randomBytes(24).toString('hex');
  const env = {
    MOCK_DATA_DIR: dataDir,
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: String(tickets),
    MOCK_CONTROL_TOKEN: controlToken,
    MOCK_DUPLICATE_CHECKINS: duplicates,
    PORT: String(await freePort()),
    ...extraEnv,
  };
  let server: RunningServer | null = await startWithRetries(env);
  const origin = server.origin;
  let kills = 0;
  let restarting: Promise<void> | null = null;
  return {
    origin,
    controlToken,
    kills: () => kills,
    up: () => server !== null,
    /** kill -9, then start again over the same data in the background. */
    killAndRestart(): Promise<void> {
      if (restarting) return restarting;
      restarting = (async () => {
        if (server) await killHard(server);
        server = null;
        kills++;
        server = await startWithRetries(env);
      })().finally(() => {
        restarting = null;
      });
      return restarting;
    },
    settled: () => restarting ?? Promise.resolve(),
    async stop() {
      await restarting?.catch(() => undefined);
      if (server) await killHard(server);
      server = null;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type SimService = Awaited<ReturnType<typeof simService>>;
