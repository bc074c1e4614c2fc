// When a bench's door has its list: the status line says "Synced …" at its start. Playwright's
// `hasText` with a plain string matches without regard to case, so "Synced" alone also matched
// "Not synced yet" at once and a bench could start before the download was in.
import type { Page } from '@playwright/test';

export async function waitForSynced(page: Page, timeoutMs: number): Promise<void> {
  await page
    .getByTestId('last-sync')
    .filter({ hasText: /^Synced/ })
    .waitFor({ timeout: timeoutMs });
}
