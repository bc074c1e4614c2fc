// The door as one of the fleet, against the Node server: joined from the door kit's link (only
// its name asked for; the badge layout beside the code kept) and by a code typed in groups, it admits, is seen with its report in the
// organiser's fleet view, shows its name full screen when asked (a verdict under it stays), and,
// revoked while it held check-ins made offline, sends each once when back online, then forgets
// the list and says why. Screens at 390x844 in e2e/.artifacts/fleet/.
import { expect, test } from './fixtures/sealed';
import { CheckinService, DoorPage, MAIN_LIST } from './page-models/door-page';
import { FleetOrganiser } from './page-models/fleet-organiser';

const SHOTS = 'e2e/.artifacts/fleet';

test.use({ viewport: { width: 390, height: 844 } });

test('a door joined by a code is seen, identified and revoked without losing a check-in', async ({
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const service = new CheckinService(baseURL!);
  const organiser = new FleetOrganiser(baseURL!);
  const tickets = await service.freshLoneTickets(MAIN_LIST, 5);
  const code = await organiser.createCode(MAIN_LIST, 2);
  // Verdicts return by themselves after 1 s (2 s for anything but an admission).
  await context.addInitScript(() => {
    const key = 'venue-checkin.settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...saved, autoReturnSeconds: 1, sounds: false }));
  });

  // The door kit's link: the code comes with it and leaves the address bar; only a name is asked.
  // It carries the list's badge layout beside the code, as the kit shows it once one is saved.
  const page = await context.newPage();
  const door = new DoorPage(page);
  await page.goto(`${code.link.replace(/^https?:\/\/[^/]+/, baseURL!)}&badge=1.4x3in.rfljcq`);
  const form = page.getByTestId('join-by-link');
  await expect(form).toContainText(code.code);
  expect(page.url()).not.toContain('#');
  await page.screenshot({ path: `${SHOTS}/join-by-code-390.png` });
  await form.getByLabel('Name this device').fill('North door');
  await form.getByRole('button', { name: 'Join list' }).click();
  await door.expectScanScreen('Main entrance');
  await expect(page.getByTestId('joined-note')).toContainText(
    'with a join code as North door. The organiser sees this door and can revoke it.',
  );
  await expect(page.getByTestId('last-sync')).toContainText('Synced', { timeout: 20_000 });
  await door.expectListComplete();

  // The layout the link carried is kept for the list the code joined, as a list link's is.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('badge-layout-here')).toContainText(
    'Badge layout for Main entrance, from its link: 4 × 3 in label',
  );
  await page.getByRole('link', { name: 'Door' }).click();
  await door.expectScanScreen();

  // It admits, and its report reaches the organiser's view.
  await door.typeCode(tickets[0]!.reference);
  await door.expectVerdict('admitted');
  await expect(door.pending()).toContainText('All sent', { timeout: 20_000 });
  await expect
    .poll(async () => (await organiser.device('North door'))?.report?.admissions, { timeout: 30_000 })
    .toBe(1);
  const seen = (await organiser.device('North door'))!;
  expect(seen).toMatchObject({
    online: true,
    revoked_at: null,
    report: { unsent: 0, copy: { complete: true }, app_version: expect.any(String) },
  });
  expect(JSON.stringify(seen.report)).not.toContain(tickets[0]!.reference);
  // The readiness staff see on the scan screen goes with the report: the whole list is here.
  expect(seen.report?.readiness.items).toContainEqual({ id: 'list-complete', level: 'green' });

  // Lists: this door says it can be revoked.
  await door.goFromMenu('Lists');
  await expect(page.getByTestId('list-door')).toContainText('the organiser sees this door and can revoke it');
  await page.goBack();
  await door.expectScanScreen();

  // Asked which door this is: its name, full screen, until tapped; a verdict under it waits.
  await organiser.identify(seen.id);
  const identify = page.getByTestId('identify');
  await expect(identify).toBeVisible({ timeout: 30_000 });
  await expect(identify).toContainText('North door');
  await page.screenshot({ path: `${SHOTS}/identify-390.png` });
  await door.wedgeScan(tickets[1]!.slug);
  await page.waitForTimeout(2500); // past the verdict's own return to scanning
  await identify.click();
  await expect(identify).toHaveCount(0);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await expect(door.pending()).toContainText('All sent', { timeout: 20_000 });

  // Offline, it admits two more; meanwhile the organiser revokes it.
  await context.setOffline(true);
  for (const ticket of tickets.slice(2, 4)) {
    await door.typeCode(ticket.reference);
    await door.expectVerdict('admitted');
    await door.nextScan();
  }
  await expect(door.pending()).toContainText('2 waiting to send');
  await organiser.revoke(seen.id);

  // Back online: both go, once; then the list and its audit log go, and the door says why.
  await context.setOffline(false);
  const farewell = page.getByTestId('farewell');
  await expect(farewell).toBeVisible({ timeout: 40_000 });
  await expect(farewell).toContainText('The organiser revoked this device on');
  await expect(farewell).toContainText(
    'Its list and audit log were removed; 2 check-ins it held were sent first.',
  );
  await page.screenshot({ path: `${SHOTS}/revoked-390.png` });
  for (const ticket of tickets.slice(0, 4))
    expect(await service.activeCheckinsOf(MAIN_LIST, ticket.id)).toBe(1);
  await expect
    .poll(async () => (await organiser.device('North door'))?.forgotten_at ?? null, { timeout: 20_000 })
    .not.toBeNull();
  expect(await organiser.device('North door')).toMatchObject({ checkins_after_revocation: 2 });
  await farewell.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Join code, or check-in list slug or address')).toBeVisible();
  expect(await page.evaluate(() => document.body.innerText)).not.toContain('Main entrance');
});

test('a code typed in groups joins; a list joined by its address says it cannot be revoked', async ({
  page,
  baseURL,
}) => {
  const organiser = new FleetOrganiser(baseURL!);
  const code = await organiser.createCode(MAIN_LIST, 1);
  const door = new DoorPage(page);
  await door.nameDevice('South door');
  await page.goto('/');
  const typed = code.code.toLowerCase().replace(/-/g, ' ');
  await page.getByLabel('Join code, or check-in list slug or address').fill(typed);
  await page.getByRole('button', { name: 'Join list' }).click();
  await door.expectScanScreen('Main entrance');
  await expect(page.getByTestId('joined-note')).toContainText('with a join code as South door');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/joined-by-code-390.png` });
  await expect.poll(async () => (await organiser.device('South door'))?.id ?? null).not.toBeNull();

  // The same list by its slug, on another device: the old way, said to be beyond revocation.
  const other = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  const otherPage = await other.newPage();
  const otherDoor = new DoorPage(otherPage);
  await otherDoor.nameDevice('West door');
  await otherDoor.joinByTyping(MAIN_LIST);
  await expect(otherPage.getByTestId('joined-note')).toContainText(
    'by its address. The organiser can neither see nor revoke this door',
  );
  await otherDoor.goFromMenu('Lists');
  await expect(otherPage.getByTestId('list-door')).toContainText('the organiser can neither see nor revoke');
  await other.close();
});
