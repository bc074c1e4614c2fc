// The doors as one fleet, three screens at once, on each engine Playwright drives (Chromium, and
// Firefox ESR over WebDriver BiDi); WebKit runs the same chain in fleet-journeys.webkit.ts. The
// organiser, signed in on the server, makes a join code on the Devices screen; two doors join
// by it (one types it, one opens its link) and a third by the list's slug, each in a browser
// context of its own (its own storage, its own network). The screen sees the two code-joined
// doors and, once one goes offline, says since when it has been silent; that door admits 20
// while the organiser revokes it, sends all 20 once when back, then holds nothing and says why,
// and its credential reads nothing more. The slug-joined door goes on scanning.
// Typing goes key by key: over BiDi, fill() sets the value in a way React's controlled inputs
// never see. Screenshots at 390x844 and 1024x768 go to e2e/.artifacts/engines/<engine>/.
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '../fixtures/sealed';
import { readDoorDatabase } from '../fixtures/door-database';
import { signIn } from '../fixtures/fleet-event';
import { FLEET_ONLINE_WITHIN_S } from '../fixtures/fleet-window';
import { DevicesPage } from '../page-models/devices-page';
import { CheckinService, DoorPage, MAIN_LIST } from '../page-models/door-page';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1024, height: 768 };
const OFFLINE_ADMISSIONS = 20;

/** Screenshots at both sizes; `inView` is scrolled to the middle first (the event keeps other doors). */
async function shoot(page: Page, engine: string, name: string, inView?: Locator) {
  const own = page.viewportSize() ?? PHONE;
  for (const { width, height } of [PHONE, LAPTOP]) {
    await page.setViewportSize({ width, height });
    await inView?.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `e2e/.artifacts/engines/${engine}/fleet-${name}-${width}x${height}.png` });
  }
  await page.setViewportSize(own);
}

/** Types into a field key by key, then Enter (the scan screen's field may be a tap away). */
async function type(page: Page, label: string, text: string) {
  const box = page.getByLabel(label, { exact: true });
  const search = page.getByTestId('scan-controls').getByRole('button', { name: 'Search' });
  await expect(async () => {
    if (!(await box.isVisible())) await search.click({ timeout: 1000 });
    await expect(box).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await box.click();
  await box.pressSequentially(text);
  await box.press('Enter');
}

/**
 * A phone at the door: a browser context of its own, named, verdicts up until "Next scan". It
 * syncs, and so reports, every 5 s: well within the e2e server's online window.
 */
async function doorPhone(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript((deviceName) => {
    const key = 'venue-checkin.settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (!saved.deviceName)
      localStorage.setItem(
        key,
        JSON.stringify({ ...saved, deviceName, sounds: false, autoReturnSeconds: 0, syncIntervalSeconds: 5 }),
      );
  }, name);
  return { context, page: await context.newPage() };
}

async function admit(door: DoorPage, code: string) {
  await door.wedgeScan(code);
  await door.expectVerdict('admitted');
  await door.nextScan();
}

test('the doors as one fleet: a code made, doors joined three ways, one silent, revoked while offline', async ({
  browser,
  page,
  request,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const engine = info.project.name;
  const Engine = engine === 'chromium' ? 'Chromium' : engine === 'firefox' ? 'Firefox' : engine;
  // The server outlives a test: each engine's doors (and a retry's) need names of their own.
  const tag = info.retry > 0 ? `${Engine} ${info.retry + 1}` : Engine;
  const names = { typed: `${tag} north`, linked: `${tag} south`, slug: `${tag} west` };
  const service = new CheckinService(baseURL!);
  const fresh = await service.freshTickets(MAIN_LIST, OFFLINE_ADMISSIONS + 2);
  if (fresh.length < OFFLINE_ADMISSIONS + 2) throw new Error('the demo seed lacks fresh tickets');
  const [first, ...rest] = fresh;
  const offline = rest.slice(0, OFFLINE_ADMISSIONS);
  const lastScan = rest[OFFLINE_ADMISSIONS]!;

  // The organiser, signed in on the server, makes a code for two doors on the Devices screen.
  await page.setViewportSize(LAPTOP);
  await signIn(page, request);
  const devices = new DevicesPage(page);
  await devices.open('demo', 'demo-conference');
  const code = await devices.createCode({
    list: 'Main entrance',
    validity: '2 hours',
    devices: 2,
    label: `${tag} fleet journey`,
  });
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const link = (await page.getByTestId('join-code-shown').getByTestId('join-code-link').textContent()) ?? '';
  expect(link).toMatch(new RegExp(`/door/join#code=${code}$`));
  await shoot(page, engine, 'code-made');

  // The north door types the code, and admits one guest while online.
  const north = await doorPhone(browser, names.typed);
  const northDoor = new DoorPage(north.page);
  await north.page.goto('/');
  await type(north.page, 'Join code, or check-in list slug or address', code);
  await northDoor.expectScanScreen('Main entrance');
  await expect(north.page.getByTestId('joined-note')).toContainText(`with a join code as ${names.typed}`);
  await admit(northDoor, first!.slug);
  await expect(northDoor.pending()).toContainText('All sent', { timeout: 20_000 });

  // The south door opens the code's link: only its name is asked for, filled in already.
  const south = await doorPhone(browser, names.linked);
  const southDoor = new DoorPage(south.page);
  await south.page.goto(link.replace(/^https?:\/\/[^/]+/, baseURL!));
  const form = south.page.getByTestId('join-by-link');
  await expect(form).toContainText(code);
  await expect(form.getByLabel('Name this device')).toHaveValue(names.linked);
  await shoot(south.page, engine, 'join-by-link');
  await form.getByRole('button', { name: 'Join list' }).click();
  await southDoor.expectScanScreen('Main entrance');
  await expect(south.page.getByTestId('joined-note')).toContainText(`with a join code as ${names.linked}`);
  const joinedAt = Date.now();
  // Its credential, read before it is revoked: the list's row holds it in the slug's place.
  const { rows } = await south.page.evaluate(readDoorDatabase, { rowsOf: ['lists'] });
  const southList = rows.lists as { slug: string; door?: { deviceId: string } }[];
  expect(southList).toHaveLength(1);
  const credential = southList[0]!.slug;
  expect(credential).toMatch(/^dev_/);

  // Within 15 s of the second join the screen shows both code-joined doors by name, online, with
  // what each holds (a door reports as it joins; the screen asks every 5 s).
  const northCard = devices.door(names.typed);
  const southCard = devices.door(names.linked);
  const within15s = () => ({ timeout: Math.max(1, joinedAt + 15_000 - Date.now()) });
  await expect(northCard.getByTestId('door-state')).toHaveText('Online', within15s());
  await expect(southCard.getByTestId('door-state')).toHaveText('Online', within15s());
  // Counts come with the next report (every 15 s at most).
  await expect(northCard.getByTestId('door-unsent')).toHaveText('All sent');
  await expect(northCard.getByTestId('door-admissions')).toContainText('1 admitted, 0 refused', {
    timeout: 20_000,
  });
  await expect(southCard.getByTestId('door-unsent')).toHaveText('All sent');
  await expect(southCard.getByTestId('door-admissions')).toContainText('0 admitted, 0 refused');
  await expect(devices.code(`${tag} fleet journey`)).toContainText('2 of 2 joined');
  await shoot(page, engine, 'devices-online', southCard);

  // The west door joins by the list's slug, the old way: beyond the organiser's sight.
  const west = await doorPhone(browser, names.slug);
  const westDoor = new DoorPage(west.page);
  await west.page.goto('/');
  await type(west.page, 'Join code, or check-in list slug or address', MAIN_LIST);
  await westDoor.expectScanScreen('Main entrance');
  await expect(west.page.getByTestId('joined-note')).toContainText(
    'The organiser can neither see nor revoke',
  );

  // The south door goes offline and admits guests; the screen says since when it has been silent.
  await south.context.setOffline(true);
  const offlineAt = Date.now();
  await expect(south.page.getByTestId('connection')).toContainText('Offline');
  const half = OFFLINE_ADMISSIONS / 2;
  for (const ticket of offline.slice(0, half)) await admit(southDoor, ticket.slug);
  // Online means heard from within the server's window (FLEET_ONLINE_WITHIN_S); the screen asks
  // every 5 s.
  await expect(southCard.getByTestId('door-state')).toHaveText(
    /^Silent since \d{1,2}:\d{2}(\s?[AP]M)? \((\d+ s|1 min)\)$/,
    { timeout: 45_000 },
  );
  const silence = (await southCard.getByTestId('door-state').textContent()) ?? '';
  const seconds = /\((\d+) s\)/.exec(silence)?.[1];
  if (seconds) expect(Number(seconds)).toBeGreaterThanOrEqual(FLEET_ONLINE_WITHIN_S);
  // Since its last report, which came before it went offline.
  expect(Date.now() - offlineAt).toBeLessThan(60_000);
  await expect(northCard.getByTestId('door-state')).toHaveText('Online');
  // The slug-joined door has joined too, and the organiser cannot see it.
  await expect(devices.door(names.slug)).toHaveCount(0);
  await shoot(page, engine, 'devices-silent', southCard);

  // Meanwhile the organiser revokes it; it does not know, and admits the rest.
  const confirm = await devices.revoke(names.linked);
  await expect(confirm).toContainText('Check-ins it already recorded are still taken, once');
  await confirm.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(southCard.getByTestId('door-state')).toHaveText('Revoked');
  for (const ticket of offline.slice(half)) await admit(southDoor, ticket.slug);
  await expect(southDoor.pending()).toContainText(`${OFFLINE_ADMISSIONS} waiting to send`);
  await shoot(south.page, engine, 'offline-admitted');

  // Back online: all 20 go, once each; then the list goes and the door says why.
  await south.context.setOffline(false);
  const farewell = south.page.getByTestId('farewell');
  await expect(farewell).toBeVisible({ timeout: 40_000 });
  await expect(farewell).toContainText('The organiser revoked this device on');
  await expect(farewell).toContainText(
    `Its list and audit log were removed; ${OFFLINE_ADMISSIONS} check-ins it held were sent first.`,
  );
  await shoot(south.page, engine, 'revoked-farewell');
  const perTicket = new Map<number, number>();
  for (const checkin of await service.checkins(MAIN_LIST))
    perTicket.set(checkin.ticket_id, (perTicket.get(checkin.ticket_id) ?? 0) + 1);
  expect(offline.map((t) => perTicket.get(t.id) ?? 0)).toEqual(offline.map(() => 1));

  // The organiser sees it gone, and every one of the 20 taken after its revocation.
  await expect(southCard.getByTestId('door-state')).toHaveText('Revoked, list removed', { timeout: 20_000 });
  await expect(southCard.getByTestId('door-revoked')).toContainText(
    `${OFFLINE_ADMISSIONS} check-ins taken after revocation`,
  );
  await shoot(page, engine, 'devices-revoked', southCard);

  // The door holds no attendee: its list's tables are empty, and nothing it keeps names a guest,
  // nor its credential once the server has heard the list is gone.
  const stored = () => south.page.evaluate(readDoorDatabase, { rowsOf: ['audit', 'farewells'], whole: true });
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
  await farewell.getByRole('button', { name: 'Continue' }).click();
  await expect(south.page.getByLabel('Join code, or check-in list slug or address')).toBeVisible();

  // Its credential reads nothing more.
  const read = await fetch(`${baseURL}/checkin/checkin_lists/${credential}/tickets`);
  expect(read.status).toBe(410);

  // The slug-joined door is untouched: it still scans, and the service has that check-in.
  await admit(westDoor, lastScan.slug);
  await expect(westDoor.pending()).toContainText('All sent', { timeout: 20_000 });
  expect(await service.activeCheckinsOf(MAIN_LIST, lastScan.id)).toBe(1);
  await expect(northCard.getByTestId('door-state')).toHaveText('Online');
  await shoot(west.page, engine, 'slug-door-still-scans');

  for (const door of [north, south, west]) await door.context.close();
});
