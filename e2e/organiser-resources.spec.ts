// A journey per event resource: create, edit, see the derived fields, delete.
import { expect, type Page, test } from './fixtures/sealed';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { OrganiserPage } from './page-models/organiser-page';

async function freshEvent(page: Page, baseURL: string | undefined, label: string): Promise<OrganiserPage> {
  const org = new OrganiserPage(page);
  await org.connectTo(`${baseURL}/v3`, ORGANISER_TOKENS.test31);
  await org.openAccount();
  await org.createEvent(`${label} ${Date.now()}`);
  return org;
}

test('activities: create, edit, duplicate, derived fields, delete', async ({ page, baseURL }) => {
  const org = await freshEvent(page, baseURL, 'Activities');
  await org.section('Activities');
  await expect(page.getByText('No activities yet.')).toBeVisible();
  await org.startNew('activity');
  await org.field('Name').fill('Harbour tour');
  await org.field('Date').fill('2027-05-01');
  await org.field('Starts').fill('10:00');
  await org.field('Ends').fill('11:30');
  await org.field('Capacity').fill('20');
  await org.create();
  await expect(page.getByRole('heading', { name: 'Harbour tour' })).toBeVisible();
  await expect(org.fact('sold_out')).toHaveText('No');
  await expect(org.fact('allocation_count')).toHaveText('0');
  await org.edit({ Capacity: '25' });
  await expect(org.fact('capacity')).toHaveText('25');
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour tour Copy' })).toBeVisible();
  await org.deleteRecord();
  await expect(page.getByRole('row')).toHaveCount(2);
});

test('questions: create, edit, answers empty state, delete', async ({ page, baseURL }) => {
  const org = await freshEvent(page, baseURL, 'Questions');
  await org.section('Questions');
  await org.startNew('question');
  await org.field('Title').fill('T-shirt size');
  await org.field('Field type').selectOption('Select');
  await org.field('Options (one per line)').fill('S\nM\nL');
  await org.create();
  await expect(page.getByRole('heading', { name: 'T-shirt size' })).toBeVisible();
  await expect(page.getByText('Nobody has answered this question yet.')).toBeVisible();
  await expect(org.fact('answers_count')).toHaveText('0');
  await org.edit({ Description: 'For the crew shirt' });
  await expect(org.fact('description')).toHaveText('For the crew shirt');
  await org.deleteRecord();
  await expect(page.getByText('No questions yet.')).toBeVisible();
});

test('discount codes, opt-ins, interested people and RSVP lists: create, edit, delete', async ({
  page,
  baseURL,
}) => {
  const org = await freshEvent(page, baseURL, 'Extras');
  const cases = [
    {
      section: 'Discount codes',
      noun: 'discount code',
      fill: { Code: 'CREW', Type: 'MoneyOffDiscountCode', Value: '5.00' },
      heading: 'CREW',
      edit: { Value: '7.50' },
      fact: ['value', '$7.50'],
    },
    {
      section: 'Opt-ins',
      noun: 'opt-in',
      fill: { Name: 'Newsletter' },
      heading: 'Newsletter',
      edit: { Description: 'Monthly news' },
      fact: ['description', 'Monthly news'],
    },
    {
      section: 'Interested people',
      noun: 'interested person',
      fill: { Email: 'fan@example.com' },
      heading: 'fan@example.com',
      edit: { Name: 'A Fan' },
      fact: ['name', 'A Fan'],
    },
    {
      section: 'RSVP lists',
      noun: 'rsvp list',
      fill: { Title: 'Press' },
      heading: 'Press',
      edit: { Title: 'Press and guests' },
      fact: ['title', 'Press and guests'],
    },
  ] as const;
  for (const c of cases) {
    await org.section(c.section);
    await org.startNew(c.noun);
    for (const [label, value] of Object.entries(c.fill)) await org.field(label).fill(value);
    await org.create();
    await expect(page.getByRole('heading', { name: c.heading })).toBeVisible();
    await org.edit(c.edit);
    await expect(org.fact(c.fact[0])).toHaveText(c.fact[1]);
    if (c.section === 'RSVP lists')
      await expect(page.getByText('No invitations on this list.')).toBeVisible();
    if (c.section === 'Discount codes') await expect(org.fact('state')).toHaveText('current');
    await org.deleteRecord();
    await expect(page.getByRole('heading', { level: 2, name: c.section })).toBeVisible();
  }
  await org.section('Refunds');
  await expect(page.getByText('No refunds.')).toBeVisible();
  await org.section('Tickets');
  await expect(page.getByText('No tickets yet.')).toBeVisible();
});

test('releases and registrations: edit, sale state, archive, mark paid, ticket QR, delete', async ({
  page,
  baseURL,
}) => {
  const org = await freshEvent(page, baseURL, 'Sales');
  await org.section('Releases');
  await org.startNew('release');
  await org.field('Title').fill('Early bird');
  await org.field('Price').fill('10.00');
  await org.create();
  await page.getByRole('button', { name: 'Put on sale' }).click();
  await org.edit({ Price: '12.00' });
  await expect(org.fact('price')).toHaveText('$12.00');
  await page.getByRole('button', { name: 'Make secret' }).click();
  await expect(page.getByRole('button', { name: 'Make public' })).toBeVisible();
  await page.getByRole('button', { name: 'Make public' }).click();

  await org.section('Registrations');
  await org.startNew('registration');
  await org.field('Name').fill('Lin Ma');
  await org.field('Email').fill('lin@example.com');
  await page.getByLabel('Release').selectOption({ label: 'Early bird' });
  await page.getByRole('button', { name: 'Create registration' }).click();
  await expect(page.getByRole('heading', { name: /Lin Ma/ })).toBeVisible();
  await org.edit({ 'Phone number': '+44 20 0000 0000' });
  await expect(org.fact('phone_number')).toHaveText('+44 20 0000 0000');
  const paid = page.getByRole('button', { name: /Mark (un)?paid/ });
  const before = await paid.textContent();
  await paid.click();
  await expect(page.getByRole('button', { name: /Mark (un)?paid/ })).not.toHaveText(before ?? '');

  await page.getByRole('region', { name: 'Tickets' }).getByRole('link').first().click();
  await expect(page.getByRole('img', { name: /QR code of ticket/ })).toBeVisible();

  await org.section('Registrations');
  await page.getByLabel('Search').fill('lin@example');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search').fill('nobody-matches-this');
  await expect(page.getByText('No registrations match.')).toBeVisible();

  await org.section('Releases');
  await org.startNew('release');
  await org.field('Title').fill('Spare');
  await org.create();
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByRole('button', { name: 'Unarchive' })).toBeVisible();
  await org.deleteRecord();
  await expect(page.getByRole('row')).toHaveCount(2);
});

test('events: edit, duplicate (processing, then the copy), delete with confirmation', async ({
  page,
  baseURL,
}) => {
  const org = await freshEvent(page, baseURL, 'Copy me');
  await org.edit({ Location: 'Dock 7' });
  await expect(org.fact('location')).toHaveText('Dock 7');
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Duplicating|Copy ready/ })).toBeVisible();
  const copy = page.getByRole('status').getByRole('link');
  await expect(copy).toBeVisible({ timeout: 30_000 });
  await org.deleteRecord();
  await expect(page.getByRole('heading', { name: 'Events of demo' })).toBeVisible();
});
