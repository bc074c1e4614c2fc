// From an empty event to a check-in list the door can use, against the Node server's mock.
import { expect, type Page, test } from './fixtures/sealed';
import { DoorPage } from './page-models/door-page';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { OrganiserPage } from './page-models/organiser-page';

/** Event, two releases (one on sale), registrations with line items, a list for one release. */
async function prepareEvent(page: Page, org: OrganiserPage, account = 'demo'): Promise<string[]> {
  await org.openAccount(account);
  const title = `Harbour Night ${Date.now()}`;
  await org.createEvent(title);

  await org.section('Releases');
  await expect(page.getByText('No releases yet.')).toBeVisible();
  await org.startNew('release');
  await org.field('Title').fill('Standard');
  await org.field('Price').fill('25.00');
  await org.field('Tickets available').fill('100');
  await org.create();
  await expect(page.getByRole('heading', { name: 'Standard' })).toBeVisible();
  await page.getByRole('button', { name: 'Put on sale' }).click();
  await expect(page.getByRole('button', { name: 'Pause sale' })).toBeVisible();

  await org.section('Releases');
  await org.startNew('release');
  await org.field('Title').fill('Backstage');
  await org.create();
  await expect(page.getByRole('heading', { name: 'Backstage' })).toBeVisible();
  await org.section('Releases');
  await expect(page.getByRole('row')).toHaveCount(3);

  const references: string[] = [];
  for (const [name, quantity] of [
    ['Ada Lovelace', '2'],
    ['Grace Hopper', '1'],
  ] as const) {
    await org.section('Registrations');
    await org.startNew('registration');
    await org.field('Name').fill(name);
    await org.field('Email').fill(`${name.split(' ')[0]?.toLowerCase()}@example.com`);
    await page.getByLabel('Release').selectOption({ label: 'Standard' });
    await page.getByLabel('Quantity').fill(quantity);
    await page.getByRole('button', { name: 'Create registration' }).click();
    await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
    const tickets = page.getByRole('region', { name: 'Tickets' });
    await expect(tickets.getByRole('row')).toHaveCount(Number(quantity) + 1);
    references.push(...(await tickets.getByRole('link').allTextContents()));
  }

  await org.section('Check-in lists');
  await org.startNew('check-in list');
  await org.field('Title').fill('Main door');
  await page.getByRole('group', { name: 'Releases' }).getByLabel('Standard').check();
  await org.create();
  await expect(page.getByRole('heading', { name: 'Main door' })).toBeVisible();
  await expect(page.getByTestId('checkin-progress')).toContainText('0 of 3 checked in');
  await expect(page.getByRole('img', { name: /QR code of the check-in list/ })).toBeVisible();
  await expect(page.getByTestId('web-checkin-url')).toContainText('/checkin_lists/chk_');
  await expect(page.getByRole('link', { name: 'Open the door app on this device' })).toBeVisible();

  return references;
}

test('an organiser prepares an event and hands over a check-in list for one release', async ({
  page,
  baseURL,
  browser,
}) => {
  const org = new OrganiserPage(page);
  await org.connectTo(`${baseURL}/v3`, ORGANISER_TOKENS.live31);
  await expect(page.getByTestId('hello-mode')).toHaveText('live');
  await expect(page.getByTestId('mode-marker')).toContainText('LIVE DATA');
  const references = await prepareEvent(page, org);

  // The door joins the list from its web check-in address, in a browser of its own.
  const address = (await page.getByTestId('web-checkin-url').textContent()) ?? '';
  const doorContext = await browser.newContext();
  const doorPage = await doorContext.newPage();
  const door = new DoorPage(doorPage);
  await door.nameDevice('Front door');
  await doorPage.goto(new URL(address).pathname);
  await door.expectScanScreen();
  // The list's tickets are on the device before the first code is typed.
  await expect(door.page.getByTestId('last-sync')).toContainText('Synced', { timeout: 30_000 });
  await door.typeCode(references[0] ?? '');
  await door.expectVerdict('admitted');
  // The status line counts the admission first (its update follows the verdict's): only then is
  // "All sent" about this check-in, and not the line as it stood before it.
  await expect(door.page.getByTestId('inside-now').locator('strong')).toHaveText('1');
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });
  await doorContext.close();

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('checkin-progress')).toContainText('1 of 3 checked in');
});

test('the same journey on the built-in service, with the door app on the same device', async ({ page }) => {
  const org = new OrganiserPage(page);
  await new DoorPage(page).nameDevice('Laptop');
  await page.goto('/organiser/connection');
  // Served by the Node server, the connection screen offers that server first.
  await page.getByLabel('Demo in this browser only').check();
  await page.getByLabel('Mode').selectOption('live');
  await page.getByLabel('API version').selectOption('3.1');
  await page.getByRole('button', { name: 'Generate token' }).click();
  await expect(page.getByTestId('hello-mode')).toHaveText('live');
  const account = (await page.getByTestId('hello').getByRole('link').first().textContent()) ?? 'demo';
  const references = await prepareEvent(page, org, account);
  const listAddress = page.url();

  await page.getByRole('link', { name: 'Open the door app on this device' }).click();
  const door = new DoorPage(page);
  await door.expectScanScreen();
  // The list's tickets are on the device before the first code is typed.
  await expect(door.page.getByTestId('last-sync')).toContainText('Synced', { timeout: 30_000 });
  await door.typeCode(references[0] ?? '');
  await door.expectVerdict('admitted');
  // The status line counts the admission first (its update follows the verdict's): only then is
  // "All sent" about this check-in, and not the line as it stood before it.
  await expect(door.page.getByTestId('inside-now').locator('strong')).toHaveText('1');
  await expect(door.pending()).toContainText('All sent', { timeout: 30_000 });

  await page.goto(listAddress);
  await expect(page.getByTestId('checkin-progress')).toContainText('1 of 3 checked in');
});
