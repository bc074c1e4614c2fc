import { axeOn, seriousViolations } from './fixtures/axe';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from './fixtures/sealed';
import { E2E_PORT, phoneWithCamera } from './fixtures/browser';
import { makeQrSequenceVideo } from './fixtures/qr-video';
import { CheckinService, DoorPage, MAIN_LIST } from './page-models/door-page';
import { settled } from './fixtures/settled';

// The fast lane on Chromium's fake camera playing a queue of real QR codes (one a second, then
// round again: Chromium loops the clip). Correctness only: every ticket admitted once, on the
// page and on the service, and a refusal stops the lane until staff acknowledge it.
test.describe.configure({ mode: 'serial' });

const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const service = new CheckinService(baseURL);
let profile: string;

interface SeenVerdict {
  kind: string;
  text: string;
}

async function openDoor(video: string, run: (page: Page, door: DoorPage) => Promise<void>) {
  const context: BrowserContext = await phoneWithCamera(profile, video);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const door = new DoorPage(page);
    await door.nameDevice('Lane door');
    // Every lane verdict and full verdict that appears, as it appears (each is a new element).
    await page.addInitScript(() => {
      const seen: SeenVerdict[] = [];
      const refusals: string[] = [];
      const shownAt = new Set<string>();
      Object.assign(window, { laneSeen: seen, refusalsSeen: refusals });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            for (const el of [node, ...node.querySelectorAll('*')] as HTMLElement[]) {
              // A verdict is shown as the lane's card or, when the next one replaced it within
              // one frame (a rush on a slow phone), as its line in the strip: counted once by its time.
              const at = el.dataset.at;
              if (
                at &&
                (el.dataset.testid === 'lane-verdict' || el.classList.contains('lane__item')) &&
                !shownAt.has(at)
              ) {
                shownAt.add(at);
                seen.push({ kind: el.dataset.verdict ?? '', text: el.textContent ?? '' });
              }
              if (el.dataset.testid === 'verdict') refusals.push(el.dataset.verdict ?? '');
            }
          }
      }).observe(document, { childList: true, subtree: true });
    });
    await run(page, door);
  } finally {
    await context.close();
  }
}

const laneSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { laneSeen: SeenVerdict[] }).laneSeen);

test.beforeAll(async () => {
  profile = await mkdtemp(join(tmpdir(), 'door-fast-lane-'));
});

test.afterAll(async () => {
  await rm(profile, { recursive: true, force: true });
});

test('ten codes through the fast lane are each admitted once; a refusal stops the lane until seen', async () => {
  test.setTimeout(240_000);
  const tickets = await service.freshTickets(MAIN_LIST, 10);
  expect(tickets).toHaveLength(10);
  const refusal = 'WIFI:S:Venue Guests;T:WPA;P:welcome2026;;';
  const codes = [...tickets.slice(0, 5).map((t) => t.slug), refusal, ...tickets.slice(5).map((t) => t.slug)];
  const queue = await makeQrSequenceVideo('fast-lane-queue', codes, { secondsEach: 1, tailSeconds: 3 });
  const blank = await makeQrSequenceVideo('fast-lane-blank', [], { secondsEach: 1 });

  // Join with nothing in front of the camera, and switch the lane on: it is remembered.
  await openDoor(blank, async (page, door) => {
    await door.joinByTyping(MAIN_LIST);
    const toggle = page.getByRole('switch', { name: /Fast lane/ });
    await toggle.check();
    await expect(page.getByTestId('lane-ready')).toBeVisible();
  });

  await openDoor(queue, async (page, door) => {
    await page.goto('/');
    await expect(page.getByRole('switch', { name: /Fast lane/ })).toBeChecked();
    // The first five pass without a tap; the code that is not a ticket stops the lane.
    await door.expectVerdict('not-a-ticket');
    const beforeStop = await laneSeen(page);
    expect(beforeStop.map((v) => v.kind)).toEqual([...Array(5).fill('admitted'), 'not-a-ticket']);
    for (const [i, ticket] of tickets.slice(0, 5).entries())
      expect(beforeStop[i]?.text).toContain(ticket.reference);
    const strip = page.getByTestId('lane-strip');
    await expect(strip.getByRole('listitem')).toHaveCount(6);
    await expect(strip.getByRole('listitem').first()).toHaveAttribute('data-verdict', 'not-a-ticket');
    const fifth = tickets[4]!;
    await expect(strip).toContainText([fifth.first_name, fifth.last_name].filter(Boolean).join(' '));

    // Stopped: the next codes go by in front of the camera and nothing is judged.
    await page.waitForTimeout(3000);
    await door.expectVerdict('not-a-ticket');
    expect(await laneSeen(page)).toHaveLength(6);

    // Seen: "Next scan" runs the lane again. Codes missed while it was stopped come round in the
    // loop; any refusal on the way (the same menu code, a guest seen twice) is acknowledged too.
    const admittedRefs = async () =>
      new Set(
        (await laneSeen(page))
          .filter((v) => v.kind === 'admitted')
          .flatMap((v) => tickets.filter((t) => v.text.includes(t.reference)).map((t) => t.reference)),
      );
    await expect
      .poll(
        async () => {
          const next = page.getByRole('button', { name: 'Next scan' });
          if (await next.isVisible().catch(() => false)) await next.click().catch(() => undefined);
          return (await admittedRefs()).size;
        },
        { timeout: 150_000, intervals: [250] },
      )
      .toBe(10);

    // Each admitted exactly once on the page...
    const admitted = (await laneSeen(page)).filter((v) => v.kind === 'admitted');
    expect(admitted).toHaveLength(10);
    // ...and on the service, once the outbox has gone out.
    for (const ticket of tickets)
      await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, ticket.id), { timeout: 30_000 }).toBe(1);
  });
});

test('the lane strip and the paused camera at phone and tablet sizes, in both themes', async () => {
  test.setTimeout(180_000);
  const tickets = await service.freshTickets(MAIN_LIST, 4);
  const codes = tickets.map((t) => t.slug);
  const video = await makeQrSequenceVideo('fast-lane-shots', codes, { secondsEach: 1, tailSeconds: 40 });
  const ownProfile = await mkdtemp(join(tmpdir(), 'door-fast-lane-shots-'));
  const context = await phoneWithCamera(ownProfile, video);
  try {
    await context.clock.install();
    await context.addInitScript(() => {
      const key = 'venue-checkin.settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      // The last card stays until the next code, so it is in the picture.
      localStorage.setItem(key, JSON.stringify({ ...saved, fastLane: true, autoReturnSeconds: 0 }));
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const door = new DoorPage(page);
    await door.nameDevice('Lane door');
    await door.joinByTyping(MAIN_LIST);
    const strip = page.getByTestId('lane-strip');
    await expect(strip.getByRole('listitem')).toHaveCount(4, { timeout: 30_000 });
    await expect(page.getByTestId('lane-verdict')).toHaveAttribute('data-verdict', 'admitted');
    const shots = async (name: string) => {
      for (const theme of ['dark', 'light'])
        for (const size of [
          { width: 390, height: 844 },
          { width: 1024, height: 768 },
        ]) {
          await page.setViewportSize(size);
          await page.evaluate((value) => {
            document.documentElement.dataset.theme = value;
          }, theme);
          // The camera at the top of the screen, as staff hold the phone.
          await page.locator('.camera').evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await page
            .screenshot({
              path: `e2e/.artifacts/fast-lane/${size.width}x${size.height}/${theme}-${name}.png`,
            })
            .catch(() => undefined);
        }
    };
    await shots('lane');
    // The lane, its switch and its strip, in both themes: nothing serious for a screen reader or contrast.
    for (const theme of ['dark', 'light']) {
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      await settled(page);
      const { violations } = await axeOn(page).include('.scan').analyze();
      expect(seriousViolations(violations, `${theme}`)).toEqual([]);
    }
    await page.clock.fastForward('02:01');
    await expect(page.getByTestId('camera-paused')).toBeVisible();
    await shots('paused');
  } finally {
    await context.close();
    await rm(ownProfile, { recursive: true, force: true });
  }
});
