// The organiser signs in to the server the app came from by the one-time link it prints at
// start: no token typed. A server of its own, so the link is read from its real output.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures/sealed';
import {
  CONTROL_HEADERS,
  type RunningServer,
  killHard,
  startServerProcess,
} from '../test/server/server-process';
import { OrganiserPage } from './page-models/organiser-page';

const SHOTS = process.env.E2E_SHOTS ?? 'e2e/.artifacts/organiser-sign-in';
const SIZES = [
  [390, 844],
  [1024, 768],
  [1366, 900],
] as const;

/** The build the run serves (DIST_DIR, as the suite's own servers take it). */
const BUILT = process.env.DIST_DIR ?? 'dist';

let root: string;
let server: RunningServer;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'organiser-sign-in-'));
  server = await startServerProcess({
    MOCK_DATA_DIR: join(root, 'data'),
    DIST_DIR: BUILT,
    MOCK_SEED: 'demo',
  });
});

test.afterAll(async () => {
  if (server) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

/** What the banner printed after a label such as `Organiser:` or `API token:`. */
function printed(label: string): string[] {
  const pattern = new RegExp(`^\\s*${label}\\s+(\\S+)`, 'gm');
  return [...server.output().matchAll(pattern)].map((match) => match[1] ?? '');
}

test('an organiser opens the printed sign-in link, stays connected, works on the server, and the link is spent', async ({
  browser,
}) => {
  const [link] = printed('Organiser:');
  expect(link).toMatch(new RegExp(`^${server.origin}/organiser/sign-in#code=[0-9A-Za-z]{32}$`));
  const host = new URL(server.origin).host;

  const laptop = await browser.newContext({ baseURL: server.origin });
  const page = await laptop.newPage();
  await page.goto(link ?? '');
  // Landed on the account's events, connected to this server, the code gone from the address.
  await expect(page.getByRole('heading', { name: 'Events of demo' })).toBeVisible();
  await expect(page.getByTestId('mode-marker')).toContainText(`This server (${host})`);
  await expect(page.getByTestId('mode-marker')).toContainText('LIVE DATA');
  expect(page.url()).not.toContain('code=');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Events of demo' })).toBeVisible();
  await expect(page.getByTestId('mode-marker')).toContainText(`This server (${host})`);

  // Something made here is on the server: read back over its Admin API with a printed token.
  const title = `Quay Sessions ${Date.now()}`;
  await new OrganiserPage(page).createEvent(title);
  const slug = /\/organiser\/events\/demo\/([^/?#]+)/.exec(page.url())?.[1];
  expect(slug).toBeTruthy();
  const [apiToken] = printed('API token:');
  const answer = await fetch(`${server.origin}/v3/demo/${slug}`, {
    headers: { authorization: `Token token=${apiToken}`, accept: 'application/json' },
  });
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as { event: { title: string } }).event.title).toBe(title);

  // The connection screen says where the data lives and who can reach it.
  await page.goto('/organiser/connection');
  await expect(page.getByLabel(`This server (${host})`)).toBeChecked();
  await expect(page.getByTestId('where-data-lives')).toContainText(
    `The data lives on the server at ${server.origin}`,
  );
  await expect(page.getByTestId('where-data-lives')).toContainText('Only this computer can reach it');
  await expect(page.getByText('Signed in to this server with a live token for API 3.1.')).toBeVisible();
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/connection-signed-in-${width}x${height}.png`, fullPage: true });
  }
  await page.getByLabel('Demo in this browser only').check();
  await expect(page.getByTestId('where-data-lives')).toContainText(
    'Demo in this browser only: the data lives in this browser’s storage. No other device can see it',
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/connection-demo-390x844.png`, fullPage: true });

  // The same link, opened again on another device, is refused in words.
  const other = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
  // The other device in the light theme, so both themes are looked at.
  await other.addInitScript(() =>
    localStorage.setItem('venue-checkin.settings', JSON.stringify({ theme: 'light' })),
  );
  const second = await other.newPage();
  await second.goto(link ?? '');
  await expect(second.getByTestId('sign-in-refused')).toContainText('This sign-in link was already used');
  expect(second.url()).not.toContain('code=');
  await second.screenshot({ path: `${SHOTS}/sign-in-refused-390x844.png` });
  await expect(second.getByTestId('mode-marker')).toHaveCount(0);
  await second.getByRole('link', { name: 'Open connection settings' }).click();
  await expect(second.getByLabel(`This server (${host})`)).toBeChecked();
  await expect(second.getByText('To sign in, open the one-time link')).toBeVisible();
  for (const [width, height] of SIZES) {
    await second.setViewportSize({ width, height });
    await second.screenshot({ path: `${SHOTS}/connection-sign-in-${width}x${height}.png`, fullPage: true });
  }
  // A new link (here from the control token, as a script would get it) pasted on that screen.
  const issued = await fetch(`${server.origin}/__service/sign-in-links`, {
    method: 'POST',
    headers: CONTROL_HEADERS,
  });
  const { url } = (await issued.json()) as { url: string };
  await second.getByLabel('Or paste the sign-in link').fill(url);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await expect(second.getByTestId('mode-marker')).toContainText(`This server (${host})`);
  await expect(second.getByText('Signed in to this server with a live token for API 3.1.')).toBeVisible();
  await other.close();

  // Still connected on the laptop after the refusal elsewhere.
  await page.goto('/organiser');
  await expect(page.getByRole('heading', { name: 'Events of demo' })).toBeVisible();
  await laptop.close();
});

test('a server listening on the venue network tells the organiser which address doors join from', async ({
  browser,
}) => {
  const exposed = await startServerProcess({
    MOCK_DATA_DIR: join(root, 'exposed'),
    DIST_DIR: BUILT,
    MOCK_SEED: 'demo',
    HOST: '0.0.0.0',
  });
  try {
    const link = /^\s*Organiser:\s+(\S+)/m.exec(exposed.output())?.[1] ?? '';
    const origin = new URL(link).origin;
    expect(exposed.output()).toContain('open it once to sign in');
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByTestId('mode-marker')).toContainText(`This server (${new URL(origin).host})`);
    await page.goto('/organiser/connection');
    await expect(page.getByTestId('where-data-lives')).toContainText(
      `Doors on this network can join lists from this server at ${origin}.`,
    );
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}/connection-exposed-${width}x${height}.png`, fullPage: true });
    }
    await context.close();
  } finally {
    await killHard(exposed);
  }
});
