import { expect, type Page } from '@playwright/test';

export class ShellPage {
  constructor(readonly page: Page) {}

  async open(path = '/') {
    await this.page.goto(path);
    await expect(this.page.getByRole('main')).toBeVisible();
  }

  nav(name: 'Door' | 'Organiser' | 'Settings') {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
  }

  heading(name: string | RegExp) {
    return this.page.getByRole('heading', { level: 1, name });
  }

  /** Resolves once a service worker is active and controls this page. */
  async waitForServiceWorkerControl() {
    await this.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await this.page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      // clientsClaim is off: the first page is not controlled until its next load.
      await this.page.reload();
    }
    await expect.poll(() => this.page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  }

  updateButton() {
    return this.page.getByRole('button', { name: 'Update' });
  }
}
