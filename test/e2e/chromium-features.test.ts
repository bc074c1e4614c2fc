// The e2e and bench browsers' Chromium switches: one `--disable-features` that keeps every
// feature Playwright turns off (Chromium keeps only a switch's last value, so a second list would
// drop Playwright's), and no address-bar popup pages loaded for each new browser context.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BROWSER_UI_FEATURES_OFF,
  chromiumArgs,
  PLAYWRIGHT_DISABLED_FEATURES,
} from '../../e2e/fixtures/browser';

/** The `--disable-features` values of a running browser's own command line. */
function disabledFeaturesOf(pid: number): string[][] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    .split('\0')
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
}

describe("the test browsers' Chromium switches", () => {
  it("turn features off in one list that holds all of Playwright's", async () => {
    // Playwright's own list, as it passes it to a browser given no switches of ours.
    const plain = await chromium.launchServer({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    let playwrights: string[];
    try {
      const lists = disabledFeaturesOf(plain.process().pid!);
      expect(lists).toHaveLength(1);
      playwrights = lists[0]!;
    } finally {
      await plain.close();
    }
    expect(PLAYWRIGHT_DISABLED_FEATURES.length).toBeGreaterThan(0);
    const ours = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
    try {
      const lists = disabledFeaturesOf(ours.process().pid!);
      // Playwright's switch first, then ours, which is the one Chromium keeps.
      const kept = lists.at(-1)!;
      for (const feature of playwrights) expect(kept, feature).toContain(feature);
      for (const feature of BROWSER_UI_FEATURES_OFF) expect(kept).toContain(feature);
    } finally {
      await ours.close();
    }
  }, 60_000);

  it('open a browser context without loading the address bar popup pages', async () => {
    /** The popup's pages of a browser started with `args`, once its first context has a page. */
    async function popupPages(args: string[]): Promise<string[]> {
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
      try {
        const context = await browser.newContext();
        await context.newPage();
        const cdp = await browser.newBrowserCDPSession();
        const { targetInfos } = (await cdp.send('Target.getTargets')) as {
          targetInfos: { type: string; url: string }[];
        };
        return targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url);
      } finally {
        await browser.close();
      }
    }
    // The popup is made with the window, so its pages are there by the time the page is: with
    // Playwright's switches alone they are found without waiting, and with ours there are none.
    expect(await popupPages(['--no-sandbox'])).not.toEqual([]);
    expect(await popupPages(chromiumArgs)).toEqual([]);
  }, 60_000);
});
