// Searching by a person's name on a phone, offline, on the demo list: the first result on
// screen is that person's ticket, whole in the viewport, and every ticket of theirs comes before
// any order holding one (each ticket says its order; each order says why it was found).
// Screenshots at 390x844 and 1024x768 go to e2e/.artifacts/door-search/.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from './fixtures/sealed';
import { expectOnScreen } from './fixtures/on-screen';
import { CheckinService, DoorPage, MAIN_LIST } from './page-models/door-page';

test.use({ viewport: { width: 390, height: 844 } });

const SHOTS = 'e2e/.artifacts/door-search';
const NAME = 'Niamh Ito';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [390, 844],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a name typed offline lists that person first, on screen, before the orders holding them', async ({
  page,
  context,
  baseURL,
}) => {
  const tickets = await new CheckinService(baseURL!).tickets(MAIN_LIST);
  const theirs = tickets.filter((t) => `${t.first_name} ${t.last_name}` === NAME);
  // The demo list holds several, some of them in orders bought by someone else.
  expect(theirs.length).toBeGreaterThan(1);

  const door = new DoorPage(page);
  await door.nameDevice('Search door');
  await door.joinByTyping(MAIN_LIST);
  await door.expectListComplete();
  await door.openMenu();
  await page.getByRole('link', { name: 'Search' }).click();
  await context.setOffline(true);
  await page.getByLabel('Name, email, company or reference').fill(NAME);

  const results = page.locator('.results > li');
  const first = results.first();
  await expect(first.locator('.result__name')).toHaveText(NAME);
  await expect(first.getByRole('link')).toHaveAttribute('href', /^\/door\/tickets\/\d+$/);
  await expectOnScreen(page, first, 'the first result');

  // Every ticket of theirs before any order; each of them names its order.
  const listed = await results.evaluateAll((items) =>
    items.map((li) => ({
      kind: li.querySelector('a[href^="/door/tickets/"]') ? 'ticket' : 'order',
      name: li.querySelector('.result__name')?.textContent ?? '',
      order: li.querySelector('.result__order')?.textContent ?? '',
    })),
  );
  expect(listed.slice(0, theirs.length).map((r) => `${r.kind} ${r.name}`)).toEqual(
    theirs.map(() => `ticket ${NAME}`),
  );
  for (const ticket of listed.slice(0, theirs.length)) expect(ticket.order).toMatch(/^Order \w+/);
  const orders = listed.filter((r) => r.kind === 'order');
  expect(orders.length).toBeGreaterThan(0);
  for (const order of orders) expect(order.order).toBe(`Holds a ticket of ${NAME}`);
  await shoot(page, 'name');
});
