import { expect, type Page, test } from './fixtures/sealed';
import { countVerdicts, verdictsSeen } from './fixtures/verdicts-seen';
import { CheckinService, joinedDoor, MAIN_LIST } from './page-models/door-page';

// A hardware scanner (a keyboard wedge) on a busy page: the page takes its keys late, so their
// timestamps spread past the wedge's speed limit in the middle of a code. The door must join the
// code whole or ask for the scan again, never judge the code's tail (a cut `8YSM-1` read as
// `YSM-1` was refused as "Not a ticket").
//
// The stall is forced, not left to the machine's load: a keydown listener added after the app's
// own busy-waits on one chosen key, so the next key is sent (Playwright waits for each key to be
// handled) and stamped that much later.

const SIZES = [
  [390, 844],
  [1024, 768],
] as const;

/** Holds the page's main thread for `ms` right after its `afterKeys`-th key (a long task). */
async function stallAfterKey(page: Page, afterKeys: number, ms: number) {
  await page.evaluate(
    ({ afterKeys, ms }) => {
      let seen = 0;
      const onKey = (event: KeyboardEvent) => {
        if (event.key.length !== 1 || ++seen !== afterKeys) return;
        window.removeEventListener('keydown', onKey, true);
        const until = performance.now() + ms;
        while (performance.now() < until) {
          // a long task: the page takes no key meanwhile
        }
      };
      window.addEventListener('keydown', onKey, true);
    },
    { afterKeys, ms },
  );
}

/** The keys a scanner types, a few milliseconds apart, and its Enter: real key events. */
async function scannerTypes(page: Page, code: string) {
  await page.keyboard.type(code, { delay: 4 });
  await page.keyboard.press('Enter');
}

/** The timestamps the page gave the keys of the last scan: proof the stall split them. */
async function keyGaps(page: Page): Promise<number> {
  return page.evaluate(() => {
    const stamps = (window as unknown as { keyStamps: number[] }).keyStamps;
    let widest = 0;
    for (let i = 1; i < stamps.length; i++) widest = Math.max(widest, stamps[i]! - stamps[i - 1]!);
    stamps.length = 0;
    return widest;
  });
}

/**
 * A scanner's keys typed in the page at what has the focus, each key's character added to a
 * focused field as the browser adds a typed one (unless a listener took the key), with the page
 * busy for `ms` after the `afterKeys`-th key. In the page, so that no gap but the stall depends
 * on the machine: keys sent from outside arrive as a loaded host delivers them.
 */
async function typedWithStall(page: Page, code: string, afterKeys: number, ms: number) {
  await page.evaluate(
    ({ code, afterKeys, ms }) => {
      const target = document.activeElement ?? document.body;
      const field = target instanceof HTMLInputElement ? target : null;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      [...code, 'Enter'].forEach((key, index) => {
        const down = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
        if (target.dispatchEvent(down) && field && key.length === 1) {
          setValue.call(field, field.value + key);
          field.dispatchEvent(new InputEvent('input', { bubbles: true, data: key }));
        }
        target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
        if (index + 1 === afterKeys) {
          const until = performance.now() + ms;
          while (performance.now() < until) {
            // a long task between two keys
          }
        }
      });
    },
    { code, afterKeys, ms },
  );
}

function recordKeyStamps() {
  const stamps: number[] = [];
  (window as unknown as { keyStamps: number[] }).keyStamps = stamps;
  window.addEventListener('keydown', (event) => stamps.push(event.timeStamp), true);
}

test.describe('a keyboard wedge on a busy page', () => {
  test('a code split by a long task is joined whole, on the scan screen and in the search field', async ({
    context,
    baseURL,
  }) => {
    const service = new CheckinService(baseURL!);
    const [byReference, bySlug] = await service.freshTickets(MAIN_LIST, 2);
    await context.addInitScript(countVerdicts);
    await context.addInitScript(recordKeyStamps);
    const { page, door } = await joinedDoor(context, 'Busy wedge door', { autoReturnSeconds: 0 });

    // The case: the reference's first key, then the page busy for 300 ms.
    await stallAfterKey(page, 1, 300);
    await keyGaps(page);
    await scannerTypes(page, byReference!.reference);
    await door.expectVerdict('admitted');
    await expect(door.verdict()).toContainText(byReference!.reference);
    expect(await keyGaps(page)).toBeGreaterThan(250);
    expect(await verdictsSeen(page)).toEqual(['admitted']);
    await door.nextScan();

    // Into the search screen's field, stalled in the middle of the slug: the code is judged
    // whole and none of its keys stays in the field. In the page, so that no gap but the stall
    // depends on the machine (in a field, a person's typing is told from a scanner by speed).
    await page.goto('/door/search');
    const box = page.getByLabel('Name, email, company or reference');
    await expect(box).toBeFocused();
    await typedWithStall(page, bySlug!.slug, 6, 300);
    await door.expectVerdict('admitted');
    await expect(door.verdict()).toContainText(bySlug!.reference);
    expect(await keyGaps(page)).toBeGreaterThan(250);
    await expect(box).toHaveValue('');

    // Counted afresh since the search screen's page load.
    expect(await verdictsSeen(page)).toEqual(['admitted']);
    for (const ticket of [byReference!, bySlug!])
      await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, ticket.id), { timeout: 15_000 }).toBe(1);
  });

  test('a split read that is no ticket whole asks for the scan again, never "Not a ticket"', async ({
    context,
  }) => {
    await context.addInitScript(countVerdicts);
    await context.addInitScript(recordKeyStamps);
    const { page, door } = await joinedDoor(context, 'Busy wedge door 2', { autoReturnSeconds: 0 });

    // A product's barcode, split after its seventh key: its tail alone would be "Not a ticket".
    await keyGaps(page);
    await typedWithStall(page, '4006381333931', 7, 300);
    await door.expectVerdict('scan-again');
    expect(await keyGaps(page)).toBeGreaterThan(250);
    await expect(door.verdict()).toContainText('Scan again');
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(150);
      await page
        .screenshot({ path: `e2e/.artifacts/door-wedge-busy/scan-again-${width}x${height}.png` })
        .catch((error: Error) =>
          test.info().annotations.push({ type: 'screenshot missing', description: error.message }),
        );
    }
    await door.nextScan();

    // The same read unbroken (dispatched in the page, so no gap depends on the machine) is a
    // whole read of something else: "Not a ticket", as before.
    await door.wedgeScan('4006381333931');
    await door.expectVerdict('not-a-ticket');
    expect(await verdictsSeen(page)).toEqual(['scan-again', 'not-a-ticket']);
  });

  test('the kiosk asks the attendee to scan again, and sends no one to staff for it', async ({ context }) => {
    await context.addInitScript(() => {
      const key = 'venue-checkin.settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...saved, kioskPin: '2468', autoReturnSeconds: 0 }));
    });
    const { page, door } = await joinedDoor(context, 'Busy wedge kiosk');
    await door.goFromMenu('Kiosk mode');
    const message = page.getByTestId('kiosk-message');
    await expect(message).toContainText('Scan your ticket');

    await typedWithStall(page, '4006381333931', 7, 300);
    await expect(message.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'scan-again');
    await expect(message).toContainText('Please scan your ticket again');
    await expect(message).not.toContainText('staff');
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(150);
      await page
        .screenshot({ path: `e2e/.artifacts/door-wedge-busy/kiosk-scan-again-${width}x${height}.png` })
        .catch((error: Error) =>
          test.info().annotations.push({ type: 'screenshot missing', description: error.message }),
        );
    }
  });
});
