import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSettings } from '../../src/state/settings';

function saved(value: unknown) {
  vi.stubGlobal('localStorage', { getItem: () => JSON.stringify(value), setItem: () => undefined });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fast-lane and camera settings', () => {
  it('starts outside the fast lane, with no camera remembered', () => {
    saved(null);
    expect(loadSettings()).toMatchObject({ fastLane: false, cameraDeviceId: null });
  });

  it('keeps the fast lane and the camera used across reloads', () => {
    saved({ fastLane: true, cameraDeviceId: 'rear-camera-id' });
    expect(loadSettings()).toMatchObject({ fastLane: true, cameraDeviceId: 'rear-camera-id' });
  });

  it('takes anything but true as "off", so a damaged setting never turns the lane on', () => {
    saved({ fastLane: 'yes' });
    expect(loadSettings().fastLane).toBe(false);
  });
});

describe('saving a setting', () => {
  function storage() {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    });
    return items;
  }

  it("keeps what another tab saved meanwhile, and this tab's own change", async () => {
    const items = storage();
    const { createAppStore } = await import('../../src/state/app-store');
    const { SETTINGS_KEY } = await import('../../src/state/saved-settings');
    const kioskTab = createAppStore();
    const staffTab = createAppStore();
    kioskTab.getState().setSettings({ kioskLanguage: 'fr' });
    staffTab.getState().setSettings({ cameraDeviceId: 'rear-camera-id' });
    expect(JSON.parse(items.get(SETTINGS_KEY)!)).toMatchObject({
      kioskLanguage: 'fr',
      cameraDeviceId: 'rear-camera-id',
    });
    expect(staffTab.getState().settings).toMatchObject({
      kioskLanguage: 'fr',
      cameraDeviceId: 'rear-camera-id',
    });
    kioskTab.getState().reloadSettings();
    expect(kioskTab.getState().settings.cameraDeviceId).toBe('rear-camera-id');
  });

  it('still applies a change for this visit where storage refuses it', async () => {
    vi.stubGlobal('localStorage', {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    const { createAppStore } = await import('../../src/state/app-store');
    const store = createAppStore();
    store.getState().setSettings({ fastLane: true });
    store.getState().setSettings({ doorMode: 'exit' });
    expect(store.getState().settings).toMatchObject({ fastLane: true, doorMode: 'exit' });
  });
});
