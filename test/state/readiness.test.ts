import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformProbes } from '../../src/state/readiness';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
  };
}

const NOW = Date.parse('2026-12-05T17:00:00Z');
const LIST = {
  slug: 'chk_pmain',
  title: 'Main',
  eventTitle: null,
  expiresAt: null,
  baseUrl: 'x',
  ticketsCount: 80,
  door: null,
};

const probes = (overrides: Partial<PlatformProbes> = {}): PlatformProbes => ({
  battery: async () => ({ level: 0.9, charging: false }),
  storage: async () => ({ usage: 1_000_000, quota: 10_000_000_000, persisted: true }),
  cameraPermission: async () => 'granted',
  ...overrides,
});

async function doorStore() {
  const { createAppStore } = await import('../../src/state/app-store');
  const { initialSyncStatus } = await import('../../src/sync/status/sync-status');
  const store = createAppStore();
  store.getState().setSyncStatus({
    ...initialSyncStatus,
    list: LIST,
    complete: true,
    lastPullAt: NOW - 2000,
    clockOffsetMs: 300,
  });
  return store;
}

const levels = (items: { id: string; level: string }[]) =>
  Object.fromEntries(items.map((i) => [i.id, i.level]));

describe('the door’s readiness, read outside React', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('judges the store as it stands, with "not known" before the platform was read', async () => {
    const store = await doorStore();
    const { currentReadiness } = await import('../../src/state/readiness');
    const readiness = currentReadiness(store, NOW);
    expect(levels(readiness.items)).toMatchObject({
      'list-complete': 'green',
      'list-fresh': 'green',
      'storage-persistent': 'unknown',
      'storage-room': 'unknown',
      battery: 'unknown',
      camera: 'amber',
      clock: 'green',
    });
    expect(readiness.ready).toBe(true);
  });

  it('reads the platform again on a check, and the report leaves out what is not known', async () => {
    const store = await doorStore();
    const { checkReadiness, readinessForReport } = await import('../../src/state/readiness');
    const checked = await checkReadiness(store, probes(), () => NOW);
    expect(levels(checked.items)).toMatchObject({
      'storage-persistent': 'green',
      'storage-room': 'green',
      battery: 'green',
    });
    expect(store.getState().readiness.probes).toMatchObject({ cameraPermission: 'granted', at: NOW });

    const report = await readinessForReport(store, probes({ battery: async () => null }), () => NOW);
    expect(report.ready).toBe(true);
    expect(report.items.some((i) => i.id === 'battery')).toBe(false);
    expect(report.items).toContainEqual({ id: 'clock', level: 'green' });
  });

  it('does not wait for a platform reading that never answers', async () => {
    vi.useFakeTimers();
    try {
      const store = await doorStore();
      const { checkReadiness } = await import('../../src/state/readiness');
      const checking = checkReadiness(store, probes({ battery: () => new Promise(() => {}) }), () => NOW);
      await vi.advanceTimersByTimeAsync(2000);
      const readiness = await checking;
      expect(levels(readiness.items).battery).toBe('unknown');
      expect(levels(readiness.items)['storage-room']).toBe('green');
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows the camera: refused, then a frame read once it runs', async () => {
    const store = await doorStore();
    const { currentReadiness, noteCameraFrame, noteCameraTrouble } = await import(
      '../../src/state/readiness'
    );
    noteCameraTrouble(store, 'denied');
    expect(levels(currentReadiness(store, NOW).items).camera).toBe('red');
    noteCameraFrame(store, NOW);
    expect(store.getState().readiness.signals).toMatchObject({ cameraFrameAt: NOW, cameraTrouble: null });
    expect(levels(currentReadiness(store, NOW).items).camera).toBe('green');
  });

  it('takes a running camera as allowed, without asking the platform, until it fails again', async () => {
    const store = await doorStore();
    const { checkReadiness, currentReadiness, noteCameraFrame, noteCameraTrouble } = await import(
      '../../src/state/readiness'
    );
    noteCameraTrouble(store, 'denied');
    await checkReadiness(store, probes({ cameraPermission: async () => 'denied' }), () => NOW);
    expect(levels(currentReadiness(store, NOW).items).camera).toBe('red');

    // Allowed in the browser's settings, then "Try the camera again": it runs, then reads a frame.
    noteCameraTrouble(store, null);
    expect(store.getState().readiness.probes.cameraPermission).toBe('granted');
    noteCameraFrame(store, NOW);
    expect(levels(currentReadiness(store, NOW).items).camera).toBe('green');

    const asked = vi.fn(async () => 'denied' as const);
    await checkReadiness(store, probes({ cameraPermission: asked }), () => NOW);
    expect(asked).not.toHaveBeenCalled();
    expect(levels(currentReadiness(store, NOW).items).camera).toBe('green');

    // Taken back: the picture stops with the camera's trouble, and the permission is read again.
    noteCameraTrouble(store, 'denied');
    await checkReadiness(store, probes({ cameraPermission: asked }), () => NOW);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(store.getState().readiness.probes.cameraPermission).toBe('denied');
    expect(levels(currentReadiness(store, NOW).items).camera).toBe('red');
  });

  it('lets a picture that came while the platform was read answer over that reading', async () => {
    const store = await doorStore();
    const { checkReadiness, noteCameraFrame } = await import('../../src/state/readiness');
    let answer: (permission: 'denied') => void = () => {};
    const checking = checkReadiness(
      store,
      probes({ cameraPermission: () => new Promise((resolve) => (answer = resolve)) }),
      () => NOW,
    );
    noteCameraFrame(store, NOW);
    answer('denied');
    expect(levels((await checking).items).camera).toBe('green');
    expect(store.getState().readiness.probes.cameraPermission).toBe('granted');
  });

  it('counts a hardware scanner’s read as a way to scan', async () => {
    const store = await doorStore();
    const { currentReadiness, noteCameraTrouble, noteScannerRead } = await import(
      '../../src/state/readiness'
    );
    noteCameraTrouble(store, 'no-camera');
    noteScannerRead(store, NOW);
    expect(currentReadiness(store, NOW).items.find((i) => i.id === 'camera')?.words.key).toBe('scannerSeen');
  });

  it('asks for a kiosk PIN only while the kiosk is open; the supervisor PIN counts too', async () => {
    const store = await doorStore();
    const { currentReadiness, noteKioskOpen } = await import('../../src/state/readiness');
    expect(levels(currentReadiness(store, NOW).items)['kiosk-pin']).toBeUndefined();
    noteKioskOpen(store, true);
    expect(levels(currentReadiness(store, NOW).items)['kiosk-pin']).toBe('red');
    store.getState().setSettings({ supervisorPin: { salt: 'cw==', iterations: 1, hash: 'aA==' } });
    expect(levels(currentReadiness(store, NOW).items)['kiosk-pin']).toBe('green');
  });

  it('asks for a badge layout and a print with badges on, and keeps the print through a reload', async () => {
    const store = await doorStore();
    const { currentReadiness, noteBadgePrint } = await import('../../src/state/readiness');
    expect(levels(currentReadiness(store, NOW).items)['badge-printing']).toBeUndefined();
    store.getState().setSettings({ badges: 'ask' });
    expect(levels(currentReadiness(store, NOW).items)['badge-printing']).toBe('red');

    const { takeBadgeLayout } = await import('../../src/state/badge-layouts');
    takeBadgeLayout(LIST.slug, `https://doors.example/checkin_lists/${LIST.slug}#badge=1.4x3in.fl`);
    expect(levels(currentReadiness(store, NOW).items)['badge-printing']).toBe('amber');
    noteBadgePrint(store, NOW - 60_000);
    expect(levels(currentReadiness(store, NOW).items)['badge-printing']).toBe('green');

    const reloaded = await doorStore();
    expect(reloaded.getState().readiness.signals.badgePrintAt).toBe(NOW - 60_000);
  });
});
