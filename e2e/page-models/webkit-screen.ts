// One WebKit browser (webdriverio, e2e/fixtures/webkit.ts) as a person at a screen uses it: by
// visible words, labels and the door's test ids, as DoorPage does with Playwright. For journeys
// with several browsers at once, each its own screen.
import { expect } from '@playwright/test';
import { setViewport } from '../fixtures/webkit';
import { SETTLED_PENDING } from './status-line';

export const PHONE = { width: 390, height: 844 } as const;
export const LAPTOP = { width: 1024, height: 768 } as const;

export class WebKitScreen {
  constructor(
    readonly wk: WebdriverIO.Browser,
    /** Where this screen loads the app: the server, or a relay in front of it. */
    readonly origin: string,
    /** Screenshots go here, named `<prefix>-<name>-<width>x<height>.png`. */
    readonly shots: string,
    readonly size: { width: number; height: number } = PHONE,
  ) {}

  /**
   * Opens the app at `path`, on a profile whose settings are stored first when given (a door's
   * name, no sounds, verdicts up until "Next scan"): the app reads them as it starts.
   */
  async start(path: string, settings?: Record<string, unknown>) {
    await setViewport(this.wk, this.size.width, this.size.height);
    if (settings) {
      await this.wk.url(`${this.origin}/`);
      await this.wk.execute(
        (values: Record<string, unknown>) =>
          localStorage.setItem('venue-checkin.settings', JSON.stringify(values)),
        settings,
      );
      if (path === '/') return void (await this.wk.refresh());
    }
    await this.wk.url(`${this.origin}${path}`);
  }

  /** Text of the first match in the page, or '' when there is none. */
  text(selector: string): Promise<string> {
    return this.wk.execute(
      (s: string) => document.querySelector(s)?.textContent ?? '',
      selector,
    ) as Promise<string>;
  }

  count(selector: string): Promise<number> {
    return this.wk.execute((s: string) => document.querySelectorAll(s).length, selector) as Promise<number>;
  }

  async click(selector: string) {
    const element = await this.wk.$(selector);
    await element.waitForDisplayed({ timeout: 15_000 });
    // WebDriver scrolls the target to the bottom edge, under the fixed status bar.
    await this.wk.execute((e: HTMLElement) => e.scrollIntoView({ block: 'center' }), element);
    await element.click();
  }

  async type(selector: string, value: string, enter = true) {
    const element = await this.wk.$(selector);
    await element.waitForDisplayed({ timeout: 15_000 });
    await element.setValue(value);
    if (enter) await element.addValue('\uE007');
  }

  /** Screenshots at both sizes; `before` runs after each resize (to scroll something into view). */
  async shot(name: string, before?: () => Promise<unknown>) {
    for (const { width, height } of [PHONE, LAPTOP]) {
      await setViewport(this.wk, width, height);
      await before?.();
      await this.wk.saveScreenshot(`${this.shots}-${name}-${width}x${height}.png`);
    }
    await setViewport(this.wk, this.size.width, this.size.height);
  }

  // The door's passcode: no locator handlers over WebDriver, so journeys take these steps.

  /** The "Choose this door's passcode" screen, answered: typed twice, and Enter. */
  async choosePasscode(passcode: string) {
    await expect.poll(() => this.count('[data-testid="passcode-choice"]'), { timeout: 20_000 }).toBe(1);
    await this.type('aria/Passcode', passcode, false);
    await this.type('aria/Type it again', passcode);
    await expect.poll(() => this.count('[data-testid="passcode-choice"]'), { timeout: 20_000 }).toBe(0);
  }

  /** The unlock screen after a start: the passcode typed and Enter (right or wrong). */
  async typePasscode(passcode: string) {
    await expect.poll(() => this.count('[data-testid="unlock"]'), { timeout: 20_000 }).toBe(1);
    await this.type('aria/Door passcode', passcode);
  }

  /** Unlocks the door with its passcode: the unlock screen goes. */
  async unlock(passcode: string) {
    await this.typePasscode(passcode);
    await expect.poll(() => this.count('[data-testid="unlock"]'), { timeout: 20_000 }).toBe(0);
  }

  /** After a load of the app on a door holding a list: its unlock screen, answered if shown. */
  async unlockAfterStart(passcode: string) {
    const shown = () => this.count('[data-testid="unlock"], [data-testid="door-status"]');
    await expect.poll(shown, { timeout: 20_000 }).toBeGreaterThan(0);
    if ((await this.count('[data-testid="unlock"]')) > 0) await this.unlock(passcode);
  }

  // The door's scan screen.

  expectScanScreen() {
    return expect.poll(() => this.count('[data-testid="door-status"]'), { timeout: 20_000 }).toBe(1);
  }

  verdict(): Promise<string | null> {
    return this.wk.execute(
      () => document.querySelector('[data-testid="verdict"]')?.getAttribute('data-verdict') ?? null,
    ) as Promise<string | null>;
  }

  expectVerdict(kind: string) {
    return expect.poll(() => this.verdict(), { timeout: 10_000 }).toBe(kind);
  }

  async nextScan() {
    await this.click('button=Next scan');
    await expect.poll(() => this.count('[data-testid="verdict"]')).toBe(0);
  }

  /** A keyboard-wedge scanner: the code's keys and Enter, dispatched in the page. */
  async wedgeScan(code: string) {
    await this.wk.execute((value: string) => {
      const target = document.activeElement ?? document.body;
      for (const key of [...value, 'Enter']) {
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    }, code);
  }

  /** A wedge scan admitted, and the screen back to scanning. */
  async admit(code: string) {
    await this.wedgeScan(code);
    await this.expectVerdict('admitted');
    await this.nextScan();
  }

  /** The unsent count once the line stands for the door's status (SETTLED_PENDING). */
  pending(): Promise<string> {
    return this.text(SETTLED_PENDING);
  }
}
