import { expect, type Page, test } from './fixtures/sealed';
import { CheckinService, joinedDoor, MAIN_LIST } from './page-models/door-page';

// A verdict is drawn over the scan screen without drawing the screen beneath it again: its
// controls (the search field, the fast-lane switch) are not rendered again for a verdict, its
// dismissal or the status a check-in moves, which React would show by setting their inputs'
// attributes afresh. And a verdict too long for a short screen still folds its answers to one
// line before they are painted, measured in the frame's own layout.

/** Records in the page every attribute set on an input of the scan screen from now on. */
function watchInputAttributes(page: Page) {
  return page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { inputAttributes: string[] }).inputAttributes = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target as Element;
        if (target.tagName === 'INPUT' && !target.closest('.verdict'))
          seen.push(`${target.getAttribute('type') ?? 'text'} ${record.attributeName}`);
      }
    }).observe(document.querySelector('.scan')!, { subtree: true, attributes: true });
  });
}

const inputAttributes = (page: Page) =>
  page.evaluate(() => (window as unknown as { inputAttributes: string[] }).inputAttributes);

/** What the scan screen showed after a change React made to it, and in which frame. */
type Drawn = {
  verdict: boolean;
  inside: string | null;
  pending: string | null;
  frame: number;
  /** The verdict's layer fully opaque and still (its words alone come in). */
  covers: boolean | null;
  /** The status line's `aria-busy`: set while it shows the status from before the store's. */
  busy: string | null;
  /** The rest of the verdict's order: its rows. */
  rows: number;
  /** The holder's answers, whole or folded to a line. */
  answers: boolean;
};

/**
 * Records from now on what the screen showed after each change React made to it (an observer's
 * callback runs once a commit's changes are all in), and in which frame.
 */
function watchDrawings(page: Page) {
  return page.evaluate(() => {
    const drawn: Drawn[] = [];
    let frame = 0;
    const count = () => {
      frame += 1;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    (window as unknown as { drawn: typeof drawn }).drawn = drawn;
    new MutationObserver(() => {
      const verdict = document.querySelector<HTMLElement>('[data-testid="verdict"]');
      drawn.push({
        verdict: verdict !== null,
        inside: document.querySelector('.scan__inside-count')?.textContent ?? null,
        pending: document.querySelector('[data-testid="pending"]')?.textContent ?? null,
        frame,
        covers: verdict && getComputedStyle(verdict).opacity === '1' && verdict.getAnimations().length === 0,
        busy: document.querySelector('[data-testid="door-status"]')?.getAttribute('aria-busy') ?? null,
        rows: verdict?.querySelectorAll('[data-testid="order-ticket"]').length ?? 0,
        answers: verdict?.querySelector('.verdict__answers, .verdict__answers-line') != null,
      });
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const drawings = (page: Page) => page.evaluate(() => (window as unknown as { drawn: Drawn[] }).drawn);

test('a verdict and its dismissal set nothing on the scan screen inputs beneath it', async ({
  context,
  baseURL,
}) => {
  const service = new CheckinService(baseURL!);
  const [first, second] = await service.freshTickets(MAIN_LIST, 2);
  const { page, door } = await joinedDoor(context, 'Redraw door', { autoReturnSeconds: 0 });
  // A door without a camera shows the search field at once, beside the fast-lane switch.
  await expect(page.getByLabel('Ticket code, reference or name')).toBeVisible();
  const insideBefore = Number(await page.locator('.scan__inside-count').textContent());
  await watchInputAttributes(page);

  for (const ticket of [first!, second!]) {
    await door.wedgeScan(ticket.slug);
    await door.expectVerdict('admitted');
    await expect(door.verdict()).toContainText(ticket.reference);
    await door.nextScan();
  }
  // The check-ins sent: the status line has moved with them (one more inside, all sent).
  await expect(page.getByTestId('pending')).toContainText('All sent', { timeout: 20_000 });
  await expect(page.locator('.scan__inside-count')).toHaveText(String(insideBefore + 2));
  expect(await inputAttributes(page)).toEqual([]);
});

test('a verdict over the scan screen is drawn whole at once; one in place of another comes in', async ({
  context,
  baseURL,
}) => {
  const service = new CheckinService(baseURL!);
  const [first, second] = await service.freshTickets(MAIN_LIST, 2);
  const { page, door } = await joinedDoor(context, 'Again door', { autoReturnSeconds: 0 });
  // The body of the verdict naming this ticket (the one React drew last: a verdict put in place
  // of another is a new element, and the old one read as it goes has no style at all).
  const body = (ticket: { reference: string }) =>
    page.getByTestId('verdict').filter({ hasText: ticket.reference }).locator('.verdict__body');
  await door.wedgeScan(first!.slug);
  await door.expectVerdict('admitted');
  await expect(body(first!)).toHaveCSS('animation-name', 'none');
  // The scanner's next code before staff dismissed the first: the same colour, so its words come in.
  await door.wedgeScan(second!.slug);
  await expect(body(second!)).toHaveCSS('animation-name', 'verdict-in');
  await door.nextScan();
  await door.wedgeScan(first!.slug);
  await door.expectVerdict('just-admitted');
  await expect(body(first!)).toHaveCSS('animation-name', 'none');
});

test('on a short screen a verdict folds its answers to one line before they are painted', async ({
  context,
  baseURL,
}) => {
  const service = new CheckinService(baseURL!);
  // An order's first ticket whose holder answered the most questions: its order's list and the
  // answers make a long verdict. (Not just the largest fresh order: the specs before this one
  // take those, and a smaller order's first ticket may hold one answer or none.)
  const answers = new Map<number, number>();
  for (const a of await service.answers(MAIN_LIST))
    answers.set(a.ticket_id, (answers.get(a.ticket_id) ?? 0) + 1);
  const most = Math.max(...answers.values());
  const order = (await service.freshOrders(MAIN_LIST)).find(
    (o) => o.length >= 3 && answers.get(o[0]!.id) === most,
  );
  await context.addInitScript(() => {
    // Whether the answers' whole list was still on screen after a frame was painted.
    const painted: boolean[] = [];
    (window as unknown as { answersPainted: boolean[] }).answersPainted = painted;
    new MutationObserver(() => {
      const list = document.querySelector('.verdict dl.verdict__answers:not([data-seen])');
      if (!list) return;
      list.setAttribute('data-seen', '');
      requestAnimationFrame(() => setTimeout(() => painted.push(list.isConnected)));
    }).observe(document, { childList: true, subtree: true });
  });
  const { page, door } = await joinedDoor(context, 'Short door', { autoReturnSeconds: 0 });
  await page.setViewportSize({ width: 320, height: 480 });
  await door.wedgeScan(order![0]!.slug);
  await door.expectVerdict('admitted');
  const folded = door.verdict().getByRole('button', { name: /^Answers, tap to show all/ });
  await expect(folded).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next scan' })).toBeInViewport();
  expect(
    await page.evaluate(() => (window as unknown as { answersPainted: boolean[] }).answersPainted),
  ).not.toContain(true);
  // A tap opens them.
  await folded.click();
  await expect(door.verdict().locator('dl.verdict__answers')).toBeVisible();
});

test('a verdict is drawn alone; the counts it moved beneath it come after its frame', async ({
  context,
  baseURL,
}) => {
  const service = new CheckinService(baseURL!);
  const [ticket] = await service.freshTickets(MAIN_LIST, 1);
  const { page, door } = await joinedDoor(context, 'Counts door', { autoReturnSeconds: 0 });
  // Offline, the check-in waits in the outbox: only the scan moves the status line.
  await context.setOffline(true);
  await expect(page.getByTestId('door-status')).toContainText('Offline');
  const insideBefore = await page.locator('.scan__inside-count').textContent();
  const pendingBefore = await page.getByTestId('pending').textContent();
  await watchDrawings(page);
  await door.wedgeScan(ticket!.slug);
  await door.expectVerdict('admitted');
  // Beneath the verdict, still up, the status line comes to count the guest in.
  await expect(page.locator('.scan__inside-count')).toHaveText(String(Number(insideBefore) + 1));
  await expect(door.verdict()).toHaveCount(1);
  const drawn = await drawings(page);
  const shown = drawn.findIndex((state) => state.verdict);
  const counted = drawn.findIndex((state) => state.inside !== insideBefore);
  // The verdict's render drew nothing beneath it: the counts as they were, under a layer whose
  // colour covers them from its first frame.
  // The line says so: busy until it stands for the door's status again.
  expect(drawn[shown]).toMatchObject({
    inside: insideBefore,
    pending: pendingBefore,
    covers: true,
    busy: 'true',
  });
  // Then, in a frame after the verdict's, the guest counted in and the check-in waiting.
  expect(counted).toBeGreaterThan(shown);
  expect(drawn[counted]!.verdict).toBe(true);
  expect(drawn[counted]!.frame).toBeGreaterThan(drawn[shown]!.frame);
  expect(drawn[counted]!.pending).not.toBe(pendingBefore);
  expect(drawn[counted]!.busy).toBeNull();
  // Never back: once counted in, every later drawing says so.
  for (const state of drawn.slice(counted)) expect(state.inside).toBe(String(Number(insideBefore) + 1));
});

test('a ticket’s verdict is drawn first; its order’s rows and its answers in a frame after it', async ({
  context,
  baseURL,
}) => {
  const service = new CheckinService(baseURL!);
  // A ticket whose holder answered questions, of the smallest fresh orders (the order journeys
  // take the largest).
  const answered = new Set((await service.answers(MAIN_LIST)).map((a) => a.ticket_id));
  const order = (await service.freshOrders(MAIN_LIST)).reverse().find((o) => answered.has(o[0]!.id))!;
  const [scanned, ...rest] = order;
  const { page, door } = await joinedDoor(context, 'Order frame door', { autoReturnSeconds: 0 });
  await watchDrawings(page);
  await door.wedgeScan(scanned!.slug);
  await door.expectVerdict('admitted');
  await expect(door.verdict().getByTestId('order-ticket')).toHaveCount(rest.length);
  await expect(door.verdict().locator('.verdict__answers, .verdict__answers-line')).toHaveCount(1);
  await expect(door.verdict().getByRole('button', { name: /^Admit (1 more|all \d+)$/ })).toBeVisible();
  const drawn = await drawings(page);
  const shown = drawn.findIndex((state) => state.verdict);
  const listed = drawn.findIndex((state) => state.rows > 0);
  const answersIn = drawn.findIndex((state) => state.answers);
  // The verdict's first drawing: its colour, title and name; no order, no answers yet.
  expect(drawn[shown]).toMatchObject({ rows: 0, answers: false });
  // The order's rows in a later frame, the verdict still up; the answers with them or after them
  // (asked for once the verdict shows, they may come later still), never before.
  expect(listed).toBeGreaterThan(shown);
  expect(drawn[listed]).toMatchObject({ verdict: true, rows: rest.length });
  expect(drawn[listed]!.frame).toBeGreaterThan(drawn[shown]!.frame);
  expect(answersIn).toBeGreaterThanOrEqual(listed);
  expect(drawn[answersIn]).toMatchObject({ verdict: true, rows: rest.length });
});
