// The doors as one fleet on WebKit (WebKitGTK's MiniBrowser over classic WebDriver): the same
// chain as fleet-journeys.spec.ts on Chromium and Firefox, with four browsers at once (the
// organiser and three doors, each its own MiniBrowser, driver and ephemeral profile). WebKit has
// no network emulation here, so the door that goes offline loads the app through a TCP relay
// that the test closes: its server becomes unreachable (navigator.onLine stays true), and only
// for it. Screenshots go to e2e/.artifacts/engines/webkit/.
import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_PORT } from '../fixtures/browser';
import { E2E_CONTROL_HEADERS } from '../fixtures/control-token';
import { type DoorDatabase, readDoorDatabase } from '../fixtures/door-database';
import { FLEET_ONLINE_WITHIN_S } from '../fixtures/fleet-window';
import { type Relay, startRelay, test } from '../fixtures/webkit';
import { CheckinService, MAIN_LIST } from '../page-models/door-page';
import { LAPTOP, WebKitScreen } from '../page-models/webkit-screen';

const SHOTS = 'e2e/.artifacts/engines/webkit/fleet';
const SERVER = `http://127.0.0.1:${E2E_PORT}`;
const OFFLINE_ADMISSIONS = 20;
/** Each door's passcode: WebDriver has no locator handlers, so the journey types it itself. */
const PASSCODE = 'fleet journeys passcode';
const service = new CheckinService(SERVER);
let relay: Relay;

test.beforeAll(async () => {
  relay = await startRelay(E2E_PORT);
  mkdirSync('e2e/.artifacts/engines/webkit', { recursive: true });
});

test.afterAll(async () => {
  await relay.cut();
});

interface CardSeen {
  state: string | null;
  unsent: string | null;
  admissions: string | null;
  revoked: string | null;
  text: string;
}

/** A door's card on the Devices screen, by its name (null: not on the screen). */
function doorCard(name: string): CardSeen | null {
  const card = Array.from(document.querySelectorAll('[data-testid="door"]')).find(
    (li) => li.querySelector('h3')?.textContent === name,
  );
  if (!card) return null;
  const of = (id: string) => card.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
  return {
    state: of('door-state'),
    unsent: of('door-unsent'),
    admissions: of('door-admissions'),
    revoked: of('door-revoked'),
    text: card.textContent ?? '',
  };
}

test('the doors as one fleet on WebKit: a code made, doors joined three ways, one silent, revoked while offline', async ({
  wk,
  moreWk,
}, info) => {
  test.setTimeout(150_000);
  const tag = info.retry > 0 ? `WebKit ${info.retry + 1}` : 'WebKit';
  const names = { typed: `${tag} north`, linked: `${tag} south`, slug: `${tag} west` };
  const fresh = await service.freshTickets(MAIN_LIST, OFFLINE_ADMISSIONS + 2);
  if (fresh.length < OFFLINE_ADMISSIONS + 2) throw new Error('the demo seed lacks fresh tickets');
  const [first, ...rest] = fresh;
  const offline = rest.slice(0, OFFLINE_ADMISSIONS);
  const lastScan = rest[OFFLINE_ADMISSIONS]!;
  // Each syncs, and so reports, every 5 s: well within the e2e server's online window.
  const door = (name: string) => ({
    deviceName: name,
    sounds: false,
    autoReturnSeconds: 0,
    syncIntervalSeconds: 5,
  });

  // The organiser, signed in on the server by its one-time link, makes a code for two doors.
  const organiser = new WebKitScreen(wk, SERVER, SHOTS, LAPTOP);
  const issued = await fetch(`${SERVER}/__service/sign-in-links`, {
    method: 'POST',
    headers: E2E_CONTROL_HEADERS,
  });
  expect(issued.ok).toBe(true);
  const { url } = (await issued.json()) as { url: string };
  await organiser.start(new URL(url).pathname + new URL(url).search + new URL(url).hash);
  await expect
    .poll(() => organiser.text('[data-testid="mode-marker"]'), { timeout: 20_000 })
    .toContain('This server');
  await wk.url(`${SERVER}/organiser/events/demo/demo-conference/devices`);
  const form = '[data-testid="join-code-form"]';
  await (await wk.$(`${form} select`)).waitForDisplayed({ timeout: 20_000 });
  await (await wk.$(`${form} select`)).selectByVisibleText('Main entrance');
  await organiser.click(`//form[@data-testid="join-code-form"]//label[normalize-space(.)="2 hours"]/input`);
  await organiser.type('aria/Number of devices', '2', false);
  await organiser.type('aria/Label (optional)', `${tag} fleet journey`, false);
  await organiser.click('button=Create join code');
  await expect
    .poll(() => organiser.text('[data-testid="join-code-code"]'), { timeout: 15_000 })
    .toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const code = await organiser.text('[data-testid="join-code-code"]');
  const link = await organiser.text('[data-testid="join-code-link"]');
  expect(link).toMatch(new RegExp(`/door/join#code=${code}$`));
  await organiser.shot('code-made');
  const card = (name: string) => wk.execute(doorCard, name) as Promise<CardSeen | null>;
  // The event keeps other runs' doors: the south door's card in the middle of each screenshot.
  const southInView = () =>
    wk.execute((name: string) => {
      Array.from(document.querySelectorAll('[data-testid="door"]'))
        .find((li) => li.querySelector('h3')?.textContent === name)
        ?.scrollIntoView({ block: 'center' });
      // Painted before the screenshot is taken.
      return new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
    }, names.linked);

  // The north door types the code, and admits one guest while online.
  const north = new WebKitScreen(await moreWk(), SERVER, SHOTS);
  await north.start('/', door(names.typed));
  await north.type('aria/Join code, or check-in list slug or address', code);
  await north.choosePasscode(PASSCODE);
  await north.expectScanScreen();
  await expect
    .poll(() => north.text('[data-testid="joined-note"]'))
    .toContain(`with a join code as ${names.typed}`);
  await north.admit(first!.slug);
  await expect.poll(() => north.pending(), { timeout: 20_000 }).toContain('All sent');

  // The south door opens the code's link through its relay: only its name is asked for.
  const southOrigin = `http://127.0.0.1:${relay.port}`;
  const south = new WebKitScreen(await moreWk(), southOrigin, SHOTS);
  await south.start(link.replace(/^https?:\/\/[^/]+/, ''), door(names.linked));
  await expect.poll(() => south.text('[data-testid="join-by-link"]'), { timeout: 15_000 }).toContain(code);
  expect(await (await south.wk.$('aria/Name this device')).getValue()).toBe(names.linked);
  await south.shot('join-by-link');
  await south.click('button=Join list');
  await south.choosePasscode(PASSCODE);
  await south.expectScanScreen();
  await expect
    .poll(() => south.text('[data-testid="joined-note"]'))
    .toContain(`with a join code as ${names.linked}`);
  const joinedAt = Date.now();
  // Its credential, read before it is revoked: the list's row holds it in the slug's place.
  const joined = (await south.wk.execute(readDoorDatabase, { rowsOf: ['lists'] })) as DoorDatabase;
  const southList = joined.rows.lists as { slug: string }[];
  expect(southList).toHaveLength(1);
  const credential = southList[0]!.slug;
  expect(credential).toMatch(/^dev_/);

  // Within 15 s of the second join the screen shows both code-joined doors by name, online,
  // with what each holds (a door reports as it joins; the screen asks every 5 s).
  const within15s = () => ({ timeout: Math.max(1, joinedAt + 15_000 - Date.now()) });
  await expect.poll(async () => (await card(names.typed))?.state, within15s()).toBe('Online');
  await expect.poll(async () => (await card(names.linked))?.state, within15s()).toBe('Online');
  // Counts come with the next report (every 15 s at most).
  await expect
    .poll(() => card(names.typed), { timeout: 20_000 })
    .toMatchObject({ unsent: 'All sent', admissions: expect.stringContaining('1 admitted, 0 refused') });
  await expect
    .poll(() => card(names.linked), { timeout: 20_000 })
    .toMatchObject({ unsent: 'All sent', admissions: expect.stringContaining('0 admitted, 0 refused') });
  await expect
    .poll(() =>
      wk.execute(
        (label: string) =>
          Array.from(document.querySelectorAll('[data-testid="join-code"]')).find((c) =>
            c.textContent?.includes(label),
          )?.textContent ?? '',
        `${tag} fleet journey`,
      ),
    )
    .toContain('2 of 2 joined');
  await organiser.shot('devices-online', southInView);

  // The west door joins by the list's slug, the old way: beyond the organiser's sight.
  const west = new WebKitScreen(await moreWk(), SERVER, SHOTS);
  await west.start('/', door(names.slug));
  await west.type('aria/Join code, or check-in list slug or address', MAIN_LIST);
  await west.choosePasscode(PASSCODE);
  await west.expectScanScreen();
  await expect
    .poll(() => west.text('[data-testid="joined-note"]'))
    .toContain('The organiser can neither see nor revoke');

  // The south door's server becomes unreachable, and it admits guests; the screen says since
  // when it has been silent (online means heard from within the server's window,
  // FLEET_ONLINE_WITHIN_S).
  await relay.cut();
  const offlineAt = Date.now();
  const half = OFFLINE_ADMISSIONS / 2;
  for (const ticket of offline.slice(0, half)) await south.admit(ticket.slug);
  await expect
    .poll(async () => (await card(names.linked))?.state, { timeout: 45_000 })
    .toMatch(/^Silent since \d{1,2}:\d{2}(\s?[AP]M)? \((\d+ s|1 min)\)$/);
  const silence = (await card(names.linked))?.state ?? '';
  const seconds = /\((\d+) s\)/.exec(silence)?.[1];
  if (seconds) expect(Number(seconds)).toBeGreaterThanOrEqual(FLEET_ONLINE_WITHIN_S);
  expect(Date.now() - offlineAt).toBeLessThan(60_000);
  expect((await card(names.typed))?.state).toBe('Online');
  // The slug-joined door has joined too, and the organiser cannot see it.
  expect(await card(names.slug)).toBeNull();
  await organiser.shot('devices-silent', southInView);

  // Meanwhile the organiser revokes it; it does not know, and admits the rest.
  await organiser.click(`aria/Revoke ${names.linked}`);
  await expect
    .poll(async () => (await card(names.linked))?.text)
    .toContain('Check-ins it already recorded are still taken, once');
  await organiser.click('button=Yes, revoke');
  await expect.poll(async () => (await card(names.linked))?.state).toBe('Revoked');
  for (const ticket of offline.slice(half)) await south.admit(ticket.slug);
  await expect.poll(() => south.pending()).toContain(`${OFFLINE_ADMISSIONS} waiting to send`);
  // Its status line says the server is out of reach (at its next pull, within 10 s).
  await expect
    .poll(() => south.text('[data-testid="connection"]'), { timeout: 15_000 })
    .toBe('Service unreachable');
  await south.shot('offline-admitted');

  // Reachable again: all 20 go, once each; then the list goes and the door says why. (The door
  // hears at its next report, within 15 s, or its next try to send, whichever comes first.)
  await relay.restore();
  await expect.poll(() => south.count('[data-testid="farewell"]'), { timeout: 45_000 }).toBe(1);
  const farewell = await south.text('[data-testid="farewell"]');
  expect(farewell).toContain('The organiser revoked this device on');
  expect(farewell).toContain(
    `Its list and audit log were removed; ${OFFLINE_ADMISSIONS} check-ins it held were sent first.`,
  );
  await south.shot('revoked-farewell');
  const perTicket = new Map<number, number>();
  for (const checkin of await service.checkins(MAIN_LIST))
    perTicket.set(checkin.ticket_id, (perTicket.get(checkin.ticket_id) ?? 0) + 1);
  expect(offline.map((t) => perTicket.get(t.id) ?? 0)).toEqual(offline.map(() => 1));

  // The organiser sees it gone, and every one of the 20 taken after its revocation.
  await expect
    .poll(async () => (await card(names.linked))?.state, { timeout: 20_000 })
    .toBe('Revoked, list removed');
  expect((await card(names.linked))?.revoked).toContain(
    `${OFFLINE_ADMISSIONS} check-ins taken after revocation`,
  );
  await organiser.shot('devices-revoked', southInView);

  // The door holds no attendee: its list's tables are empty, and nothing it keeps names a guest,
  // nor its credential once the server has heard the list is gone.
  const stored = async () =>
    (await south.wk.execute(readDoorDatabase, {
      rowsOf: ['audit', 'farewells'],
      whole: true,
    })) as DoorDatabase;
  await expect
    .poll(async () => ((await stored()).rows.farewells as { untold: unknown }[]).map((f) => f.untold), {
      message: 'the server told that the list is gone',
      timeout: 20_000,
    })
    .toEqual([null]);
  const left = await stored();
  // The keyring names no one: it is the door's passcode, kept for what the door joins next.
  for (const [store, count] of Object.entries(left.counts))
    if (!['audit', 'farewells', 'keyring'].includes(store)) expect(count, `rows left in ${store}`).toBe(0);
  // The device's own audit row of the forgetting names the list's title, no attendee.
  expect((left.rows.audit as { listSlug: string }[]).map((r) => r.listSlug)).toEqual(
    left.rows.audit!.map(() => ''),
  );
  expect(left.text).not.toContain(credential);
  for (const ticket of offline) {
    expect(left.text).not.toContain(ticket.slug);
    expect(left.text).not.toContain(ticket.reference);
  }
  await south.click('button=Continue');
  await expect.poll(() => south.count('[data-testid="farewell"]')).toBe(0);
  await (await south.wk.$('aria/Join code, or check-in list slug or address')).waitForDisplayed();

  // Its credential reads nothing more.
  expect((await fetch(`${SERVER}/checkin/checkin_lists/${credential}/tickets`)).status).toBe(410);

  // The slug-joined door is untouched: it still scans, and the service has that check-in.
  await west.admit(lastScan.slug);
  await expect.poll(() => west.pending(), { timeout: 20_000 }).toContain('All sent');
  expect(await service.activeCheckinsOf(MAIN_LIST, lastScan.id)).toBe(1);
  expect((await card(names.typed))?.state).toBe('Online');
  await west.shot('slug-door-still-scans');
});
