// The same screens work whichever API version the token fixes, and on the built-in service.
import { expect, test } from './fixtures/sealed';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { OrganiserPage } from './page-models/organiser-page';

const SECTIONS = [
  'Releases',
  'Registrations',
  'Tickets',
  'Check-in lists',
  'Discount codes',
  'Questions',
  'Activities',
  'Opt-ins',
  'Interested people',
  'Refunds',
  'RSVP lists',
];

test('switching the token between 3.0 and 3.1 keeps every screen working', async ({ page, baseURL }) => {
  const org = new OrganiserPage(page);
  for (const token of [ORGANISER_TOKENS.live30, ORGANISER_TOKENS.live31]) {
    await org.connectTo(`${baseURL}/v3`, token);
    await org.openAccount();
    await page.getByRole('table', { name: 'Events' }).getByRole('link').first().click();
    await expect(page.getByRole('navigation', { name: 'Event sections' })).toBeVisible();
    for (const section of SECTIONS) {
      await org.section(section);
      const rowsOrEmpty = page.locator('.org-table tbody tr, .org-empty').first();
      await expect(rowsOrEmpty).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      const firstLink = page.locator('.org-table tbody tr a').first();
      if ((await firstLink.count()) > 0) {
        await firstLink.click();
        await expect(page.locator('.org-details')).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
      }
    }
  }
});

test('the built-in service: generate a test token, see who you are, work, switch to live, revoke', async ({
  page,
}) => {
  const org = new OrganiserPage(page);
  await page.goto('/organiser/connection');
  // Served by the Node server, the connection screen offers that server first.
  await page.getByLabel('Demo in this browser only').check();
  await page.getByLabel('Mode').selectOption('test');
  await page.getByLabel('API version').selectOption('3.0');
  await page.getByRole('button', { name: 'Generate token' }).click();
  await expect(page.getByTestId('hello-mode')).toHaveText('test');
  await expect(page.getByTestId('mode-marker')).toContainText('TEST DATA');
  await page.getByTestId('hello').getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /Events of/ })).toBeVisible();
  await org.createEvent(`On this device ${Date.now()}`);
  await org.section('Releases');
  await page.getByTestId('mode-marker').getByRole('button', { name: 'Switch to live' }).click();
  await expect(page.getByTestId('mode-marker')).toContainText('LIVE DATA');
  await page.goto('/organiser/connection');
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByText('Not connected yet')).toBeVisible();
});
