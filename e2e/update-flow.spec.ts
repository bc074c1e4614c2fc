import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, type Route, test } from './fixtures/sealed';
import { type RunningServer, startServer } from './fixtures/server';
import { ShellPage } from './page-models/shell-page';

// Serves a copy of the build, then publishes a new version by changing its service worker,
// exactly as a deploy does: the waiting worker must be offered, and applied only on a tap.
const waitingWorker = (page: Page) =>
  page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));

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

  /** A deploy: the service worker's script changes, so the browser installs it as a new version. */
  const publishNewVersion = async () => {
    const sw = join(dist, 'sw.js');
    await writeFile(sw, `${await readFile(sw, 'utf8')}\n// version ${Date.now()}\n`);
  };

  test.afterAll(async () => {
    await server?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  test('offers Update when a new version waits and reloads only on the tap', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto(`${server.url}/`);
    await shell.waitForServiceWorkerControl();
    await expect(shell.updateButton()).toHaveCount(0);

    await publishNewVersion();
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
    expect(await waitingWorker(page)).toBe(false);
  });

  // The old version's worker still has a request in hand when Update is tapped (here a language
  // chunk it fetches for the page, held by the test): the new worker cannot take over until that
  // request ends. The page reloads all the same, on the old version, and offers the update again;
  // once the request ends and the new worker takes over, the page (still on the old version)
  // keeps offering it, and the next tap loads the new version.
  test('a tap reloads even when the old version holds the new one back, and the update stays offered until it runs', async ({
    page,
    context,
  }) => {
    const shell = new ShellPage(page);
    await page.goto(`${server.url}/`);
    await shell.waitForServiceWorkerControl();
    await publishNewVersion();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(shell.updateButton()).toBeVisible();

    // A language not precached: the old worker fetches it from the server, and the test holds it.
    const chunk = (await readdir(join(dist, 'assets'))).find((name) => /^i18n\.door\.de\./.test(name));
    expect(chunk).toBeDefined();
    let held: Route | undefined;
    await context.route(`**/assets/${chunk}`, (route) => {
      held = route;
    });
    await page.evaluate((url) => void fetch(url).catch(() => undefined), `/assets/${chunk}`);
    await expect.poll(() => held !== undefined).toBe(true);

    // Well inside the test's time: without the page's own reload it never comes.
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await shell.updateButton().click();
    await reloaded;
    await expect(shell.heading('Join a check-in list')).toBeVisible();
    expect(await waitingWorker(page)).toBe(true);
    await expect(shell.updateButton()).toBeVisible();

    // The request ends: the new worker, told to skip waiting, takes over this page.
    await held!.continue();
    await expect.poll(() => waitingWorker(page)).toBe(false);
    await expect(shell.updateButton()).toBeVisible();

    const loaded = page.waitForEvent('load', { timeout: 20_000 });
    await shell.updateButton().click();
    await loaded;
    await expect(shell.heading('Join a check-in list')).toBeVisible();
    await expect(shell.updateButton()).toHaveCount(0);
    expect(await waitingWorker(page)).toBe(false);
  });
});
