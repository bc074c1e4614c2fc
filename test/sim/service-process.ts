// The real Node server for the simulation: its own fresh data folder, killed with SIGKILL and
// restarted over the same folder with the same environment (seed and port), so it replays its
// journal and the doors find it at the same address.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, killHard, type RunningServer, startServerProcess } from '../mock-api/http/server-process';

export async function simService(tickets: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sim-service-'));
  const controlToken = randomBytes(24).toString('hex');
  const env = {
    MOCK_DATA_DIR: dataDir,
    MOCK_SEED: 'demo',
    MOCK_SEED_TICKETS: String(tickets),
    MOCK_CONTROL_TOKEN: controlToken,
    PORT: String(await freePort()),
  };
  let server: RunningServer | null = await startServerProcess(env, 240_000);
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
        server = await startServerProcess(env, 240_000);
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
