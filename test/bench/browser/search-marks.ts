// The first search's figure of the phone bench: from the input that makes the query to the first
// frame with its first result on screen, marked in the page as they
// happen, so the figure is the app's time and not the bench's round trips to the browser.
import type { Page } from '@playwright/test';

const FIELD = 'Name, email, company or reference';

/**
 * Opens search from the scan screen's menu and types `text` into the field as one input (a
 * phone's keyboard suggestion, or a paste), then waits for the answer. Returns the stretch on
 * the page's clock.
 */
export async function firstSearch(page: Page, text: string): Promise<[number, number]> {
  const menu = page.getByTestId('scan-menu');
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: 'Search' }).click();
  const field = page.getByLabel(FIELD);
  await field.waitFor();
  await field.evaluate((input: HTMLInputElement, text: string) => {
    const marks = { asked: 0, answered: 0 };
    (window as unknown as { __search: typeof marks }).__search = marks;
    // The answer is the first result on screen: the bench's query matches many tickets, so "no
    // match" (or, on a tree before "Searching…", a "no match" shown before the answer) is not it.
    const answered = () => document.querySelector('.results li') !== null;
    new MutationObserver((_, observer) => {
      if (!answered()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        marks.answered = performance.now();
      });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    // React's controlled field hears the value through the native setter and an input event.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    marks.asked = performance.now();
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  await page.waitForFunction(
    () => (window as unknown as { __search: { answered: number } }).__search.answered > 0,
    null,
    { timeout: 60_000, polling: 50 },
  );
  const marks = await page.evaluate(
    () => (window as unknown as { __search: { asked: number; answered: number } }).__search,
  );
  return [marks.asked, marks.answered];
}
