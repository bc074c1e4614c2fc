// The door as the simulated phone bench drives it: a browser on a persistent profile (real
// on-disk IndexedDB), unthrottled and traced (phone-trace.ts), with the page's own clock marking
// each stretch the figures are of: the join's download, a restart to its first verdict, each
// wedge scan (wedge-scans.ts), the camera's first frame to its verdict (camera-marks.ts).
//
// Guarantees: every mark is a performance.now() value taken in the page as the thing happens,
// never a time the bench process saw later; the trace runs from before the page's first
// navigation to after the last mark, and the server's CPU is sampled over the same time.
import { type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { fakeCameraArgs } from '../../../e2e/fixtures/browser';
import { benchChromiumArgs } from './bench-args';
import { chromiumThreadTimes, userShares } from './thread-times';
import { answerUnlockInPage, BENCH_PASSCODE } from './door-passcode';
import { watchLongTasks } from './long-tasks';
import type { SimThread } from './phone-sim';
import {
  anchorPage,
  type Recording,
  recordingOf,
  sampleServerCpu,
  type Span,
  startPhoneTrace,
} from './phone-trace';

export interface Door {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Ends the trace and the server's sampling; the recording of everything since `openDoor`. */
  finish(): Promise<Recording>;
}

/** A restarted phone: a fresh browser on the same profile, online or not, traced. */
export async function openDoor(options: {
  profile: string;
  origin: string;
  serverPid: number;
  /** The browser to launch (bench-priority.ts's wrapper). */
  executablePath: string;
  offline?: boolean;
  video?: string;
}): Promise<Door> {
  const context = await chromium.launchPersistentContext(options.profile, {
    executablePath: options.executablePath,
    args: [...benchChromiumArgs, ...(options.video ? fakeCameraArgs(options.video) : [])],
    baseURL: options.origin,
    viewport: { width: 390, height: 844 },
  });
  if (options.offline) await context.setOffline(true);
  const page = context.pages()[0] ?? (await context.newPage());
  // Every start of a joined door opens its sealed list with the passcode, typed at once.
  await page.addInitScript(answerUnlockInPage, BENCH_PASSCODE);
  // tsx names functions with a helper the page does not have; evaluate() bodies need it.
  await page.addInitScript(() => {
    (globalThis as unknown as { __name: unknown }).__name = (fn: unknown) => fn;
  });
  await page.addInitScript(() => {
    localStorage.setItem(
      'venue-checkin.settings',
      // No return to scanning by itself: the bench dismisses each verdict when it is done with it.
      JSON.stringify({ deviceName: 'Bench phone', sounds: false, vibration: false, autoReturnSeconds: 0 }),
    );
  });
  // The scan screen's first frame, marked in the trace: where the long tasks are counted from.
  await page.addInitScript(watchLongTasks);
  const cdp = await context.newCDPSession(page);
  const trace = await startPhoneTrace(context, page, Boolean(process.env.BENCH_TRACE));
  const server = sampleServerCpu(options.serverPid);
  const timesAtStart = chromiumThreadTimes();
  let anchors = 0;
  return {
    context,
    page,
    cdp,
    async finish() {
      const anchor = await anchorPage(page, `phone-anchor-${anchors++}`);
      const events = await trace.stop();
      const serverThread: SimThread = server.stop();
      return {
        ...recordingOf(events, anchor, serverThread),
        userShare: userShares(timesAtStart, chromiumThreadTimes()),
      };
    },
  };
}

export interface JoinMarks {
  /** The passcode choice's Enter, or the Join button's click when no choice was asked. */
  start: number;
  /** The whole list in and the status line saying "Synced". */
  ready: number;
}

/** Add with `page.addInitScript(watchJoin, tickets)` before the page's first script. */
export function watchJoin(tickets: number) {
  const marks = { clicked: 0, submitted: 0, ready: 0 };
  (window as unknown as { __join: typeof marks }).__join = marks;
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button?.textContent?.includes('Join list')) marks.clicked ||= performance.now();
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const inChoice = (event.target as Element | null)?.closest?.('[data-testid="passcode-choice"]');
      if (event.key === 'Enter' && inChoice) marks.submitted = performance.now();
    },
    true,
  );
  new MutationObserver((_, observer) => {
    const progress = document.querySelector('[data-testid="progress"]')?.textContent ?? '';
    const synced = document.querySelector('[data-testid="last-sync"]')?.textContent ?? '';
    if (!progress.includes(`/ ${tickets} in`) || !synced.includes('Synced')) return;
    marks.ready = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

export async function joinMarks(page: Page): Promise<JoinMarks> {
  const m = await page.evaluate(
    () => (window as unknown as { __join: { clicked: number; submitted: number; ready: number } }).__join,
  );
  return { start: m.submitted || m.clicked, ready: m.ready };
}

export interface ColdMarks {
  scanScreen: number;
  wedgeListening: number;
  /** The verdict in the DOM (the page then waits for its frame: phone-sim.ts). */
  shown: number;
  verdict: number;
}

/**
 * From navigation (the page's time 0) to the first wedge scan's verdict on screen. The scan's
 * keys go out as soon as the page listens for a wedge (a scanner's keys before that are lost),
 * so the figure is the app's readiness plus one verdict.
 */
export async function coldStart(page: Page, code: string): Promise<ColdMarks> {
  await page.addInitScript((code) => {
    const marks = { scanScreen: 0, wedgeListening: 0, shown: 0, verdict: 0 };
    (window as unknown as { __cold: typeof marks }).__cold = marks;
    const listen = window.addEventListener;
    window.addEventListener = function (
      this: Window,
      type: string,
      listener: EventListenerOrEventListenerObject,
      options?: boolean | AddEventListenerOptions,
    ) {
      listen.call(this, type, listener, options);
      // The wedge listener is the page's capturing keydown listener (useWedgeScanner).
      if (type !== 'keydown' || marks.wedgeListening || typeof options !== 'object' || !options.capture)
        return;
      marks.wedgeListening = performance.now();
      setTimeout(() => {
        for (const key of [...code, 'Enter'])
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      });
    } as typeof window.addEventListener;
    new MutationObserver(() => {
      if (!marks.scanScreen && document.querySelector('[data-testid="door-status"]'))
        marks.scanScreen = performance.now();
      if (!marks.verdict && document.querySelector('[data-testid="verdict"]')) {
        marks.shown ||= performance.now();
        requestAnimationFrame(() => {
          marks.verdict ||= performance.now();
        });
      }
    }).observe(document, { childList: true, subtree: true });
  }, code);
  await page.goto('/');
  // Waited for by a plain evaluate in the page, not waitForFunction: that would have Playwright
  // build its injected script (selector engines and all) in the page, about 7 ms of the page's
  // CPU on this host inside the very stretch measured.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no verdict within 180 s of the restart')), 180_000);
  });
  const verdict = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const cold = (window as unknown as { __cold: ColdMarks }).__cold;
        const look = () => (cold.verdict > 0 ? resolve() : setTimeout(look, 100));
        look();
      }),
  );
  await Promise.race([verdict, late]).finally(() => clearTimeout(timer));
  return page.evaluate(() => (window as unknown as { __cold: ColdMarks }).__cold);
}

/** The scans' spans so far (wedge-scans.ts), on the page's clock. */
export const scanSpans = (page: Page): Promise<Span[]> =>
  page.evaluate(() => (window as unknown as { __scanSpans?: Span[] }).__scanSpans ?? []);

/** The scan screen's first frame (long-tasks.ts), on the page's clock; 0 if it never showed. */
export const firstFrameAt = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __longTasks: { firstFrame: number } }).__longTasks.firstFrame);
