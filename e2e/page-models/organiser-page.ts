// The organiser screens as a user drives them: by labels, roles and visible words.
import { expect, type Page } from '@playwright/test';

export class OrganiserPage {
  constructor(readonly page: Page) {}

  async connectTo(baseUrl: string, token: string): Promise<void> {
    await this.page.goto('/organiser/connection');
    await this.page.getByLabel('Another Admin API').check();
    await this.page.getByLabel('Base address (ends in /v3)').fill(baseUrl);
    await this.page.getByLabel('API token').fill(token);
    await this.page.getByRole('button', { name: 'Save connection' }).click();
    await expect(this.page.getByTestId('hello')).toBeVisible();
  }

  async openAccount(account = 'demo'): Promise<void> {
    await this.page.goto(`/organiser/accounts/${account}`);
    await expect(this.page.getByRole('heading', { name: `Events of ${account}` })).toBeVisible();
  }

  async createEvent(title: string, email = 'team@example.com'): Promise<void> {
    await this.page.getByRole('link', { name: 'New event' }).click();
    await this.page.getByLabel('Title', { exact: true }).fill(title);
    await this.page.getByLabel('Contact email address').fill(email);
    await this.page.getByRole('button', { name: 'Create event' }).click();
    await expect(this.page.getByRole('heading', { name: title })).toBeVisible();
  }

  async section(name: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Event sections' })
      .getByRole('link', { name, exact: true })
      .click();
    await expect(this.page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }

  async startNew(name: string): Promise<void> {
    await this.page.getByRole('link', { name: `New ${name}` }).click();
  }

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  async create(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create', exact: true }).click();
  }

  /** The API's messages shown under a field. */
  fieldError(name: string) {
    return this.page.locator(`[data-field="${name}"]`);
  }

  fact(name: string) {
    return this.page.locator(`[data-fact="${name}"]`);
  }

  async edit(changes: Record<string, string>): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit' }).click();
    for (const [label, value] of Object.entries(changes)) await this.field(label).fill(value);
    await this.page.getByRole('button', { name: 'Save changes' }).click();
    await expect(this.page.getByRole('button', { name: 'Save changes' })).toBeHidden();
  }

  async deleteRecord(): Promise<void> {
    await this.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await this.page.getByRole('button', { name: 'Yes, delete' }).click();
  }
}
