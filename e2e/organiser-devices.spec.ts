// The organiser's side of the doors as one fleet, against the real server: signed in by the
// server's one-time link, the organiser makes a join code, doors join and report through the
// doors' endpoints (the door app itself has its own journeys), and the Devices screen shows them
// live; identify, revoke (a door's reads stop, its check-ins are still taken once, then it
// forgets the list), a code revoked, the door kit printing a code, arrivals per door. Then a
// large event's 42 doors at a laptop's and a phone's size. Screenshots go to
// e2e/.artifacts/devices/ for a person to look at.
import { axeOn, seriousViolations } from './fixtures/axe';
import { expect, type Page, test } from './fixtures/sealed';
import type { DoorReport } from '../src/fleet/fleet-protocol';
import { type FleetDoor, joinDoor } from './fixtures/fleet-door';
import { prepareEvent, signIn } from './fixtures/fleet-event';
import { FLEET_ONLINE_WITHIN_S } from './fixtures/fleet-window';
import { DevicesPage } from './page-models/devices-page';

const SHOTS = 'e2e/.artifacts/devices';
const SIZES = [
  [1024, 768],
  [390, 844],
] as const;

async function expectAccessible(page: Page, name: string) {
  const { violations } = await axeOn(page).analyze();
  expect(seriousViolations(violations, `${name}`)).toEqual([]);
}

/** Nothing wider than the window: a screen that scrolls sideways is not readable on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      const key = 'venue-checkin.settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...saved, theme: value }));
    }, theme);
    await page.reload();
    await expect(page.getByTestId('devices-summary')).toBeVisible();
    await expectAccessible(page, `${name} ${theme}`);
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}x${height}.png`, fullPage: true });
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}x${height}-top.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an organiser makes a join code, sees doors join and report, identifies one, revokes one and a code', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const prepared = await prepareEvent(baseURL ?? '', 'Fleet night', 3);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, request);
  const devices = new DevicesPage(page);
  await devices.open('demo', prepared.event);
  await expect(page.getByText('No doors yet.')).toBeVisible();

  // A code for the main list: two hours, three devices, shown at once with its QR code and link.
  const code = await devices.createCode({ list: 'Main door', validity: '2 hours', devices: 3 });
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const shown = page.getByTestId('join-code-shown');
  await expect(shown.getByRole('img', { name: 'QR code to join the check-in list Main door' })).toBeVisible();
  await expect(shown.getByTestId('join-code-link')).toHaveText(new RegExp(`/door/join#code=${code}$`));
  await expect(shown).toContainText('for up to 3 devices');
  await expect(devices.code(code).getByTestId('join-code-state')).toHaveText('Live');
  await expect(devices.code(code)).toContainText('0 of 3 joined');

  // Three doors join by it; two report, one on an older version with check-ins waiting.
  const north = await joinDoor(request, code, 'North door');
  const south = await joinDoor(request, code, 'South door', '1.3.9');
  await joinDoor(request, code, 'West door');
  expect((await north.report()).status).toBe(200);
  expect(
    (
      await south.report({
        unsent: 7,
        parked: 1,
        admissions: 40,
        refusals: { void: 2 },
        readiness: {
          ready: false,
          items: [
            { id: 'camera', level: 'red' },
            { id: 'battery', level: 'amber' },
          ],
        },
        battery: { level: 0.12, charging: false },
        storage: { persisted: false, free_bytes: 300_000_000 },
      })
    ).status,
  ).toBe(200);

  await expect(devices.summary()).toHaveText(
    '1 of 3 doors ready; 1 silent; 1 on an old version; 7 waiting to send',
  );
  const northCard = devices.door('North door');
  await expect(northCard.getByTestId('door-state')).toHaveText('Online');
  await expect(northCard).toContainText('Ready');
  await expect(northCard).toContainText('1,204 of 1,204 tickets');
  await expect(northCard.getByTestId('door-admissions')).toContainText('120 admitted, 4 refused');
  await expect(northCard.getByTestId('door-admissions')).toContainText('Already checked in: 3');
  await expect(northCard).toContainText('54%, charging');
  await expect(northCard).toContainText('kept; 1.2 GB free');
  const southCard = devices.door('South door');
  await expect(southCard).toContainText('version 1.3.9 (old)');
  await expect(southCard).toContainText('Not ready: camera (red) battery (amber)');
  await expect(southCard.getByTestId('door-unsent')).toHaveText(
    '7 waiting to send; 1 refused by the service',
  );
  await expect(southCard).toContainText('may be cleared; 300 MB free');
  await expect(devices.door('West door').getByTestId('door-state')).toHaveText('Joined, no report yet');
  // Doors to walk over to first: the silent one, then the red one, then the ready one.
  await expect(page.getByTestId('door').locator('h3')).toHaveText(['West door', 'South door', 'North door']);
  await expect(devices.code(code).getByTestId('join-code-state')).toHaveText('Used up');
  await expect(devices.code(code)).toContainText('3 of 3 joined');

  // Identify: the screen says when the door will show its name; the door hears it at its next report.
  await devices.identify('North door');
  await expect(northCard.getByTestId('door-identify-pending')).toContainText(
    'North door shows its name on screen at its next contact',
  );
  expect((await north.report()).instructions).toEqual({ identify: true });
  await expect(northCard.getByTestId('door-identify-pending')).toHaveCount(0);

  // Revoke: asked once more, in words that say what happens.
  const confirm = await devices.revoke('South door');
  await expect(confirm).toContainText('Its reads stop at once');
  await expect(confirm).toContainText('Check-ins it already recorded are still taken, once');
  await expect(confirm).toContainText('Then it removes the list from the device');
  await page.screenshot({ path: `${SHOTS}/revoke-confirm-1280x800.png` });
  await confirm.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(southCard.getByTestId('door-state')).toHaveText('Revoked');
  await expect(southCard.getByTestId('door-revoked')).toContainText(
    'It has not yet said that it removed the list.',
  );
  // Its reads stop; a check-in it recorded is still taken, once; then it forgets the list.
  expect((await south.report()).status).toBe(410);
  expect(await south.checkIn(prepared.tickets[0]!)).toBeLessThan(300);
  expect(await south.forgotten()).toBe(204);
  await expect(southCard.getByTestId('door-state')).toHaveText('Revoked, list removed');
  await expect(southCard.getByTestId('door-revoked')).toContainText('It removed the list at');
  await expect(southCard.getByTestId('door-revoked')).toContainText('1 check-in taken after revocation');
  await expect(page.getByTestId('door').locator('h3').last()).toHaveText('South door');
  // North, running, has reported again meanwhile (the e2e server's online window is short:
  // e2e/fixtures/fleet-window.ts); West is still silent.
  expect((await north.report()).status).toBe(200);
  await expect(devices.summary()).toHaveText('1 of 2 doors ready; 1 silent; nothing waiting to send');

  // A second code, for the side list, revoked: it joins no one more.
  const side = await devices.createCode({
    list: 'Side door',
    validity: '12 hours',
    devices: 5,
    label: 'Side phones',
  });
  const sideCode = devices.code('Side phones');
  await sideCode.getByRole('button', { name: 'Revoke code' }).click();
  await expect(sideCode.getByRole('group', { name: 'Revoke this code?' })).toContainText(
    'Doors it already joined keep working',
  );
  await sideCode.getByRole('button', { name: 'Yes, revoke the code' }).click();
  await expect(sideCode.getByTestId('join-code-state')).toHaveText('Revoked');
  const refused = await request.post('/__service/doors/join', {
    data: { code: side, name: 'Late door', app_version: '1.4.0' },
  });
  expect(refused.status()).toBe(404);

  // The door kit prints a chosen code's QR code instead of the list's, and says why it matters.
  await page.goto(
    `/organiser/events/demo/${prepared.event}/checkin_lists/${prepared.lists['Main door']}/door-kit`,
  );
  const choice = page.getByTestId('kit-choice');
  await expect(choice).toContainText('A door joined by the list’s address cannot be revoked.');
  await expect(page.getByTestId('door-kit-address')).toContainText('/checkin_lists/');
  await choice.getByRole('button', { name: 'New join code for this list' }).click();
  await choice.getByLabel('2 days', { exact: true }).check();
  await choice.getByLabel('Number of devices').fill('8');
  await choice.getByRole('button', { name: 'Create join code' }).click();
  await expect(page.getByTestId('door-kit-join-code')).toBeVisible();
  const kitCode = (await page.getByTestId('door-kit-code').textContent()) ?? '';
  await expect(page.getByTestId('door-kit-address')).toHaveText(new RegExp(`/door/join#code=${kitCode}$`));
  await expect(page.getByTestId('door-kit-join-code')).toContainText('for up to 8 devices');
  expect(page.url()).toMatch(/door-kit\?code=/);
  await page.reload();
  await expect(page.getByTestId('door-kit-code')).toHaveText(kitCode);
  await page.emulateMedia({ media: 'print' });
  await expect(choice).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/door-kit-code-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.screenshot({ path: `${SHOTS}/door-kit-code-1280x800.png`, fullPage: true });

  // Arrivals of the list: admissions and refusals per door, from the doors' reports. The server
  // lets go of a door's last report once the door has removed the list: South is gone from here.
  await page.goto(
    `/organiser/events/demo/${prepared.event}/checkin_lists/${prepared.lists['Main door']}/arrivals`,
  );
  const byDoor = page.getByTestId('arrivals-by-door');
  await expect(byDoor.getByTestId('arrivals-door')).toHaveCount(1);
  await expect(byDoor.getByTestId('arrivals-door')).toContainText('North door');
  await expect(byDoor.getByTestId('arrivals-door')).toContainText('120 admitted, 4 refused');
  await expect(byDoor.getByTestId('arrivals-door')).toContainText('Already checked in: 3; Unknown code: 1');
  await page.screenshot({ path: `${SHOTS}/arrivals-by-door-1280x800.png`, fullPage: true });
});

test('the Devices screen says doors need the app’s server when the organiser works in the in-browser demo', async ({
  page,
}) => {
  await page.goto('/organiser/connection');
  await page.getByLabel('Demo in this browser only').check();
  await page.getByLabel('Mode').selectOption('live');
  await page.getByRole('button', { name: 'Generate token' }).click();
  await expect(page.getByTestId('hello-mode')).toHaveText('live');
  await page.getByTestId('hello').getByRole('link').first().click();
  await page.getByRole('table', { name: 'Events' }).getByRole('link').first().click();
  await page
    .getByRole('navigation', { name: 'Event sections' })
    .getByRole('link', { name: 'Devices', exact: true })
    .click();
  const needs = page.getByTestId('devices-need-server');
  await expect(needs).toContainText(
    'Devices need the app’s own server. The demo in this browser has no doors',
  );
  await expect(needs).toContainText('HOST=0.0.0.0 npm start');
  await expectAccessible(page, 'devices-demo');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/needs-server-390x844.png`, fullPage: true });
});

test('forty-two doors stay readable at a laptop’s and a phone’s size, the ones needing someone first', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const prepared = await prepareEvent(baseURL ?? '', 'Stadium gates', 1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, request);
  const devices = new DevicesPage(page);
  await devices.open('demo', prepared.event);
  const code = await devices.createCode({ list: 'Main door', validity: '12 hours', devices: 60 });

  // Two gates fall silent: they report once now, and the rest are reported once the server's
  // online window (FLEET_ONLINE_WITHIN_S) has passed.
  const silent = [await joinDoor(request, code, 'Gate 41'), await joinDoor(request, code, 'Gate 42')];
  for (const door of silent) await door.report({ admissions: 80 });
  const since = Date.now();
  const doors: FleetDoor[] = [];
  for (let i = 1; i <= 40; i++)
    doors.push(await joinDoor(request, code, `Gate ${i}`, i === 7 ? '1.3.9' : '1.4.0'));
  await page.waitForTimeout(Math.max(0, FLEET_ONLINE_WITHIN_S * 1000 + 2000 - (Date.now() - since)));
  const reports = doors.map((door, i) => {
    const n = i + 1;
    const change: Partial<DoorReport> = {
      admissions: 50 + ((n * 37) % 200),
      refusals: n % 5 === 0 ? { 'already-checked-in': n % 7, 'unknown-code': 1 } : {},
      unsent: n % 9 === 0 ? 12 : 0,
      battery: { level: ((n * 13) % 100) / 100, charging: n % 3 === 0 },
      ...(n === 3
        ? { readiness: { ready: false, items: [{ id: 'storage-persistent', level: 'red' }] } }
        : n === 11
          ? { readiness: { ready: true, items: [{ id: 'list-fresh', level: 'amber' }] } }
          : {}),
    };
    return { door, change };
  });
  const reportAll = () => Promise.all(reports.map(({ door, change }) => door.report(change)));
  await reportAll();
  // The forty keep reporting as running doors do, while the screen is looked at: three times
  // within the server's online window, so none of them falls silent.
  let beat: Promise<unknown> = Promise.resolve();
  const heartbeat = setInterval(
    () => {
      beat = reportAll();
      // Awaited when the test ends; until then a failure must not go unhandled.
      beat.catch(() => undefined);
    },
    (FLEET_ONLINE_WITHIN_S * 1000) / 3,
  );
  await expect(devices.summary()).toHaveText(
    '39 of 42 doors ready; 2 silent; 1 on an old version; 48 waiting to send',
  );
  await expect(page.getByTestId('door')).toHaveCount(42);
  await expect(devices.door('Gate 41').getByTestId('door-state')).toHaveText(/^Silent since .+ \(\d\d s\)$/);
  await expect(page.getByTestId('door').locator('h3').first()).toHaveText('Gate 41');
  await expect(page.getByTestId('door').locator('h3').nth(2)).toHaveText('Gate 3');
  await expect(page.getByTestId('door').locator('h3').last()).toHaveText('Gate 40');

  await page.getByLabel(/Only doors that need attention/).check();
  await expect(page.getByTestId('door')).toHaveCount(2 + 1 + 1 + 1 + 4);
  await page.getByLabel(/Only doors that need attention/).uncheck();
  try {
    await shoot(page, 'devices-42');
    // German's long words and Arabic's right to left, looked at once each.
    for (const language of ['de', 'ar'] as const) {
      await page.evaluate((value) => {
        const key = 'venue-checkin.settings';
        const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
        // A saved language counts once a kiosk language is saved beside it (src/state/settings.ts).
        localStorage.setItem(key, JSON.stringify({ ...saved, language: value, kioskLanguage: 'staff' }));
      }, language);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('door')).toHaveCount(42);
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: `${SHOTS}/devices-42-${language}-${width}x${height}-top.png` });
      }
    }
  } finally {
    clearInterval(heartbeat);
    // A beat under way ends before the test does: its requests must not outlive the test's
    // request context, whose disposal would fail them (and the test) after it passed.
    await beat;
  }
});
