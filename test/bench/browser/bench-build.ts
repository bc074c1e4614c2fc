// The app built and served for a diagnostic bench script (cold-marks.ts, join-timeline.ts): a
// build in `work/dist` (skipped with NO_BUILD=1; unminified with BENCH_PROFILE, for readable
// names in a profile) and the Node server seeded with the demo list in `work/data`.
import { join } from 'node:path';
import { build } from 'vite';
import { type RunningServer, startServerProcess } from '../../mock-api/http/server-process';

export async function buildAndServe(work: string, tickets: number, port?: string): Promise<RunningServer> {
  const distDir = join(work, 'dist');
  if (!process.env.NO_BUILD)
    await build({
      logLevel: 'warn',
      build: { outDir: distDir, emptyOutDir: true, minify: !process.env.BENCH_PROFILE },
    });
  return startServerProcess(
    {
      MOCK_DATA_DIR: join(work, 'data'),
      MOCK_SEED: 'demo',
      MOCK_SEED_TICKETS: String(tickets),
      DIST_DIR: distDir,
      ...(port ? { PORT: port } : {}),
    },
    240_000,
  );
}
