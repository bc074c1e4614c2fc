import { afterEach, describe, expect, it } from 'vitest';
import { readStorageHealth } from '../../src/platform/storage-health';
import { formatBytes, formatShare } from '../../src/ui/format';
import { activateLocale } from '../../src/ui/i18n/i18n';

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

  describe('the share of the quota in use', () => {
    afterEach(() => activateLocale('en'));

    it("is written in the locale's percent style, never a bare 0 % while something is stored", async () => {
      await activateLocale('en');
      expect(formatShare(3_400_000, 1_200_000_000)).toBe('0.3%');
      expect(formatShare(0, 1_200_000_000)).toBe('0%');
      expect(formatShare(600, 1_000_000_000_000)).toBe('\u2066<0.1%\u2069');
      expect(formatShare(2, 1)).toBe('100%');
      await activateLocale('de');
      expect(formatShare(3_400_000, 1_200_000_000)).toBe('0,3\u00a0%');
    });

    it('keeps "<0.1%" left to right in Arabic, so the sign is not mirrored behind the number', async () => {
      await activateLocale('ar');
      const tiny = formatShare(600, 1_000_000_000_000);
      // An isolate around the whole: the sign stays in front of the number whatever the line's direction.
      expect(tiny.startsWith('\u2066<')).toBe(true);
      expect(tiny.endsWith('\u2069')).toBe(true);
      expect(tiny).toMatch(/0[.,٫]1/);
    });
  });
});
