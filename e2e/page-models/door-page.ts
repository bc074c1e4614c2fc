import { type BrowserContext, expect, type Page } from '@playwright/test';
import { DoorPasscode } from './door-passcode';
import { SETTLED_PENDING } from './status-line';

export const MAIN_LIST = 'chk_pDemoMainEntrance000000';
export const VIP_LIST = 'chk_pDemoVipLounge0000000000';

export interface ServiceTicket {
  id: number;
  slug: string;
  reference: string;
  first_name: string | null;
  last_name: string | null;
  email?: string | null;
  release_title: string;
  state: string;
  payment_state: string;
  void?: boolean;
  registration_reference?: string | null;
}

export interface ServiceCheckin {
  id: number;
  uuid: string;
  ticket_id: number;
  deleted_at: string | null;
}

/** What the service itself holds, read over HTTP: the ground truth a door test ends on. */
export class CheckinService {
  constructor(readonly baseURL: string) {}

  /** The list as a door sees it: `tickets_count` is the number every door total must show. */
  async list(list: string): Promise<{ tickets_count: number; checkins_count: number }> {
    return (await fetch(`${this.baseURL}/checkin/checkin_lists/${list}`)).json();
  }

  async tickets(list: string): Promise<ServiceTicket[]> {
    const out: ServiceTicket[] = [];
    for (let page = 1; ; page++) {
      const res = await fetch(`${this.baseURL}/checkin/checkin_lists/${list}/tickets?page=${page}`);
      const items = (await res.json()) as ServiceTicket[];
      if (items.length === 0) return out;
      out.push(...items);
    }
  }

  async checkins(list: string): Promise<ServiceCheckin[]> {
    const out: ServiceCheckin[] = [];
    for (let page = 1; ; page++) {
      const res = await fetch(`${this.baseURL}/checkin/checkin_lists/${list}/checkins?page=${page}`);
      const items = (await res.json()) as ServiceCheckin[];
      if (items.length === 0) return out;
      out.push(...items);
    }
  }

  async activeCheckinsOf(list: string, ticketId: number): Promise<number> {
    return (await this.checkins(list)).filter((c) => c.ticket_id === ticketId && c.deleted_at === null)
      .length;
  }

  async answers(list: string): Promise<{ ticket_id: number; question_id: number; response: string }[]> {
    const out: { ticket_id: number; question_id: number; response: string }[] = [];
    for (let page = 1; ; page++) {
      const res = await fetch(`${this.baseURL}/checkin/checkin_lists/${list}/answers?page=${page}`);
      const items = (await res.json()) as typeof out;
      if (items.length === 0) return out;
      out.push(...items);
    }
  }

  async questions(list: string): Promise<{ id: number; title: string }[]> {
    return (await fetch(`${this.baseURL}/checkin/checkin_lists/${list}/questions`)).json();
  }

  /** A check-in made at another door, straight on the service. */
  async checkInElsewhere(list: string, ticketId: number): Promise<void> {
    const res = await fetch(`${this.baseURL}/checkin/checkin_lists/${list}/checkins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: ticketId } }),
    });
    if (!res.ok) throw new Error(`check-in at another door failed: ${res.status}`);
  }

  /** Tickets not checked in yet that the door admits (paid or free, not void). */
  async freshTickets(list: string, count: number): Promise<ServiceTicket[]> {
    const taken = new Set((await this.checkins(list)).map((c) => c.ticket_id));
    return (await this.tickets(list))
      .filter((t) => !taken.has(t.id) && t.state === 'complete' && t.payment_state !== 'unpaid')
      .slice(0, count);
  }

  /**
   * Fresh tickets alone in their order on this list: a verdict on one offers no "Admit all", so
   * it returns to scanning by itself (the first fresh tickets may be an order's once a run has
   * used the lone ones).
   */
  async freshLoneTickets(list: string, count: number): Promise<ServiceTicket[]> {
    const perOrder = new Map<string, number>();
    for (const t of await this.tickets(list))
      if (t.registration_reference)
        perOrder.set(t.registration_reference, (perOrder.get(t.registration_reference) ?? 0) + 1);
    return (await this.freshTickets(list, Number.MAX_SAFE_INTEGER))
      .filter((t) => !t.registration_reference || perOrder.get(t.registration_reference) === 1)
      .slice(0, count);
  }

  /** Orders of the list with every ticket admissible and none checked in yet, largest first. */
  async freshOrders<T extends ServiceTicket = ServiceTicket>(list: string): Promise<T[][]> {
    const taken = new Set((await this.checkins(list)).map((c) => c.ticket_id));
    const byOrder = new Map<string, T[]>();
    for (const t of (await this.tickets(list)) as T[]) {
      const order = byOrder.get(t.registration_reference ?? '') ?? [];
      order.push(t);
      if (t.registration_reference) byOrder.set(t.registration_reference, order);
    }
    return [...byOrder.values()]
      .filter(
        (o) =>
          o.length >= 2 &&
          o.every((t) => !taken.has(t.id) && t.state === 'complete' && t.payment_state !== 'unpaid'),
      )
      .sort((a, b) => b.length - a.length);
  }
}

export class DoorPage {
  /** The door's passcode screens, answered as steps of a journey. */
  readonly passcode: DoorPasscode;

  constructor(readonly page: Page) {
    this.passcode = new DoorPasscode(page);
  }

  async nameDevice(name: string) {
    await this.page.addInitScript((deviceName) => {
      const key = 'venue-checkin.settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      if (!saved.deviceName)
        localStorage.setItem(key, JSON.stringify({ ...saved, deviceName, sounds: false }));
    }, name);
  }

  async joinByTyping(list: string) {
    await this.page.goto('/');
    await this.page.getByLabel('Join code, or check-in list slug or address').fill(list);
    await this.page.getByRole('button', { name: 'Join list' }).click();
    await this.expectScanScreen();
  }

  async expectScanScreen(title?: string) {
    await expect(this.page.getByTestId('door-status')).toBeVisible({ timeout: 20_000 });
    if (title) await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  verdict() {
    return this.page.getByTestId('verdict');
  }

  /**
   * The list downloaded whole. Read from the status line, not the "still downloading" chip: the
   * line shows one chip, and a more pressing one (a double admission) can stand in its place.
   */
  async expectListComplete() {
    await expect(this.page.getByTestId('door-status')).toHaveAttribute('data-list', 'complete', {
      timeout: 30_000,
    });
  }

  async expectVerdict(kind: string) {
    await expect(this.verdict()).toHaveAttribute('data-verdict', kind);
  }

  async nextScan() {
    await this.page.getByRole('button', { name: 'Next scan' }).click();
    await expect(this.verdict()).toHaveCount(0);
  }

  /**
   * A keyboard-wedge scanner: the code's keys and Enter, a few milliseconds apart, sent to
   * whatever has focus (dispatched in the page, so the machine's load cannot slow them down).
   */
  async wedgeScan(code: string) {
    await this.page.evaluate((text) => {
      const target = document.activeElement ?? document.body;
      for (const key of [...text, 'Enter']) {
        target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
      }
    }, code);
  }

  /**
   * The search screen opened afresh with `words` typed into it. The words are never put in the
   * address (src/ui/door/search-words.ts), so a journey types them as staff do.
   */
  async search(words: string) {
    await this.page.goto('/door/search');
    await this.page.getByRole('searchbox').fill(words);
  }

  /**
   * A kiosk scan with the wedge, answered. A burst split by the machine stalling between two
   * keys is joined whole by the app (src/scanner/wedge-detector.ts), so one scan is enough.
   */
  async kioskScan(code: string) {
    await this.wedgeScan(code);
    await expect(this.page.getByTestId('kiosk-message').locator('[data-verdict]')).toBeVisible();
  }

  /**
   * Types into the scan screen's search field; on a phone with a camera the field is a tap
   * away (the Search button under the picture), without a camera or beside it, always there.
   */
  async typeCode(code: string) {
    const box = this.page.getByLabel('Ticket code, reference or name');
    const search = this.page.getByTestId('scan-controls').getByRole('button', { name: 'Search' });
    // The screen may still be finding out whether there is a camera (no camera: the field is
    // shown and the button is not): look again until the field is in view.
    await expect(async () => {
      if (!(await box.isVisible())) await search.click({ timeout: 1000 });
      await expect(box).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await box.fill(code);
    await box.press('Enter');
    // The field lets go of what it sent at once (ManualEntry.tsx), before any answer: a journey
    // whose verdict never comes then says whether the door took the Enter at all.
    await expect
      .poll(
        async () => {
          if (this.page.url().includes('/door/search')) return true;
          // The field may go between two reads (the verdict or the search screen replaces it):
          // one gone has let go of the code as surely as one emptied.
          const held = await box.inputValue({ timeout: 1000 }).catch(() => null);
          return held !== code;
        },
        {
          message: `the door did not take the Enter after "${code}": the field still holds it`,
          timeout: 5000,
        },
      )
      .toBe(true);
  }

  /** Leaves the kiosk: a wrong PIN is refused first, then the right one unlocks it. */
  async leaveKiosk(wrongPin: string, pin: string) {
    const { page } = this;
    await page.getByRole('button', { name: 'Exit kiosk' }).click();
    for (const digit of wrongPin) await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText('Wrong PIN');
    await expect(page.getByTestId('kiosk')).toBeVisible();
    for (const digit of pin) await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByTestId('kiosk')).toHaveCount(0);
    await this.expectScanScreen();
  }

  /** Opens the scan screen's menu (Stats, Lists, Kiosk mode, the device's health). */
  async openMenu() {
    const menu = this.page.getByTestId('scan-menu');
    if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
    await expect(menu).toHaveAttribute('open', '');
    return menu;
  }

  /** Goes from the scan screen to Stats, Lists or Kiosk mode through its menu. */
  async goFromMenu(name: 'Stats' | 'Lists' | 'Kiosk mode') {
    const menu = await this.openMenu();
    await menu.getByRole('link', { name, exact: true }).click();
  }

  /** The status line's unsent count, once the line stands for the door's status (SETTLED_PENDING). */
  pending() {
    return this.page.locator(SETTLED_PENDING);
  }

  /** The status bar's "done / total in": on every door screen. */
  async statusProgress(): Promise<{ done: number; total: number }> {
    return fraction(await this.page.getByTestId('progress').textContent());
  }

  /** The stats screen's overall "checked in / total", and each release's total. */
  async statsTotals(): Promise<{ done: number; total: number; releases: number[] }> {
    const overall = fraction(await this.page.getByTestId('stats-overall').textContent());
    const rows = await this.page.getByTestId('stats-by-release').getByRole('row').all();
    const releases = await Promise.all(
      rows.map(async (row) => fraction(await row.getByRole('cell').first().textContent()).total),
    );
    return { ...overall, releases };
  }
}

/** "28 / 2,800 in (1%)" -> { done: 28, total: 2800 }. */
function fraction(text: string | null): { done: number; total: number } {
  const match = /([\d,]+)\s*\/\s*([\d,]+)/.exec(text ?? '');
  if (!match) throw new Error(`no "done / total" in ${JSON.stringify(text)}`);
  const number = (digits: string) => Number(digits.replaceAll(',', ''));
  return { done: number(match[1]!), total: number(match[2]!) };
}

/**
 * A new page of `context`: a door named `name`, joined to the main list and synced once.
 * `settings` are stored before the app starts (e.g. `autoReturnSeconds: 0`, so verdicts stay).
 */
export async function joinedDoor(
  context: BrowserContext,
  name: string,
  settings: Record<string, unknown> = {},
): Promise<{ page: Page; door: DoorPage }> {
  await context.addInitScript((values) => {
    const key = 'venue-checkin.settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...saved, ...values }));
  }, settings);
  const page = await context.newPage();
  const door = new DoorPage(page);
  await door.nameDevice(name);
  await door.joinByTyping(MAIN_LIST);
  await expect(page.getByTestId('last-sync')).toContainText('Synced', { timeout: 20_000 });
  return { page, door };
}
