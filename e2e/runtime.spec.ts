import { expect, type Page, test } from './fixtures/sealed';
import { qrDataUrl, showOnCamera } from './fixtures/canvas-camera';
import { DoorPage, MAIN_LIST } from './page-models/door-page';

// What runs on a door's page is what the stack names: React DOM's production build renders the
// screens, and the camera's code (on @zxing/browser) runs with the camera, not before: until then
// it is at most fetched, as a module preload beside the camera view's chunk (scripts/preload-with.ts).

/** React DOM's production build as it registers itself (bundleType 0; 1 is the development build). */
const REACT_DOM_PRODUCTION = /bundleType:0,version:.19\.\d+\.\d+.,rendererPackageName:.react-dom./;
/** A message of @zxing/browser's BrowserCodeReader, which minifying keeps. */
const ZXING_BROWSER = "Can't enumerate devices, navigator is not present.";

/** The text of every script the page has loaded so far (the entry, its imports, lazy chunks). */
async function loadedScripts(page: Page): Promise<Map<string, string>> {
  const urls = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('resource').map((entry) => entry.name),
      ...[...document.scripts].map((script) => script.src),
    ].filter((url) => /\/assets\/[^/]+\.js$/.test(new URL(url, location.href).pathname)),
  );
  const scripts = new Map<string, string>();
  for (const url of new Set(urls)) scripts.set(url, await (await page.request.get(url)).text());
  return scripts;
}

const holding = (scripts: Map<string, string>, test: (text: string) => boolean) =>
  [...scripts].filter(([, text]) => test(text)).map(([url]) => new URL(url).pathname);

test('the door runs on React DOM (production); @zxing/browser loads with the camera', async ({ page }) => {
  const ticket = await qrDataUrl('not-a-ticket-code');
  await page.addInitScript(showOnCamera, ticket);
  await new DoorPage(page).nameDevice('Runtime door');
  await page.goto('/');
  await expect(page.getByLabel('Join code, or check-in list slug or address')).toBeVisible();

  // The root was made by react-dom/client's createRoot.
  const reactRoot = await page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')),
  );
  expect(reactRoot, 'the #root element is a React root').toBe(true);

  const first = await loadedScripts(page);
  expect(
    holding(first, (text) => REACT_DOM_PRODUCTION.test(text)),
    'React DOM production build',
  ).not.toEqual([]);
  // At most fetched ahead: each script holding it is a preload link's, and no camera is there
  // to have imported it.
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  for (const path of holding(first, (text) => text.includes(ZXING_BROWSER)))
    expect(preloaded, `the camera code before any camera, but as a preload (${path})`).toContain(path);
  await expect(page.locator('.scan .camera')).toHaveCount(0);

  // The scan screen opens the camera: its code, on @zxing/browser, comes then.
  await page.getByLabel('Join code, or check-in list slug or address').pressSequentially(MAIN_LIST);
  await page.getByRole('button', { name: 'Join list' }).click();
  await expect(page.locator('.scan .camera')).toHaveAttribute('data-phase', 'running', { timeout: 20_000 });
  const after = await loadedScripts(page);
  expect(
    holding(after, (text) => text.includes(ZXING_BROWSER)),
    'the camera code with the camera',
  ).toHaveLength(1);
});
