import { expect, test } from './fixtures/sealed';
import { ShellPage } from './page-models/shell-page';

const HINT = '//# allFunctionsCalledOnLoad\n';

test.describe('app shell', () => {
  test('loads the door screen and navigates between the sections', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.heading('Join a check-in list')).toBeVisible();
    await expect(shell.nav('Door')).toHaveAttribute('aria-current', 'page');

    await shell.nav('Organiser').click();
    await expect(page).toHaveURL(/\/organiser$/);
    await expect(shell.heading('Organiser')).toBeVisible();

    await shell.nav('Settings').click();
    await expect(shell.heading('Settings')).toBeVisible();
    await page.getByLabel('Light (for sunlight)').check();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await expect(page.getByLabel('Camera used for scanning')).toHaveValue('');
    await page.getByRole('link', { name: 'Switch or forget lists' }).click();
    await expect(page).toHaveURL(/\/door\/lists$/);
  });

  test('opens a web check-in address on the join form and answers every bad input plainly', async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    // An unnamed device asks for its name first, with the address already filled in.
    await shell.open('/checkin_lists/chk_abcdef123');
    await expect(shell.heading('Join a check-in list')).toBeVisible();
    const code = page.getByLabel('Join code, or check-in list slug or address');
    await expect(code).toHaveValue(/\/checkin_lists\/chk_abcdef123$/);

    await page.getByRole('button', { name: 'Join list' }).click();
    await expect(page.getByRole('alert')).toContainText('Give this device a name');

    await page.getByLabel('Name this device').fill('North door');
    await code.fill('not a list');
    await page.getByRole('button', { name: 'Join list' }).click();
    await expect(page.getByRole('alert')).toContainText('not a check-in list');

    // Well formed, but no service has it: neither this server nor the built-in demo.
    await code.fill('chk_nosuchlist42');
    await page.getByRole('button', { name: 'Join list' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not join', { timeout: 20_000 });
    await expect(code).toHaveValue('chk_nosuchlist42');
  });

  test('serves a web app manifest with installable icons', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await request.get(href ?? '')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', short_name: 'Check-in' });
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.headers()['content-type']).toBe('image/png');
    }
  });

  test('serves the scripts a start runs with the compile hint, and the later ones without', async ({
    request,
  }) => {
    // scripts/compile-hints.ts: V8 compiles every function of these when they load.
    const hinted = async (path: string) => (await (await request.get(path)).text()).startsWith(HINT);
    const html = await (await request.get('/')).text();
    const entry = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
    expect(entry).toBeTruthy();
    expect(await hinted(entry!)).toBe(true);
    // The app the entry loads at once, and a chunk loaded only for the organiser's screens.
    const entryCode = await (await request.get(entry!)).text();
    const app = entryCode.match(/assets\/app-main-[\w-]+\.js/)?.[0];
    expect(app).toBeTruthy();
    expect(await hinted(`/${app}`)).toBe(true);
    // Fetched beside the entry, not after it has run (scripts/preload-app.ts).
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${app}">`);
    const appCode = await (await request.get(`/${app}`)).text();
    const organiser = appCode.match(/assets\/OrganiserHome-[\w-]+\.js/)?.[0];
    expect(organiser).toBeTruthy();
    expect(await hinted(`/${organiser}`)).toBe(false);
    // The sync worker's engine, loaded by the worker's script (src/sync/engine/engine-worker.ts),
    // found through the entry's chunk that starts the worker; that script itself is not hinted.
    const doorWorker = entryCode.match(/door-worker-[\w-]+\.js/)?.[0];
    expect(doorWorker).toBeTruthy();
    const doorWorkerCode = await (await request.get(`/assets/${doorWorker}`)).text();
    const workerScript = doorWorkerCode.match(/assets\/engine-worker-[\w-]+\.js/)?.[0];
    expect(workerScript).toBeTruthy();
    const workerCode = await (await request.get(`/${workerScript}`)).text();
    const engine = workerCode.match(/engine-main-[\w-]+\.js/)?.[0];
    expect(engine).toBeTruthy();
    expect(workerCode.startsWith(HINT)).toBe(false);
    expect(await hinted(`/assets/${engine}`)).toBe(true);
  });

  test('fetches the camera’s module with the camera view’s chunk, before any camera starts', async ({
    page,
  }) => {
    // scripts/preload-with.ts: preloaded (fetched, not run) when the door's screens load.
    const asked: string[] = [];
    page.on('request', (request) => {
      const chunk = new URL(request.url()).pathname.match(/^\/assets\/(CameraView|camera)-[\w-]+\.js$/)?.[1];
      if (chunk) asked.push(chunk);
    });
    await page.goto('/');
    await expect(page.getByLabel('Join code, or check-in list slug or address')).toBeVisible();
    await expect.poll(() => asked.slice().sort()).toEqual(['CameraView', 'camera']);
    await expect(page.locator('link[rel="modulepreload"][href*="/assets/camera-"]')).toHaveCount(1);
  });

  test('fetches the app’s stylesheet once: its preload is the one the app uses', async ({ page }) => {
    // The preload's credentials mode is the stylesheet link's (Vite's, crossorigin): where they
    // differ the browser keeps the preload unused and fetches the stylesheet a second time.
    const fetched: string[] = [];
    const warnings: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/[\w-]+\.css$/.test(path)) fetched.push(path);
    });
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByLabel('Join code, or check-in list slug or address')).toBeVisible();
    await expect(page.locator('link[rel="stylesheet"][href*="/assets/app-main-"]')).toHaveCount(1);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched).toEqual([...new Set(fetched)]);
    expect(warnings).toEqual([]);
  });

  test('activates the service worker and reloads offline', async ({ page, context }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await shell.waitForServiceWorkerControl();

    await context.setOffline(true);
    await page.reload();
    await expect(shell.heading('Join a check-in list')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();

    // A deep link never visited before still opens from the precached shell.
    await page.goto('/checkin_lists/chk_offline01');
    await expect(shell.heading('Join a check-in list')).toBeVisible();
    await expect(page.getByLabel('Join code, or check-in list slug or address')).toHaveValue(
      /chk_offline01$/,
    );
    await context.setOffline(false);
  });

  test('never answers API paths from the service worker cache', async ({ page, context }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await shell.waitForServiceWorkerControl();
    await context.setOffline(true);
    const outcome = await page.evaluate(() =>
      fetch('/checkin/checkin_lists/chk_anything').then(
        (r) => `status ${r.status}`,
        () => 'network error',
      ),
    );
    expect(outcome).toBe('network error');
    await context.setOffline(false);
  });
});
