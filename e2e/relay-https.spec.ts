// The relay over HTTPS in a browser: the test makes a self-signed
// certificate with openssl, starts a second copy of the server as the real service (no CORS
// origins) and the relay in front of it with TLS_CERT_FILE/TLS_KEY_FILE, and opens it in
// Chromium started with --ignore-certificate-errors (the certificate is nobody's). The service
// worker registers and controls the page, and a door joins over https:// and admits a ticket
// that the service then holds once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, test } from './fixtures/sealed';
import { type RunningServer, startServerProcess } from '../test/server/server-process';
import { makeTestCertificate } from '../test/relay/test-certificate';
import { chromiumArgs } from './fixtures/browser';
import { relayEnv, serviceEnv, stopAll } from './fixtures/relay-pair';
import { CheckinService, DoorPage, MAIN_LIST } from './page-models/door-page';

let root: string;
let upstream: RunningServer;
let relay: RunningServer;
let secureOrigin: string;
let browser: Browser;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'relay-https-e2e-'));
  const { cert, key } = makeTestCertificate(root);
  upstream = await startServerProcess(serviceEnv(join(root, 'upstream')));
  relay = await startServerProcess(
    relayEnv(upstream, join(root, 'relay'), { TLS_CERT_FILE: cert, TLS_KEY_FILE: key }),
  );
  secureOrigin = relay.origin.replace(/^http:/, 'https:');
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, '--ignore-certificate-errors'],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await stopAll(relay, upstream);
  rmSync(root, { recursive: true, force: true });
});

test('over https:// the service worker controls the page and a door joins and admits', async () => {
  test.setTimeout(120_000);
  expect(relay.output()).toContain(`running at ${secureOrigin}/`);
  const service = new CheckinService(upstream.origin);
  const [ticket] = await service.freshTickets(MAIN_LIST, 1);
  const context = await browser.newContext({ baseURL: secureOrigin, serviceWorkers: 'allow' });
  const page = await context.newPage();

  await page.goto('/');
  expect(await page.evaluate(() => [location.protocol, window.isSecureContext])).toEqual(['https:', true]);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${secureOrigin}/`);
  // The app's worker does not claim open pages (an update waits for the person): the next load
  // is the one it controls.
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(new RegExp(`^${secureOrigin}/`));

  const door = new DoorPage(page);
  await door.nameDevice('HTTPS door');
  await page.goto(`/checkin_lists/${MAIN_LIST}`);
  await door.expectScanScreen('Main entrance');
  await expect(page.getByTestId('list-incomplete')).toHaveCount(0, { timeout: 30_000 });
  expect(new URL(page.url()).protocol).toBe('https:');
  await door.wedgeScan(ticket!.slug);
  await door.expectVerdict('admitted');
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, ticket!.id), { timeout: 20_000 }).toBe(1);
  await expect(door.pending()).toContainText('All sent', { timeout: 20_000 });
  // The relay's mirror forwards it once, the door's outbox once: one check-in, not two.
  await page.waitForTimeout(3_000);
  expect(await service.activeCheckinsOf(MAIN_LIST, ticket!.id)).toBe(1);
  // Still controlled by the worker after the door's navigations.
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.close();
});
