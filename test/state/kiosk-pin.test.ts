import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The little of localStorage that settings use, so the node test sees what a browser keeps. */
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

const KEY = 'venue-checkin.settings';

describe('kiosk PIN in the settings', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('replaces a PIN saved in digits by its hash on start-up, keeping the other settings', async () => {
    localStorage.setItem(KEY, JSON.stringify({ kioskPin: '2468', deviceName: 'North door' }));
    const { createAppStore } = await import('../../src/state/app-store');
    const { checkKioskPin, migratePlainPin } = await import('../../src/state/kiosk-pin');
    const store = createAppStore();
    expect(store.getState().settings.kioskPin).toBeNull();
    await migratePlainPin(store);
    const raw = localStorage.getItem(KEY)!;
    expect(raw).not.toContain('2468');
    expect(JSON.parse(raw)).toMatchObject({ deviceName: 'North door', kioskPin: { iterations: 210_000 } });
    expect(store.getState().shell.pinMigrating).toBe(false);
    expect(await checkKioskPin(store, '2468')).toBe(true);
    expect(await checkKioskPin(store, '2469')).toBe(false);
  });

  it('sets and removes a PIN without the digits ever reaching storage', async () => {
    const { createAppStore } = await import('../../src/state/app-store');
    const { checkKioskPin, setKioskPin } = await import('../../src/state/kiosk-pin');
    const store = createAppStore();
    expect(await checkKioskPin(store, '')).toBe(false);
    await setKioskPin(store, '97531');
    expect(localStorage.getItem(KEY)).not.toContain('97531');
    expect(await checkKioskPin(store, '97531')).toBe(true);
    await setKioskPin(store, '');
    expect(store.getState().settings.kioskPin).toBeNull();
    expect(await checkKioskPin(store, '97531')).toBe(false);
  });

  it('ignores a stored PIN of the wrong shape instead of trusting it', async () => {
    localStorage.setItem(KEY, JSON.stringify({ kioskPin: { hash: 'x' } }));
    const { loadSettings } = await import('../../src/state/settings');
    expect(loadSettings().kioskPin).toBeNull();
  });
});
