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
    if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
    await menu.getByRole('button', { name: 'Check readiness' }).click();
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
