import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from './fixtures/sealed';
import { E2E_PORT, phoneWithCamera } from './fixtures/browser';
import { makeQrVideo } from './fixtures/qr-video';
import { countVerdicts, verdictsSeen } from './fixtures/verdicts-seen';
import { CheckinService, DoorPage, MAIN_LIST, VIP_LIST } from './page-models/door-page';

// One door device (a persistent profile, so its IndexedDB survives) whose camera is Chromium's
// fake camera playing a video of a real QR code. Each step relaunches it with another video.
test.describe.configure({ mode: 'serial' });

const baseURL = `http://127.0.0.1:${E2E_PORT}`;
const service = new CheckinService(baseURL);
let profile: string;

async function withCamera(video: string, run: (page: Page, door: DoorPage) => Promise<void>) {
  const context: BrowserContext = await phoneWithCamera(profile, video);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const door = new DoorPage(page);
    await door.nameDevice('North door');
    await run(page, door);
  } finally {
    await context.close();
  }
}

test.beforeAll(async () => {
  profile = await mkdtemp(join(tmpdir(), 'door-camera-'));
});

test.afterAll(async () => {
  await rm(profile, { recursive: true, force: true });
});

test('joins a list by scanning its QR code, then judges scanned tickets', async () => {
  test.setTimeout(180_000);
  const [vipTicket] = await service.freshTickets(VIP_LIST, 1);
  const vipIds = new Set((await service.tickets(VIP_LIST)).map((t) => t.id));
  const otherTicket = (await service.freshTickets(MAIN_LIST, 200)).find((t) => !vipIds.has(t.id));
  if (!vipTicket || !otherTicket) throw new Error('the demo seed lacks the tickets this test needs');

  const listQr = await makeQrVideo('vip-list', `${baseURL}/checkin_lists/${VIP_LIST}`);
  await withCamera(listQr, async (page, door) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Scan the list’s QR code' }).click();
    await door.expectScanScreen('VIP lounge');
  });

  const ticketQr = await makeQrVideo('vip-ticket', vipTicket.slug);
  await withCamera(ticketQr, async (page, door) => {
    await page.goto('/');
    await door.expectVerdict('admitted');
    await expect(door.verdict()).toContainText(vipTicket.reference);
    await expect.poll(() => service.activeCheckinsOf(VIP_LIST, vipTicket.id), { timeout: 15_000 }).toBe(1);
  });

  // Shown again here seconds later: the same ticket again, calm, not a warning (staff check the person).
  await withCamera(ticketQr, async (page, door) => {
    await page.goto('/');
    await door.expectVerdict('just-admitted');
    await expect(door.verdict()).toContainText('Admitted here');
  });
  expect(await service.activeCheckinsOf(VIP_LIST, vipTicket.id)).toBe(1);

  const otherQr = await makeQrVideo(
    'other-list-ticket',
    `https://tickets.example.com/demo/tickets/${otherTicket.slug}`,
  );
  await withCamera(otherQr, async (page, door) => {
    await page.goto('/');
    await door.expectVerdict('not-on-list');
  });

  const menuQr = await makeQrVideo('not-a-ticket', 'WIFI:S:Venue Guests;T:WPA;P:welcome2026;;');
  await withCamera(menuQr, async (page, door) => {
    await page.goto('/');
    await door.expectVerdict('not-a-ticket');
    await expect(door.verdict()).toContainText('WIFI:S:Venue Guests');
  });
  expect(await service.activeCheckinsOf(MAIN_LIST, otherTicket.id)).toBe(0);
});

test('a ticket held in front of the camera after its admission is not read again', async () => {
  test.setTimeout(120_000);
  const [held] = await service.freshLoneTickets(VIP_LIST, 1);
  if (!held) throw new Error('the demo seed lacks a fresh VIP ticket alone in its order');
  const video = await makeQrVideo('held-ticket', held.slug);
  await withCamera(video, async (page, door) => {
    await page.addInitScript(countVerdicts);
    await page.goto('/');
    await door.expectVerdict('admitted');
    // The read flashed the aiming frame.
    const frame = page.getByTestId('camera-frame');
    await expect(frame).toHaveClass(/camera__frame--read/);
    const flashed = await frame.getAttribute('data-read-at');
    expect(flashed).toMatch(/^\d+$/);
    // The verdict returns to scanning on its own (3 s) while the code stays in view.
    await expect(door.verdict()).toHaveCount(0, { timeout: 10_000 });
    // Ten more seconds of the same code in front of the camera: nothing new is judged.
    await page.waitForTimeout(10_000);
    await expect(door.verdict()).toHaveCount(0);
    expect(await verdictsSeen(page)).toEqual(['admitted']);
    // The code still in view never flashes the frame again.
    await expect(frame).toHaveAttribute('data-read-at', flashed!);
  });
  expect(await service.activeCheckinsOf(VIP_LIST, held.id)).toBe(1);
});

test('reads a ticket shown light on dark, as a phone in dark mode may show it', async () => {
  test.setTimeout(120_000);
  const [guest] = await service.freshTickets(VIP_LIST, 1);
  if (!guest) throw new Error('the demo seed lacks a fresh VIP ticket');
  const video = await makeQrVideo('inverted-ticket', guest.slug, { inverted: true });
  await withCamera(video, async (page, door) => {
    await page.goto('/');
    await door.expectVerdict('admitted');
    await expect(door.verdict()).toContainText(guest.reference);
    // Sent within a moment (a write's send waits for the rest of a rush), before the door closes.
    await expect.poll(() => service.activeCheckinsOf(VIP_LIST, guest.id)).toBe(1);
  });
  expect(await service.activeCheckinsOf(VIP_LIST, guest.id)).toBe(1);
});

/** Records what the page hands the decoder's worker: the camera's own frames, or drawn pixels. */
function watchDecoderFrames() {
  const kinds: string[] = [];
  (window as unknown as { __frames: string[] }).__frames = kinds;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const frame = message as { video?: unknown; pixels?: unknown; width?: number };
    if (frame?.video) kinds.push('video');
    else if (frame?.pixels && (frame.width ?? 0) > 100) kinds.push('pixels');
    return (post as (...args: unknown[]) => void).call(this, message, ...rest);
  };
}

const decoderFrames = (page: Page) =>
  page.evaluate(() => [...new Set((window as unknown as { __frames: string[] }).__frames)]);

test('reads a ticket from the camera’s own frames, drawing none of them on the page', async () => {
  test.setTimeout(120_000);
  const [guest] = await service.freshTickets(VIP_LIST, 1);
  if (!guest) throw new Error('the demo seed lacks a fresh VIP ticket');
  const video = await makeQrVideo('video-frame-ticket', guest.slug);
  await withCamera(video, async (page, door) => {
    await page.addInitScript(watchDecoderFrames);
    await page.goto('/');
    await door.expectVerdict('admitted');
    await expect(door.verdict()).toContainText(guest.reference);
    expect(await decoderFrames(page)).toEqual(['video']);
    await expect.poll(() => service.activeCheckinsOf(VIP_LIST, guest.id)).toBe(1);
  });
});

test('reads a ticket where the browser has no VideoFrame, from frames drawn on the page', async () => {
  test.setTimeout(120_000);
  const [guest] = await service.freshTickets(VIP_LIST, 1);
  if (!guest) throw new Error('the demo seed lacks a fresh VIP ticket');
  const video = await makeQrVideo('canvas-ticket', guest.slug);
  await withCamera(video, async (page, door) => {
    await page.addInitScript(() => {
      // As in a browser without WebCodecs.
      delete (window as { VideoFrame?: unknown }).VideoFrame;
    });
    await page.addInitScript(watchDecoderFrames);
    await page.goto('/');
    await door.expectVerdict('admitted');
    await expect(door.verdict()).toContainText(guest.reference);
    expect(await decoderFrames(page)).toEqual(['pixels']);
    await expect.poll(() => service.activeCheckinsOf(VIP_LIST, guest.id)).toBe(1);
  });
});
