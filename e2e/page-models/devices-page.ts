// The Devices screen of an event as an organiser drives it: by labels, roles and visible words.
import { expect, type Locator, type Page } from '@playwright/test';

export class DevicesPage {
  constructor(readonly page: Page) {}

  async open(account: string, event: string): Promise<void> {
    await this.page.goto(`/organiser/events/${account}/${event}`);
    await this.page
      .getByRole('navigation', { name: 'Event sections' })
      .getByRole('link', { name: 'Devices', exact: true })
      .click();
    await expect(this.page.getByRole('heading', { level: 2, name: 'Devices' })).toBeVisible();
  }

  summary(): Locator {
    return this.page.getByTestId('devices-summary');
  }

  door(name: string): Locator {
    return this.page.getByTestId('doors').getByRole('listitem', { name, exact: true });
  }

  /** Makes a join code with the form and returns the code as shown (grouped). */
  async createCode(options: { list?: string; validity: string; devices: number; label?: string }) {
    const form = this.page.getByTestId('join-code-form').first();
    if (options.list) await form.getByLabel('Check-in list').selectOption({ label: options.list });
    await form.getByLabel(options.validity, { exact: true }).check();
    await typeOver(form.getByLabel('Number of devices'), String(options.devices));
    if (options.label) await typeOver(form.getByLabel('Label (optional)'), options.label);
    await form.getByRole('button', { name: 'Create join code' }).click();
    const shown = this.page.getByTestId('join-code-shown');
    await expect(shown).toBeVisible();
    return (await shown.getByTestId('join-code-code').textContent()) ?? '';
  }

  code(text: string): Locator {
    return this.page.getByTestId('join-code').filter({ hasText: text });
  }

  async identify(name: string): Promise<void> {
    await this.door(name)
      .getByRole('button', { name: `Identify ${name}` })
      .click();
  }

  async revoke(name: string): Promise<Locator> {
    const door = this.door(name);
    await door.getByRole('button', { name: `Revoke ${name}` }).click();
    return door.getByRole('group', { name: `Revoke ${name}?` });
  }
}

/**
 * Replaces a field's text key by key: Firefox over WebDriver BiDi sets a value with fill() in a
 * way React's controlled inputs never see (the engine journeys run this screen there too).
 */
async function typeOver(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
  await expect(field).toHaveValue(text);
}
