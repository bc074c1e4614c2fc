import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from './fixtures/sealed';
import { E2E_PORT, phoneWithCamera } from './fixtures/browser';
import { makeQrSequenceVideo } from './fixtures/qr-video';
import { DoorPage, MAIN_LIST } from './page-models/door-page';

// A long shift on Chromium's fake camera: the camera pauses after two minutes with no code
// (the page's clock is moved on, not waited for) and wakes on a tap, a key or motion; the
// screen is kept awake and asked again when the tab returns; the torch shows only where the
// track has one; a camera whose track ends is restarted; the camera used is remembered.
test.describe.configure({ mode: 'serial' });

const _baseURL = `http://127.0.0.1:${E2E_PORT}`;
let profile: string;

/** Stand-ins for what headless Chromium lacks: a screen lock to count, a torch, a hidden tab. */
function platformFakes() {
  const log = { requests: 0, releases: 0, torch: [] as boolean[] };
  Object.assign(window, { platformLog: log });
  const held: (EventTarget & { released: boolean; release(): Promise<void> })[] = [];
  Object.defineProperty(navigator, 'wakeLock', {
    configurable: true,
    value: {
      request: async () => {
        log.requests++;
        const sentinel = Object.assign(new EventTarget(), {
          released: false,
          type: 'screen',
          async release() {
            if (sentinel.released) return;
            sentinel.released = true;
            log.releases++;
            sentinel.dispatchEvent(new Event('release'));
          },
        });
        held.push(sentinel);
        return sentinel;
      },
    },
  });
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.assign(window, {
    setTabHidden(value: boolean) {
      hidden = value;
      // The browser drops a screen lock whenever the page is hidden.
      if (value) for (const sentinel of held) void sentinel.release();
      document.dispatchEvent(new Event('visibilitychange'));
    },
  });
  if (sessionStorage.getItem('fake-torch')) {
    const capabilities = MediaStreamTrack.prototype.getCapabilities;
    MediaStreamTrack.prototype.getCapabilities = function (this: MediaStreamTrack) {
      return { ...capabilities.call(this), torch: true } as MediaTrackCapabilities;
    };
    const apply = MediaStreamTrack.prototype.applyConstraints;
    MediaStreamTrack.prototype.applyConstraints = function (this: MediaStreamTrack, constraints) {
      const torch = (constraints?.advanced as { torch?: boolean }[] | undefined)?.find((c) => 'torch' in c);
      if (torch) {
        log.torch.push(Boolean(torch.torch));
        return Promise.resolve();
      }
      return apply.call(this, constraints);
    };
  }
  // A slow list of cameras: whatever the door does once it has the list comes after React has
  // drawn the running camera, the order a busy phone gives.
  if (sessionStorage.getItem('slow-camera-list')) {
    const media = navigator.mediaDevices;
    const list = media.enumerateDevices.bind(media);
    media.enumerateDevices = () => new Promise((resolve) => setTimeout(() => resolve(list()), 300));
  }
  // Every phase the camera goes through, in order.
  const phases: string[] = [];
  Object.assign(window, { cameraPhases: phases });
  new MutationObserver(() => {
    const phase = document.querySelector('.camera')?.getAttribute('data-phase');
    if (phase && phases[phases.length - 1] !== phase) phases.push(phase);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
}

async function openDoor(video: string, run: (page: Page, door: DoorPage) => Promise<void>) {
  const context: BrowserContext = await phoneWithCamera(profile, video);
  try {
    await context.clock.install();
    await context.addInitScript(platformFakes);
    const page = context.pages()[0] ?? (await context.newPage());
    const door = new DoorPage(page);
    await door.nameDevice('Night door');
    await run(page, door);
  } finally {
    await context.close();
  }
}

const camera = (page: Page) => page.locator('.camera');
const platformLog = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { platformLog: { requests: number; releases: number; torch: boolean[] } })
        .platformLog,
  );
const trackInfo = (page: Page) =>
  page.evaluate(() => {
    const stream = document.querySelector('video')?.srcObject as MediaStream | null;
    const track = stream?.getVideoTracks()[0];
    return track ? { state: track.readyState, deviceId: track.getSettings().deviceId ?? null } : null;
  });
const savedCamera = (page: Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('venue-checkin.settings') ?? '{}').cameraDeviceId ?? null,
  );

test.beforeEach(async () => {
  profile = await mkdtemp(join(tmpdir(), 'door-long-shift-'));
});

test.afterEach(async () => {
  await rm(profile, { recursive: true, force: true });
});

test('the camera pauses when idle and wakes, keeps the screen on, restarts when lost, remembers itself', async () => {
  test.setTimeout(180_000);
  const still = await makeQrSequenceVideo('long-shift-still', [], { secondsEach: 1 });
  await openDoor(still, async (page, door) => {
    await door.joinByTyping(MAIN_LIST);
    await expect(camera(page)).toHaveAttribute('data-phase', 'running');

    // The screen is held awake, and asked for again when the tab comes back.
    await expect.poll(async () => (await platformLog(page)).requests).toBe(1);
    await page.evaluate(() => (window as unknown as { setTabHidden(v: boolean): void }).setTabHidden(true));
    expect((await platformLog(page)).releases).toBe(1);
    await page.evaluate(() => (window as unknown as { setTabHidden(v: boolean): void }).setTabHidden(false));
    await expect.poll(async () => (await platformLog(page)).requests).toBe(2);

    // This camera has no torch: no button for one.
    await expect(page.getByRole('button', { name: /Torch/ })).toHaveCount(0);

    // The camera in use is remembered.
    const first = await trackInfo(page);
    expect(first?.deviceId).toBeTruthy();
    await expect.poll(() => savedCamera(page)).toBe(first?.deviceId);

    // Two minutes with no code: paused. A tap wakes it.
    await page.clock.fastForward('02:01');
    await expect(page.getByTestId('camera-paused')).toBeVisible();
    await expect(camera(page)).toHaveAttribute('data-phase', 'paused');
    // A tap anywhere (here on the paused picture's words, not its button; the list's name now sits
    // over the picture, under the paused message).
    await page.getByTestId('camera-paused').locator('p').click();
    await expect(camera(page)).toHaveAttribute('data-phase', 'running');
    // Less than two minutes later it is still running; then paused again, and a key wakes it.
    await page.clock.fastForward('01:30');
    await expect(camera(page)).toHaveAttribute('data-phase', 'running');
    await page.clock.fastForward('00:40');
    await expect(camera(page)).toHaveAttribute('data-phase', 'paused');
    await page.keyboard.press('Shift');
    await expect(camera(page)).toHaveAttribute('data-phase', 'running');
    await expect(page.getByTestId('camera-paused')).toHaveCount(0);

    // Another app takes the camera (its track ends): it is restarted by itself.
    await page.evaluate(() => {
      const stream = document.querySelector('video')?.srcObject as MediaStream;
      Object.assign(window, { lostTrack: stream.getVideoTracks()[0] });
      stream.getVideoTracks()[0]!.stop();
    });
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const track = (
              document.querySelector('video')?.srcObject as MediaStream | null
            )?.getVideoTracks()[0];
            return Boolean(
              track &&
                track.readyState === 'live' &&
                track !== (window as unknown as { lostTrack: unknown }).lostTrack,
            );
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    await expect(camera(page)).toHaveAttribute('data-phase', 'running');
    expect(
      await page.evaluate(() => (window as unknown as { cameraPhases: string[] }).cameraPhases),
    ).toContain('starting');

    // A camera with a torch shows the button; it switches the torch on and off.
    await page.evaluate(() => sessionStorage.setItem('fake-torch', '1'));
    await page.reload();
    const torchOn = page.getByRole('button', { name: 'Torch on' });
    await torchOn.click();
    await expect(page.getByRole('button', { name: 'Torch off' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Torch off' }).click();
    await expect(torchOn).toHaveAttribute('aria-pressed', 'false');
    expect((await platformLog(page)).torch).toEqual([true, false]);
    await page.evaluate(() => sessionStorage.removeItem('fake-torch'));

    // After a reload the remembered camera is the one opened.
    await page.reload();
    await expect(camera(page)).toHaveAttribute('data-phase', 'running');
    expect((await trackInfo(page))?.deviceId).toBe(first?.deviceId);

    // A remembered camera that is gone: the rear camera is used, and remembered instead, once,
    // without restarting while it is saved.
    await page.evaluate(() => {
      sessionStorage.setItem('slow-camera-list', '1');
      const key = 'venue-checkin.settings';
      const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
      localStorage.setItem(key, JSON.stringify({ ...saved, cameraDeviceId: 'a-camera-since-unplugged' }));
    });
    await page.reload();
    await expect(camera(page)).toHaveAttribute('data-phase', 'running');
    await expect.poll(() => savedCamera(page)).toBe(first?.deviceId);
    expect((await trackInfo(page))?.deviceId).toBe(first?.deviceId);
    const phases = await page.evaluate(() => (window as unknown as { cameraPhases: string[] }).cameraPhases);
    expect(phases.filter((phase) => phase === 'running')).toHaveLength(1);
  });
});

test('motion in front of a paused camera wakes it', async () => {
  test.setTimeout(120_000);
  // Four seconds of a blank wall, then a code held up, round and round.
  const wave = await makeQrSequenceVideo('long-shift-wave', ['motion'], {
    secondsEach: 4,
    leadSeconds: 4,
    tailSeconds: 0,
  });
  await openDoor(wave, async (page, door) => {
    await door.joinByTyping(MAIN_LIST);
    await expect(camera(page)).toHaveAttribute('data-phase', 'running');
    await page.evaluate(() => {
      (window as unknown as { cameraPhases: string[] }).cameraPhases.length = 0;
    });
    await page.clock.fastForward('02:01');
    // Paused, then woken by the picture changing, with no tap or key.
    await expect
      .poll(
        () => page.evaluate(() => (window as unknown as { cameraPhases: string[] }).cameraPhases.join(',')),
        {
          timeout: 20_000,
        },
      )
      .toMatch(/paused,running/);
  });
});
