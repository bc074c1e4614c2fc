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
