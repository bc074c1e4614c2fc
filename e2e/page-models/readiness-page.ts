import { expect, type Page } from '@playwright/test';

import type { ReadinessItemId } from '../../src/fleet/fleet-protocol';

export type { ReadinessItemId };

/** The scan screen's readiness: the pill on its status line and the panel of items it opens. */
export class ReadinessPage {
  constructor(readonly page: Page) {}

  /** Green, amber or red, as the pill shows the door's readiness as a whole. */
  pill() {
    return this.page.getByTestId('readiness-pill');
  }

  panel() {
    return this.page.getByTestId('readiness-panel');
  }

  /** Opens the panel from the pill (the menu's "Check readiness" opens it too). */
  async open() {
    if (!(await this.panel().isVisible())) await this.pill().click();
    await expect(this.panel()).toBeVisible();
    return this.panel();
  }

  async openFromMenu() {
    const menu = this.page.getByTestId('scan-menu');
    const check = menu.getByRole('button', { name: 'Check readiness' });
    // Tapped again if the first tap did not open it: right after a join the screen can shift
    // between the press and the release (a notice appears above), and the press alone only
    // focuses the menu's button, as a person's tap would then.
    await expect(async () => {
      if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
      await expect(check).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await check.click();
    await expect(this.panel()).toBeVisible();
    await expect(menu).not.toHaveAttribute('open', '');
  }

  async close() {
    await this.panel().getByRole('button', { name: 'Close' }).click();
    await expect(this.panel()).toHaveCount(0);
  }

  item(id: ReadinessItemId) {
    return this.panel().locator(`[data-testid="readiness-item"][data-item="${id}"]`);
  }

  /** Waits for an item's level: readiness follows the door's status, its camera and the platform. */
  async expectLevel(id: ReadinessItemId, level: 'green' | 'amber' | 'red' | 'unknown', timeout = 30_000) {
    await expect(this.item(id)).toHaveAttribute('data-level', level, { timeout });
  }
}
