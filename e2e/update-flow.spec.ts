import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures/sealed';
import { type RunningServer, startServer } from './fixtures/server';
import { ShellPage } from './page-models/shell-page';

// Serves a copy of the build, then publishes "version 2" by changing its service worker,
// exactly as a deploy does: the waiting worker must be offered, and applied only on a tap.
test.describe('update flow', () => {
  let server: RunningServer;
  let dist: string;

  test.beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'checkin-dist-'));
    // The build the run serves (DIST_DIR, as the suite's own servers take it), copied: this
    // journey rewrites its service worker.
    await cp(process.env.DIST_DIR ?? 'dist', dist, { recursive: true });
    const data = await mkdtemp(join(tmpdir(), 'checkin-data-'));
    server = await startServer({ DIST_DIR: dist, MOCK_DATA_DIR: data, MOCK_SEED: 'empty' });
  });

  test.afterAll(async () => {
    await server?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  test('offers Update when a new version waits and reloads only on the tap', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto(`${server.url}/`);
    await shell.waitForServiceWorkerControl();
    await expect(shell.updateButton()).toHaveCount(0);

    const sw = join(dist, 'sw.js');
    await writeFile(sw, `${await readFile(sw, 'utf8')}\n// version 2\n`);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    await expect(shell.updateButton()).toBeVisible();
    // The page is not reloaded behind the person's back.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    const reloaded = page.waitForEvent('load');
    await shell.updateButton().click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere ?? false)).toBe(
      false,
    );
    await expect(shell.heading('Join a check-in list')).toBeVisible();
    await expect(shell.updateButton()).toHaveCount(0);
    const waiting = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waiting).toBe(false);
  });
});
