// The app built and served for a diagnostic bench script (cold-marks.ts, join-timeline.ts): a
// build in `work/dist` (skipped with NO_BUILD=1; unminified with BENCH_PROFILE, for readable
// names in a profile) and the Node server seeded with the demo list in `work/data`.
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { benchChromiumArgs } from './bench-args';
import { type RunningServer, startServerProcess } from '../../server/server-process';
import { answerUnlockInPage, BENCH_PASSCODE } from './door-passcode';

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

/**
 * A phone-sized Chromium on a persistent profile (real on-disk IndexedDB) at the served app,
 * its door named (`settings`: more of the door's settings), and its first page.
 */
export async function openDoorBrowser(
  profile: string,
  origin: string,
  deviceName: string,
  settings: Record<string, unknown> = {},
  /** More of Chromium's switches (a fake camera's). */
  args: readonly string[] = [],
) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...benchChromiumArgs, ...args],
    baseURL: origin,
    viewport: { width: 390, height: 844 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(answerUnlockInPage, BENCH_PASSCODE);
  await page.addInitScript(
    (stored) => {
      // tsx names functions with a helper the page does not have; evaluate() bodies need it.
      (globalThis as unknown as { __name: unknown }).__name = (fn: unknown) => fn;
      localStorage.setItem('venue-checkin.settings', stored);
    },
    JSON.stringify({ deviceName, ...settings }),
  );
  return { context, page };
}
