// The app works under the Node server's Content-Security-Policy: joining a list (service
// worker, sync worker, IndexedDB), the organiser screens with a list's QR code and the
// settings raise no policy violation.
import { expect, test } from './fixtures/sealed';
import { DoorPage, MAIN_LIST } from './page-models/door-page';

test('the door, organiser and settings screens run without a policy violation', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      // zod probes once whether `Function('')` is allowed and, refused, validates without it.
      if (event.violatedDirective === 'script-src' && event.blockedURI === 'eval') return;
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const violations = () =>
    page.evaluate(() => (globalThis as { cspViolations?: string[] }).cspViolations ?? []);

  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const door = new DoorPage(page);
  await door.nameDevice('Policy door');
  await door.joinByTyping(MAIN_LIST);
  await expect(page.getByTestId('last-sync')).toContainText('Synced', { timeout: 20_000 });
  expect(page.workers().some((worker) => worker.url().includes('engine-worker'))).toBe(true);
  expect(await violations()).toEqual([]);

  await page.goto('/organiser/connection');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await violations()).toEqual([]);
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  expect(await violations()).toEqual([]);
});
