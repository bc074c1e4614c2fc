import { describe, expect, it } from 'vitest';
import { dropLeftoverKeys } from '../../src/state/dropped-keys';

/** A Storage over a Map, as the browser's localStorage behaves for these calls. */
function storage(entries: Record<string, string>): Storage {
  const items = new Map(Object.entries(entries));
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe('keys an earlier version left in localStorage', () => {
  it('removes every staff undo reason and keeps the settings and everything else', () => {
    const saved = storage({
      'venue-checkin.settings': '{"deviceName":"North door"}',
      'venue-checkin.undo-reason.k1': 'Niamh Ito came back for her coat',
      'venue-checkin.undo-reason.k2': 'wrong guest',
      'venue-checkin.known-services': '[]',
    });
    expect(dropLeftoverKeys(saved)).toBe(2);
    expect(Array.from({ length: saved.length }, (_, i) => saved.key(i)).sort()).toEqual([
      'venue-checkin.known-services',
      'venue-checkin.settings',
    ]);
  });

  it('does nothing without a storage (a worker, a private window that refuses it)', () => {
    expect(dropLeftoverKeys(null)).toBe(0);
  });
});
