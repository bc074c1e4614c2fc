// The server as a relay in front of a real service, in a browser: a second copy of the server
// plays the real service (mock mode, no CORS origins, so a page could not call it directly even
// if it tried) and the relay stands in front of it, both started here on ports of their own. A
// door opens the relay's list address, joins and admits by wedge; the check-in reaches the
// service once. A second list is joined by typing the service's own web check-in address. An
// organiser signs in by the relay's printed link and sees the service's events. Neither page
// ever requests the service's origin.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, test } from './fixtures/sealed';
import { type RunningServer, killHard, startServerProcess } from '../test/server/server-process';
import { mirroredList, relayEnv, serviceEnv, stopAll, UPSTREAM_TOKEN } from './fixtures/relay-pair';
import { CheckinService, DoorPage, joinedDoor, MAIN_LIST, VIP_LIST } from './page-models/door-page';
import { ShellPage } from './page-models/shell-page';

let root: string;
let upstream: RunningServer;
let relay: RunningServer;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'relay-e2e-'));
  upstream = await startServerProcess(serviceEnv(join(root, 'upstream')));
  relay = await startServerProcess(relayEnv(upstream, join(root, 'relay')));
});

test.afterAll(async () => {
  await stopAll(relay, upstream);
  rmSync(root, { recursive: true, force: true });
});

/** Every address the context's pages (and their workers) ask for. */
function networkLog(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => seen.push(request.url()));
  return seen;
}

test('a door joins through the relay, admits by wedge, and the service has the check-in once', async ({
  browser,
}) => {
  const service = new CheckinService(upstream.origin);
  const [ticket] = await service.freshTickets(MAIN_LIST, 1);
  const context = await browser.newContext({ baseURL: relay.origin });
  const seen = networkLog(context);
  const page = await context.newPage();
  const door = new DoorPage(page);
  await door.nameDevice('Relay door');

  // The list's address as the relay hands it out (banner, door kit, `web_checkin_url`).
  await page.goto(`${relay.origin}/checkin_lists/${MAIN_LIST}`);
  // The list's title first: until the list is open, "incomplete" is not shown either.
  await door.expectScanScreen('Main entrance');
  await expect(page.getByTestId('list-incomplete')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('door-health')).toContainText('relay reaches the ticketing service');
  await door.wedgeScan(ticket!.slug);
  await door.expectVerdict('admitted');
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, ticket!.id), { timeout: 15_000 }).toBe(1);
  await expect(door.pending()).toContainText('All sent', { timeout: 15_000 });
  expect(await service.activeCheckinsOf(MAIN_LIST, ticket!.id)).toBe(1);
  await door.nextScan();

  // The service's own web check-in address, typed: joined through the relay all the same.
  await page.goto('/door/join');
  await page
    .getByLabel('Join code, or check-in list slug or address')
    .fill(`${upstream.origin}/checkin_lists/${VIP_LIST}`);
  await page.getByRole('button', { name: 'Join list' }).click();
  await door.expectScanScreen('VIP lounge');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/door/lists');
  await expect(page.locator('.list-entry')).toHaveCount(2);

  expect(seen.length).toBeGreaterThan(5);
  expect(seen.filter((url) => url.startsWith(upstream.origin))).toEqual([]);
  await context.close();
});

test('a door restarted offline asks its server nothing until it is back online, then knows its relay', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: relay.origin });
  const { page, door } = await joinedDoor(context, 'Offline relay door');
  await new ShellPage(page).waitForServiceWorkerControl();
  const health = page.getByTestId('door-health');
  await expect(health).toContainText('relay reaches the ticketing service', { timeout: 15_000 });
  const asked: string[] = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/__service' || /\/service-info-[^/]*\.js$/.test(path)) asked.push(path);
  });

  await context.setOffline(true);
  await page.reload();
  await door.expectScanScreen();
  await expect(page.getByTestId('connection')).toContainText('Offline');
  // A few of the door's own offline checks (every 3 s) go by: nothing asks which server this is.
  await page.waitForTimeout(4_000);
  expect(asked).toEqual([]);
  await expect(health).not.toContainText('relay reaches the ticketing service');

  await context.setOffline(false);
  await expect(health).toContainText('relay reaches the ticketing service', { timeout: 15_000 });
  expect(asked).toContain('/__service');
  await context.close();
});

test('an organiser signs in by the relay’s printed link and sees the service’s events', async ({
  browser,
}) => {
  const link = /^\s*Organiser:\s+(\S+)/m.exec(relay.output())?.[1] ?? '';
  expect(link).toMatch(new RegExp(`^${relay.origin}/organiser/sign-in#code=`));
  const titles = await fetch(`${upstream.origin}/v3/demo/events`, {
    headers: { authorization: `Token token=${UPSTREAM_TOKEN}`, accept: 'application/json' },
  })
    .then((r) => r.json() as Promise<{ events: { title: string }[] }>)
    .then((body) => body.events.map((e) => e.title));
  expect(titles.length).toBeGreaterThan(0);

  const context = await browser.newContext({ baseURL: relay.origin });
  const seen = networkLog(context);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Events of demo' })).toBeVisible();
  await expect(page.getByText(titles[0] ?? '', { exact: true }).first()).toBeVisible();
  const held = await page.evaluate(() => JSON.stringify(localStorage));
  expect(held).not.toContain(UPSTREAM_TOKEN);

  // The door kit hands out the relay's address of the list, not the service's.
  const auth = { headers: { authorization: `Token token=${UPSTREAM_TOKEN}`, accept: 'application/json' } };
  const event = (await fetch(`${upstream.origin}/v3/demo/events`, auth).then((r) => r.json())) as {
    events: { slug: string }[];
  };
  const eventSlug = event.events[0]?.slug ?? '';
  const lists = (await fetch(`${upstream.origin}/v3/demo/${eventSlug}/checkin_lists`, auth).then((r) =>
    r.json(),
  )) as { checkin_lists: { id: number; slug: string }[] };
  const list = lists.checkin_lists[0];
  await page.goto(`/organiser/events/demo/${eventSlug}/checkin_lists/${list?.id}/door-kit`);
  await expect(page.getByTestId('door-kit-address')).toHaveText(
    `${relay.origin}/checkin_lists/${list?.slug}`,
  );

  await page.goto('/organiser/connection');
  await expect(page.getByTestId('where-data-lives')).toContainText('Real data: this server relays');
  await expect(page.getByTestId('where-data-lives')).toContainText('reached the service’s Admin API');

  expect(seen.filter((url) => url.startsWith(upstream.origin))).toEqual([]);
  await context.close();
});

// The venue mirror (on by default): the service is killed (kill -9) while two doors on the relay
// admit. A door's scan of a ticket the other admitted a few seconds earlier is not admitted
// again; a ticket both admit before either syncs is a double admission on both; once the
// service is back, it holds each check-in once.
test.describe('with the venue mirror', () => {
  let mirrorRoot: string;
  let service: RunningServer;
  let mirrorRelay: RunningServer;
  const upstreamEnv = () => serviceEnv(join(mirrorRoot, 'upstream'));

  test.beforeAll(async () => {
    mirrorRoot = mkdtempSync(join(tmpdir(), 'relay-mirror-e2e-'));
    service = await startServerProcess(upstreamEnv());
    mirrorRelay = await startServerProcess(
      relayEnv(service, join(mirrorRoot, 'relay'), {
        UPSTREAM_TIMEOUT_MS: '15000',
        RELAY_MIRROR_INTERVAL_MS: '500',
      }),
    );
  });

  test.afterAll(async () => {
    await stopAll(mirrorRelay, service);
    rmSync(mirrorRoot, { recursive: true, force: true });
  });

  const pending = () => mirroredList(mirrorRelay);

  test('two doors keep in step through the relay while the service is killed', async ({ browser }) => {
    test.setTimeout(180_000);
    const checkins = new CheckinService(service.origin);
    const [first, both] = await checkins.freshTickets(MAIN_LIST, 2);
    const contexts = [
      await browser.newContext({ baseURL: mirrorRelay.origin }),
      await browser.newContext({ baseURL: mirrorRelay.origin }),
    ];
    // The door's default sync interval (10 s): a door on a mirroring relay syncs every 3 s anyway.
    const settings = { autoReturnSeconds: 0 };
    const [a, b] = [
      await joinedDoor(contexts[0]!, 'North door', settings),
      await joinedDoor(contexts[1]!, 'South door', settings),
    ];
    await expect.poll(async () => (await pending())?.ready, { timeout: 30_000 }).toBe(true);

    await killHard(service);
    await a!.door.typeCode(first!.reference);
    await a!.door.expectVerdict('admitted');
    await a!.door.nextScan();
    // Door B hears of it through the relay alone, within a sync or two.
    await b!.page.waitForTimeout(5_000);
    await b!.door.typeCode(first!.reference);
    await expect(b!.door.verdict()).toHaveAttribute('data-verdict', /just-admitted|already-checked-in/);
    await b!.door.nextScan();

    // A ticket both doors admit: door B has lost its network for a moment (its verdict comes
    // from its own copy), so neither can know of the other's admission when it scans; whether B
    // had synced in between would otherwise depend on the machine's speed.
    await contexts[1]!.setOffline(true);
    for (const { door } of [a!, b!]) {
      await door.typeCode(both!.reference);
      await door.expectVerdict('admitted');
      await door.nextScan();
    }
    await contexts[1]!.setOffline(false);
    for (const { page } of [a!, b!])
      await expect(page.getByTestId('conflicts')).toContainText('1 double admission', { timeout: 20_000 });

    service = await startServerProcess({ ...upstreamEnv(), PORT: new URL(service.origin).port });
    await expect.poll(async () => (await pending())?.pending_upstream, { timeout: 30_000 }).toBe(0);
    expect(await checkins.activeCheckinsOf(MAIN_LIST, first!.id)).toBe(1);
    expect(await checkins.activeCheckinsOf(MAIN_LIST, both!.id)).toBe(2);
    for (const context of contexts) await context.close();
  });
});
