import { describe, expect, it } from 'vitest';
import { readStorageHealth } from '../../src/platform/storage-health';
import { formatBytes } from '../../src/ui/format';

describe('storage health', () => {
  it('reads usage, quota and persistence from the storage manager', async () => {
    const storage = {
      estimate: async () => ({ usage: 3_400_000, quota: 1_200_000_000 }),
      persisted: async () => true,
    } as unknown as StorageManager;
    expect(await readStorageHealth(storage)).toEqual({
      usage: 3_400_000,
      quota: 1_200_000_000,
      persisted: true,
    });
  });

  it('answers null for what the browser cannot tell, or refuses to', async () => {
    expect(await readStorageHealth({} as StorageManager)).toEqual({
      usage: null,
      quota: null,
      persisted: null,
    });
    const refusing = {
      estimate: async () => Promise.reject(new Error('SecurityError')),
      persisted: async () => false,
    } as unknown as StorageManager;
    expect(await readStorageHealth(refusing)).toEqual({ usage: null, quota: null, persisted: false });
  });

  it('writes sizes the way storage settings do', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3_400_000)).toBe('3.4 MB');
    expect(formatBytes(1_200_000_000)).toBe('1.2 GB');
    expect(formatBytes(300_000_000_000)).toBe('300 GB');
  });
});
