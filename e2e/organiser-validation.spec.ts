// The API's own validation messages appear at the fields they name; what was typed stays.
import { expect, test } from './fixtures/sealed';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { OrganiserPage } from './page-models/organiser-page';

test.beforeEach(async ({ page, baseURL }) => {
  await new OrganiserPage(page).connectTo(`${baseURL}/v3`, ORGANISER_TOKENS.test31);
});

test('an empty event is refused with the API message at the title', async ({ page }) => {
  const org = new OrganiserPage(page);
  await org.openAccount();
  await page.getByRole('link', { name: 'New event' }).click();
  await org.field('Location').fill('Pier 4');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(org.fieldError('title')).toHaveText("can't be blank");
  await expect(org.field('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(org.field('Location')).toHaveValue('Pier 4');
  // Nothing typed is lost, not even across a reload.
  await page.reload();
  await expect(org.field('Location')).toHaveValue('Pier 4');
});

test('a duplicate discount code and an unknown type get the API messages at their fields', async ({
  page,
}) => {
  const org = new OrganiserPage(page);
  await org.openAccount();
  await org.createEvent(`Codes ${Date.now()}`);
  await org.section('Discount codes');
  await expect(page.getByText('No discount codes match.')).toBeVisible();
  await org.startNew('discount code');
  await org.field('Code').fill('EARLY');
  await org.field('Type').fill('PercentOffDiscountCode');
  await org.field('Value').fill('10');
  await org.create();
  await expect(page.getByRole('heading', { name: 'EARLY' })).toBeVisible();
  await expect(org.fact('state')).toHaveText('current');

  await org.section('Discount codes');
  await org.startNew('discount code');
  await org.field('Code').fill('EARLY');
  await org.field('Type').fill('HalfPriceDiscountCode');
  await org.field('Value').fill('50');
  await org.create();
  await expect(org.fieldError('code')).toHaveText('has already been taken');
  await expect(org.fieldError('type')).toHaveText('is not included in the list');
  await expect(org.field('Value')).toHaveValue('50');
  await expect(org.field('Type')).toHaveValue('HalfPriceDiscountCode');
});

test('a refused token says so and leads to the connection settings', async ({ page, baseURL }) => {
  const org = new OrganiserPage(page);
  await page.goto('/organiser/connection');
  await page.getByLabel('Another Admin API').check();
  await page.getByLabel('Base address (ends in /v3)').fill(`${baseURL}/v3`);
  await page.getByLabel('API token').fill('not-a-token');
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByRole('alert')).toContainText('did not accept the API token');
  await org.openAccount().catch(() => undefined);
  await expect(page.getByRole('link', { name: 'Open connection settings' })).toBeVisible();
});

test('an unreachable service says so and offers to try again', async ({ page }) => {
  await page.goto('/organiser/connection');
  await page.getByLabel('Another Admin API').check();
  await page.getByLabel('Base address (ends in /v3)').fill('http://127.0.0.1:9/v3');
  await page.getByLabel('API token').fill('whatever');
  await page.getByRole('button', { name: 'Save connection' }).click();
  await expect(page.getByRole('alert')).toContainText('cannot be reached');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});
