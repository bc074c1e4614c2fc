import { type BrowserContext, expect, type Page, test } from './fixtures/sealed';
import { CheckinService, type DoorPage, joinedDoor, MAIN_LIST } from './page-models/door-page';

// What the door says is true at every moment: the unsent count, read after every verdict of a
// rush of wedge scans offline, counts each admission and never steps back (also while a 1 s sync
// timer refreshes the status among the scans and after them); a double admission is named from
// its first frame, never by the ticket's internal id ("#1"), also when its list opens while a
// sync is still waiting for the service.

const SCANS = 300;

/** What the status line has said of the unsent, in order (every change the page drew). */
function watchStatusLine() {
  const said: number[] = [];
  Object.assign(window, { unsentSaid: said });
  const look = () => {
    const text = document.querySelector('[data-testid="pending"]')?.textContent?.trim();
    if (!text) return;
    const waiting = /^(\d+) waiting to send$/.exec(text);
    const value = waiting ? Number(waiting[1]) : text === 'All sent' ? 0 : null;
    if (value !== null && said[said.length - 1] !== value) said.push(value);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * Every status the door's engine reported to the page, in order: its worker's `report` calls
 * as Comlink delivers them on a message port (the unsent count and the sync's phase of each).
 */
function watchReports() {
  const reports: Report[] = [];
  Object.assign(window, { statusReports: reports });
  const listen = MessagePort.prototype.addEventListener;
  MessagePort.prototype.addEventListener = function (
    this: MessagePort,
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ) {
    if (type !== 'message' || typeof listener !== 'function')
      return listen.call(this, type, listener, options);
    const heard = function (this: MessagePort, event: Event) {
      const data = (event as MessageEvent).data;
      const status = data?.type === 'APPLY' && data.path?.[0] === 'report' && data.argumentList?.[0]?.value;
      if (status) reports.push({ pending: status.pending, phase: status.phase });
      return listener.call(this, event);
    };
    return listen.call(this, type, heard, options);
  };
}

type Report = { pending: number; phase: string };
type Watched = { unsentSaid: number[]; statusReports: Report[] };
const unsentSaid = (page: Page) => page.evaluate(() => (window as unknown as Watched).unsentSaid.slice());
const reports = (page: Page) => page.evaluate(() => (window as unknown as Watched).statusReports.slice());
/** Waits until the engine has reported `count` statuses more than `from`, and answers those. */
async function reportsAfter(page: Page, from: number, count: number, until?: Partial<Report>) {
  await page.waitForFunction(
    ({ from, count, until }) => {
      const more = (window as unknown as Watched).statusReports.slice(from);
      return (
        more.length >= count &&
        (!until || more.some((r) => Object.entries(until).every(([k, v]) => r[k as keyof Report] === v)))
      );
    },
    { from, count, until },
    { timeout: 30_000 },
  );
  return (await reports(page)).slice(from);
}
/** Starts the record again from what the line says now. */
const sayFromNow = (page: Page) =>
  page.evaluate(() => {
    const said = (window as unknown as Watched).unsentSaid;
    said.splice(0, said.length - 1);
  });

/**
 * One wedge scan of `code`, and the kind of the verdict that names `reference`; `misread` if a
 * verdict for no ticket comes instead. Never scanned again: the app joins a burst the machine
 * split, so a misread is a failure.
 */
async function scanOnce(page: Page, door: DoorPage, code: string, reference: string) {
  await door.wedgeScan(code);
  return page.evaluate(async (shown) => {
    const deadline = performance.now() + 10_000;
    for (;;) {
      const verdict = document.querySelector('[data-testid="verdict"]');
      const kind = verdict?.getAttribute('data-verdict') ?? null;
      if (verdict?.querySelector('.verdict__meta .code')?.textContent === shown) return kind;
      if (kind === 'not-a-ticket' || kind === 'unknown-code') return 'misread';
      if (performance.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }, reference);
}

/** `count` admissions offline, the status line read after each verdict. */
async function admitOffline(page: Page, door: DoorPage, tickets: { slug: string; reference: string }[]) {
  const pending = door.pending();
  const before = Number(/^(\d+)/.exec((await pending.textContent()) ?? '')?.[1] ?? 0);
  for (const [i, ticket] of tickets.entries()) {
    expect(await scanOnce(page, door, ticket.slug, ticket.reference), ticket.reference).toBe('admitted');
    await expect(pending).toHaveText(`${before + i + 1} waiting to send`);
  }
}

async function offlineDoor(context: BrowserContext, name: string, settings: Record<string, unknown> = {}) {
  await context.addInitScript(watchStatusLine);
  await context.addInitScript(watchReports);
  // Verdicts stay up: the next scan replaces them, as at a busy door.
  const joined = await joinedDoor(context, name, { autoReturnSeconds: 0, ...settings });
  return joined;
}

test.describe('the door status, true after every verdict', () => {
  test(`${SCANS} wedge scans offline: the unsent count reads 1, 2, … ${SCANS} and never steps back`, async ({
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const service = new CheckinService(baseURL!);
    const tickets = await service.freshTickets(MAIN_LIST, SCANS);
    expect(tickets).toHaveLength(SCANS);
    const { page, door } = await offlineDoor(context, 'Count door');
    await context.setOffline(true);
    await expect(page.getByTestId('connection')).toContainText('Offline');
    await expect(door.pending()).toHaveText('All sent');
    await sayFromNow(page);

    const started = Date.now();
    await admitOffline(page, door, tickets);
    console.log(`${SCANS} offline wedge scans, each with its status read: ${Date.now() - started} ms`);
    expect(await unsentSaid(page)).toEqual(Array.from({ length: SCANS + 1 }, (_, i) => i));
  });

  test(`with a 1 s sync: online until "All sent", then ${SCANS} scans offline, the count never steps back`, async ({
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const service = new CheckinService(baseURL!);
    const tickets = await service.freshTickets(MAIN_LIST, SCANS + 20);
    expect(tickets).toHaveLength(SCANS + 20);
    const { page, door } = await offlineDoor(context, 'Quick sync door', { syncIntervalSeconds: 1 });
    const connection = page.getByTestId('connection');

    // Offline a while, then online until all is sent.
    await context.setOffline(true);
    await expect(connection).toContainText('Offline');
    await sayFromNow(page);
    await admitOffline(page, door, tickets.slice(0, 20));
    await context.setOffline(false);
    await expect(door.pending()).toHaveText('All sent', { timeout: 30_000 });

    await context.setOffline(true);
    await expect(connection).toContainText('Offline');
    await sayFromNow(page);
    const started = Date.now();
    await admitOffline(page, door, tickets.slice(20));
    console.log(`${SCANS} offline wedge scans at a 1 s sync: ${Date.now() - started} ms`);
    const counted = Array.from({ length: SCANS + 1 }, (_, i) => i);
    expect(await unsentSaid(page)).toEqual(counted);
    // Three more statuses from the engine, which offline come from its 1 s timer's refreshes:
    // each says the same count, and the line drew nothing else in the meantime.
    const afterScans = await reportsAfter(page, (await reports(page)).length, 3);
    expect(afterScans.length).toBeGreaterThanOrEqual(3);
    expect(afterScans.map((r) => r.pending)).toEqual(afterScans.map(() => SCANS));
    await expect(door.pending()).toHaveText(`${SCANS} waiting to send`);
    expect(await unsentSaid(page)).toEqual(counted);
  });
});

/**
 * Every text the page ever drew that names a ticket by its internal id ("#12"), and what the
 * double-admissions screen said, in order: opening, none, or the list.
 */
function watchTicketIds() {
  const ids: string[] = [];
  const conflicts: string[] = [];
  Object.assign(window, { idsSeen: ids, conflictsSaid: conflicts });
  const idPattern = /#\d+/;
  const note = (text: string | null | undefined) => {
    const found = text && idPattern.exec(text);
    if (found) ids.push(found[0]);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') note(record.target.textContent);
      for (const node of record.addedNodes) note(node.textContent);
    }
    const screen = document.querySelector('[aria-labelledby="conflicts-title"]');
    if (!screen) return;
    const list = screen.querySelector('[data-testid="conflict-list"]');
    const state = list ? 'list' : screen.textContent?.includes('Opening the list') ? 'opening' : 'none';
    if (conflicts[conflicts.length - 1] !== state) conflicts.push(state);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const seen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { idsSeen: string[]; conflictsSaid: string[] };
    return { ids: w.idsSeen.slice(), conflicts: w.conflictsSaid.slice() };
  });

test('the double-admissions list names the ticket from its first frame, after "Sync now" and after a reload', async ({
  context,
  baseURL,
}) => {
  const service = new CheckinService(baseURL!);
  const [ticket] = await service.freshTickets(MAIN_LIST, 1);
  const name = `${ticket!.first_name} ${ticket!.last_name}`;
  await context.addInitScript(watchTicketIds);
  await context.addInitScript(watchReports);
  const { page, door } = await joinedDoor(context, 'Named door');

  // Admitted here offline and at another door meanwhile: a double admission once both are sent.
  await context.setOffline(true);
  await expect(page.getByTestId('connection')).toContainText('Offline');
  await door.typeCode(ticket!.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await service.checkInElsewhere(MAIN_LIST, ticket!.id);
  await context.setOffline(false);
  await expect(door.pending()).toHaveText('All sent', { timeout: 30_000 });

  // "Sync now", and the list opened while that sync waits for the service: its requests are
  // held at the network until the list has shown, so the list always opens before the answer.
  await page.goto('/door/lists');
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let syncOut!: () => void;
  const syncWaiting = new Promise<void>((resolve) => {
    syncOut = resolve;
  });
  let held = 0;
  await page.route('**/checkin/**', async (route) => {
    held++;
    syncOut();
    await released;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sync now' }).click();
  await syncWaiting;
  await page.evaluate(() => {
    history.pushState(null, '', '/door/conflicts');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const list = page.getByTestId('conflict-list');
  await expect(list).toContainText(`${name} · ${ticket!.reference}`, { timeout: 30_000 });
  const whileSyncing = await seen(page);
  expect(whileSyncing.ids).toEqual([]);
  expect(whileSyncing.conflicts.filter((state) => state !== 'opening')).toEqual(['list']);
  expect(held).toBeGreaterThan(0);
  // The sync answered: the list still names the ticket, and never said otherwise.
  const beforeAnswer = (await reports(page)).length;
  release();
  await reportsAfter(page, beforeAnswer, 1, { phase: 'idle' });
  await expect(list).toContainText(`${name} · ${ticket!.reference}`);
  const afterSync = await seen(page);
  expect(afterSync.ids).toEqual([]);
  expect(afterSync.conflicts.filter((state) => state !== 'opening')).toEqual(['list']);

  // A reload on the list: opening, then named; never "no double admissions" meanwhile.
  await page.reload();
  await expect(list).toContainText(`${name} · ${ticket!.reference}`, { timeout: 30_000 });
  // Its two check-ins (other journeys on this server may have left double admissions of their own).
  await expect(list.locator('li.conflict', { hasText: ticket!.reference }).locator('li')).toHaveCount(2);
  const afterReload = await seen(page);
  expect(afterReload.ids).toEqual([]);
  expect(afterReload.conflicts.filter((state) => state !== 'opening')).toEqual(['list']);

  // Photographed at a phone's and a tablet's size when E2E_SCREENSHOTS names a folder.
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir)
    for (const [width, height] of [
      [390, 844],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${dir}/conflicts-${width}x${height}.png` });
    }
});
