// The door's passcode screens as a person answers them (src/ui/door/PasscodeChoice.tsx,
// UnlockScreen.tsx), for journeys that take these steps themselves rather than through the
// fixture that answers them (e2e/fixtures/sealed.ts). Typed key by key: over WebDriver BiDi
// (Firefox) as a person's keys.
import { expect, type Page } from '@playwright/test';

export class DoorPasscode {
  constructor(readonly page: Page) {}

  /** "Choose this door's passcode", answered: typed twice, and Enter; the screen goes. */
  async choose(passcode: string) {
    const screen = this.page.getByTestId('passcode-choice');
    await expect(screen).toBeVisible({ timeout: 20_000 });
    await screen.getByLabel('Passcode', { exact: true }).pressSequentially(passcode);
    await screen.getByLabel('Type it again', { exact: true }).pressSequentially(passcode);
    await screen.getByLabel('Type it again', { exact: true }).press('Enter');
    await expect(screen).toHaveCount(0, { timeout: 20_000 });
  }

  /** The unlock screen after a start: the passcode typed and Enter, right or wrong. */
  async type(passcode: string) {
    const screen = this.page.getByTestId('unlock');
    await expect(screen).toBeVisible({ timeout: 20_000 });
    const field = screen.getByLabel('Door passcode', { exact: true });
    await field.pressSequentially(passcode);
    await field.press('Enter');
  }

  /** Unlocks the door: the unlock screen goes. */
  async unlock(passcode: string) {
    await this.type(passcode);
    await expect(this.page.getByTestId('unlock')).toHaveCount(0, { timeout: 20_000 });
  }

  /**
   * After a load of the app on a door holding a list: its unlock screen, answered. Waits for
   * that screen or the scan screen (a load the service worker turned into none of its own).
   */
  async unlockAfterStart(passcode: string) {
    const unlock = this.page.getByTestId('unlock');
    await expect(unlock.or(this.page.getByTestId('door-status'))).toBeVisible({ timeout: 20_000 });
    if (await unlock.isVisible()) await this.unlock(passcode);
  }
}
