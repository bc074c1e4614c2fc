// Each organiser screen: no serious or critical axe violation, in both themes, and a
// screenshot at laptop (1280x800) and tablet (1024x768) sizes into /tmp for a person to look at.
import { axeOn, seriousViolations } from './fixtures/axe';
import { expect, type Page, test } from './fixtures/sealed';
import { ORGANISER_TOKENS } from './fixtures/organiser-tokens';
import { OrganiserPage } from './page-models/organiser-page';

async function checkAndShoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await axeOn(page).analyze();
  expect(seriousViolations(violations, `${name}`)).toEqual([]);
  for (const [width, height] of [
    [1280, 800],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/tmp/organiser-shots/${name}-${width}x${height}.png` });
  }
}

for (const theme of ['dark', 'light'] as const) {
  test(`organiser screens in ${theme} have no serious accessibility violation`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await page.addInitScript((value) => {
      localStorage.setItem('venue-checkin.settings', JSON.stringify({ theme: value }));
    }, theme);
    const org = new OrganiserPage(page);
    await org.connectTo(`${baseURL}/v3`, ORGANISER_TOKENS.live31);
    await checkAndShoot(page, `${theme}-connection`);
    await org.openAccount();
    await checkAndShoot(page, `${theme}-events`);
    await page.getByRole('link', { name: 'New event' }).click();
    await page.getByRole('button', { name: 'Create event' }).click();
    await expect(org.fieldError('title')).toBeVisible();
    await checkAndShoot(page, `${theme}-event-invalid`);
    await org.openAccount();
    await page.getByRole('table', { name: 'Events' }).getByRole('link').first().click();
    await expect(page.getByRole('navigation', { name: 'Event sections' })).toBeVisible();
    await checkAndShoot(page, `${theme}-event`);
    for (const section of ['Releases', 'Registrations', 'Check-in lists', 'Discount codes', 'Refunds']) {
      await org.section(section);
      await checkAndShoot(page, `${theme}-${section.toLowerCase().replace(/\W+/g, '-')}`);
      const first = page.locator('.org-table tbody tr a').first();
      if ((await first.count()) > 0) {
        await first.click();
        await expect(page.locator('.org-details')).toBeVisible();
        await checkAndShoot(page, `${theme}-${section.toLowerCase().replace(/\W+/g, '-')}-detail`);
      }
    }
    await org.section('Releases');
    await org.startNew('release');
    await checkAndShoot(page, `${theme}-release-new`);
  });
}
