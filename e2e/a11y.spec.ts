import { axeOn, seriousViolations } from './fixtures/axe';
import { expect, test } from './fixtures/sealed';

for (const path of ['/', '/checkin_lists/chk_abcdef123', '/organiser', '/settings']) {
  for (const theme of ['dark', 'light'] as const) {
    test(`${path} in ${theme} has no serious or critical accessibility violation`, async ({ page }) => {
      await page.addInitScript((value) => {
        localStorage.setItem('venue-checkin.settings', JSON.stringify({ theme: value }));
      }, theme);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { violations } = await axeOn(page).analyze();
      expect(seriousViolations(violations)).toEqual([]);
    });
  }
}
