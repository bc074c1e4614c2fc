// An event read as its organiser reads it: the overview's words and amounts in the event's
// currency and time zone, and tables that scroll with their first column in view, on a phone
// and on a laptop. Against the Node server's mock, over real HTTP.
import { type APIRequestContext, expect, type Page, test } from './fixtures/sealed';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { OrganiserPage } from './page-models/organiser-page';

test.use({ locale: 'en-GB', timezoneId: 'America/Los_Angeles' });

const SHOTS = 'e2e/.artifacts/organiser-overview';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1366, height: 900 },
] as const;

/** The Admin API as another integration would call it: the same server, the same token. */
function adminApi(request: APIRequestContext, baseURL: string) {
  const headers = { Authorization: `Token token=${ORGANISER_TOKENS.live31}`, Accept: 'application/json' };
  const send = async (method: 'post' | 'patch', path: string, data?: unknown) => {
    const response = await request[method](`${baseURL}/v3/demo/${path}`, { headers, data: data ?? {} });
    expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
    return (await response.json()) as Record<string, Record<string, unknown>>;
  };
  return {
    async release(event: string, release: Record<string, unknown>, onSale: boolean) {
      const created = (await send('post', `${event}/releases`, { release })).release ?? {};
      if (onSale) await send('patch', `${event}/releases/${String(created.slug)}/activation`);
      return created;
    },
    post: (path: string, data: unknown) => send('post', path, data),
    patch: (path: string, data: unknown) => send('patch', path, data),
  };
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.screenshot({
        path: `${SHOTS}/${name}-${size.width}x${size.height}-${theme}.png`,
        fullPage: true,
      });
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.theme = 'dark';
  });
}

/** The table's last column can be scrolled into its frame and the first stays at the frame's left. */
async function expectTableReadable(page: Page, lastHeader: string) {
  const wrap = page.locator('.org-table-wrap').first();
  const table = wrap.locator('table');
  await expect(table.locator('thead th').last()).toHaveText(lastHeader);
  const scrolled = await wrap.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
    return { left: el.scrollLeft, overflow: el.scrollWidth > el.clientWidth };
  });
  if (scrolled.overflow) expect(scrolled.left).toBeGreaterThan(0);
  const frame = await wrap.boundingBox();
  const last = await table.locator('thead th').last().boundingBox();
  const first = table.locator('tbody tr').first().locator('td, th').first();
  const firstBox = await first.boundingBox();
  if (!frame || !last || !firstBox) throw new Error('table not laid out');
  expect(last.x).toBeGreaterThanOrEqual(frame.x - 1);
  expect(last.x + last.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  expect(Math.abs(firstBox.x - frame.x)).toBeLessThanOrEqual(1);
  // The first cell is on top: the scrolled cells pass under it, not over it.
  const onTop = await first.evaluate((cell) => {
    window.scrollBy(0, cell.getBoundingClientRect().top - innerHeight / 2);
    const box = cell.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && cell.contains(hit);
  });
  expect(onTop).toBe(true);
  // Only the table scrolls sideways, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  return scrolled.overflow;
}

test('an organiser reads an event: dates in its time zone, sales in its currency, doors’ progress', async ({
  page,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL');
  const org = new OrganiserPage(page);
  await org.connectTo(`${baseURL}/v3`, ORGANISER_TOKENS.live31);
  await org.openAccount('demo');

  const title = `Harbour Lights ${Date.now()}`;
  await page.getByRole('link', { name: 'New event' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Contact email address').fill('team@example.com');
  await page.getByLabel('Start date').fill('2027-03-06');
  await page.getByLabel('Start time').fill('19:30');
  await page.getByLabel('End date').fill('2027-03-06');
  await page.getByLabel('End time').fill('23:00');
  await page.getByLabel('Time zone').fill('Asia/Tokyo');
  await page.getByLabel('Currency').fill('GBP');
  await page.getByLabel('Location', { exact: true }).fill('Dock 7, Harbour Road');
  await page.getByRole('button', { name: 'Create event' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const event = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

  // Releases, a registration and a door list, made over the Admin API.
  const api = adminApi(request, baseURL);
  const standard = await api.release(
    event,
    { title: 'Standard', price: '25.00', quantity: 100, end_at: '2027-03-06T10:00:00.000Z' },
    true,
  );
  await api.release(event, { title: 'Backstage', price: '0' }, false);
  await api.release(
    event,
    { title: 'Early bird', price: '18.50', quantity: 50, start_at: '2027-01-10T03:00:00.000Z' },
    true,
  );
  await api.post(`${event}/registrations`, {
    registration: {
      name: 'Maximiliane Alexandra Featherstonehaugh-Montgomery',
      email: 'maximiliane.featherstonehaugh-montgomery@harbour-lights-events.example.com',
      line_items: [{ release_id: standard.id, quantity: 2 }],
    },
  });
  await api.post(`${event}/checkin_lists`, {
    checkin_list: { title: 'Main door', release_ids: [standard.id] },
  });

  await page.getByRole('button', { name: 'Refresh' }).click();
  // When and where, on the event's clock (Tokyo), not the browser's (Los Angeles).
  await expect(page.getByTestId('overview-when')).toContainText('Sat, 6 Mar 2027, 19:30–23:00');
  await expect(page.getByTestId('overview-zone')).toHaveText('Times in Asia/Tokyo');
  await expect(page.getByTestId('overview-where')).toContainText('Dock 7, Harbour Road');
  await expect(page.getByTestId('overview-currency')).toHaveText('Amounts in GBP');

  // A new event is not live: nothing sells, and the overview says why.
  await expect(page.getByTestId('overview-sale')).toContainText('Not on sale');
  await expect(page.getByTestId('overview-sale')).toContainText('The event is not live');
  await expect(page.getByTestId('overview-sold')).toHaveText('2');
  await expect(page.getByTestId('overview-left')).toHaveText('148');
  await expect(page.getByTestId('overview-revenue')).toHaveText('£50.00');
  const releases = page.getByTestId('overview-releases');
  const row = (name: string) =>
    releases.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row('Standard')).toContainText('On sale until 6 Mar 2027, 19:00');
  await expect(row('Standard')).toContainText('£25.00');
  await expect(row('Standard')).toContainText('£50.00');
  await expect(row('Standard').getByRole('cell').nth(3)).toHaveText('98');
  await expect(row('Backstage')).toContainText('Paused');
  await expect(row('Backstage')).toContainText('Free');
  await expect(row('Early bird')).toContainText('Opens 10 Jan 2027, 12:00');
  await expect(row('Early bird')).toContainText('£18.50');

  const registrations = page.getByTestId('overview-registrations');
  await expect(registrations.locator('[data-state="complete"]')).toHaveText('1');
  await expect(registrations.locator('[data-state="cancelled"]')).toHaveText('0');
  await expect(page.getByRole('heading', { name: /Registrations · 1 in all/ })).toBeVisible();
  const lists = page.getByTestId('overview-lists');
  await expect(lists).toContainText('Main door');
  await expect(lists).toContainText('0 of 2 checked in');

  // Live: on sale now, and the overview says how much of it sells.
  await api.patch(event, { event: { live: true } });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('overview-sale')).toContainText('On sale');
  await expect(page.getByTestId('overview-sale')).toContainText('1 of 3 releases on sale.');

  // Every field is still one click away, folded.
  await expect(page.locator('[data-fact="banner_url"]')).toBeHidden();
  await page.getByText('All fields').click();
  await expect(page.locator('[data-fact="currency"]')).toHaveText('GBP');
  await expect(page.locator('[data-fact="created_at"]')).toContainText('2026');
  await page.getByText('All fields').click();
  await shoot(page, 'overview');

  // The list's own screen is one link away.
  await lists.getByRole('link', { name: 'Main door' }).click();
  await expect(page.getByRole('heading', { name: 'Main door' })).toBeVisible();

  // Registrations: amounts with the currency, times in Tokyo, every column reachable.
  await org.section('Registrations');
  const table = page.locator('.org-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody td').nth(5)).toHaveText('£50.00');
  for (const size of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const overflows = await expectTableReadable(page, 'Created');
    if (size.width === 390) expect(overflows).toBe(true);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await shoot(page, 'registrations');

  await table.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: /Featherstonehaugh/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Line items' })).toContainText('£25.00');
  await shoot(page, 'registration');

  await org.section('Releases');
  await expect(page.locator('.org-table')).toContainText('£18.50');
  await shoot(page, 'releases');

  // A sale window is typed on the event's clock too, and read back the same.
  await page.getByRole('link', { name: 'Early bird' }).click();
  await expect(org.fact('start_at')).toHaveText('10 Jan 2027, 12:00');
  await expect(org.fact('price')).toHaveText('£18.50');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(org.field('On sale from')).toHaveValue('2027-01-10T12:00');
  await expect(page.getByText('Event time (Asia/Tokyo).').first()).toBeVisible();
  await org.field('On sale from').fill('2027-01-11T09:00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(org.fact('start_at')).toHaveText('11 Jan 2027, 09:00');
  await shoot(page, 'release');
});

test('the demo event’s overview sums two thousand registrations from counts, in euros and London time', async ({
  page,
  baseURL,
}) => {
  const org = new OrganiserPage(page);
  await org.connectTo(`${baseURL}/v3`, ORGANISER_TOKENS.live31);
  await page.goto('/organiser/events/demo/demo-conference');
  await expect(page.getByTestId('overview-zone')).toHaveText('Times in Europe/London');
  await expect(page.getByTestId('overview-revenue')).toHaveText(/^€\d{1,3}(,\d{3})+\.\d{2}$/);
  const sold = Number((await page.getByTestId('overview-sold').innerText()).replace(/,/g, ''));
  expect(sold).toBeGreaterThan(1000);
  const counts = page.getByTestId('overview-registrations');
  await expect(counts).toBeVisible();
  const count = async (state: string) =>
    Number((await counts.locator(`[data-state="${state}"]`).innerText()).replace(/,/g, ''));
  const all = Number(
    /([\d,]+) in all/
      .exec(await page.getByRole('heading', { name: /Registrations/ }).innerText())?.[1]
      ?.replace(/,/g, ''),
  );
  const lifecycle =
    (await count('complete')) +
    (await count('confirmed')) +
    (await count('incomplete')) +
    (await count('cancelled'));
  expect(all).toBeGreaterThan(1000);
  expect(lifecycle).toBe(all);
  expect((await count('paid')) + (await count('unpaid'))).toBe(all);
  await expect(page.getByTestId('overview-lists').getByRole('listitem')).toHaveCount(2);
  await shoot(page, 'demo-overview');
});
