import { describe, expect, it } from 'vitest';
import { readBattery } from '../../src/platform/battery';
import { readCameraPermission } from '../../src/platform/camera-permission';

describe('the battery, where the browser tells it', () => {
  it('reads its level and whether it charges', async () => {
    const nav = { getBattery: async () => ({ level: 0.42, charging: false }) };
    expect(await readBattery(nav)).toEqual({ level: 0.42, charging: false });
  });

  it('is not known without the API, when refused, or with a level out of range', async () => {
    expect(await readBattery({})).toBeNull();
    expect(await readBattery({ getBattery: () => Promise.reject(new Error('NotAllowedError')) })).toBeNull();
    expect(await readBattery({ getBattery: async () => ({ level: Number.NaN, charging: true }) })).toBeNull();
  });
});

describe('the camera permission', () => {
  const answering = (state: string) => ({
    permissions: { query: async () => ({ state }) as PermissionStatus },
  });

  it('says granted, denied or prompt as the Permissions API does', async () => {
    expect(await readCameraPermission(answering('granted'))).toBe('granted');
    expect(await readCameraPermission(answering('denied'))).toBe('denied');
    expect(await readCameraPermission(answering('prompt'))).toBe('prompt');
  });

  it('is not known where the API lacks it or does not know the camera', async () => {
    expect(await readCameraPermission({})).toBeNull();
    const unknownName = { permissions: { query: () => Promise.reject(new TypeError('camera')) } };
    expect(await readCameraPermission(unknownName)).toBeNull();
  });
});
