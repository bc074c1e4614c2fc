import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkLimited,
  FIRST_WAIT_MS,
  FREE_TRIES,
  MAX_WAIT_MS,
  readAttempts,
  waitAfter,
} from '../../src/state/pin-attempts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

const NOW = Date.parse('2026-11-23T19:00:00Z');
const wrong = () => Promise.resolve(false);
const right = () => Promise.resolve(true);

describe('PIN attempt limiting', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('allows a few wrong PINs, then makes the pad wait longer after each', async () => {
    for (let i = 1; i < FREE_TRIES; i++) expect(await checkLimited(wrong, NOW)).toEqual({ kind: 'wrong' });
    expect(await checkLimited(wrong, NOW)).toEqual({ kind: 'wait', ms: FIRST_WAIT_MS });
    // While it waits, even the right PIN is not checked.
    const verify = vi.fn(right);
    expect(await checkLimited(verify, NOW + 1000)).toEqual({ kind: 'wait', ms: FIRST_WAIT_MS - 1000 });
    expect(verify).not.toHaveBeenCalled();
    expect(await checkLimited(wrong, NOW + FIRST_WAIT_MS)).toEqual({ kind: 'wait', ms: 2 * FIRST_WAIT_MS });
    expect(waitAfter(40)).toBe(MAX_WAIT_MS);
  });

  it('keeps the count across a reload and clears it with the right PIN', async () => {
    for (let i = 0; i < FREE_TRIES; i++) await checkLimited(wrong, NOW);
    expect(readAttempts()).toEqual({ failures: FREE_TRIES, lockedUntil: NOW + FIRST_WAIT_MS });
    expect(await checkLimited(right, NOW + FIRST_WAIT_MS)).toEqual({ kind: 'right' });
    expect(readAttempts()).toEqual({ failures: 0, lockedUntil: 0 });
    expect(await checkLimited(wrong, NOW + FIRST_WAIT_MS)).toEqual({ kind: 'wrong' });
  });

  it('reads a damaged stored count as none', () => {
    localStorage.setItem('venue-checkin.pin-attempts', '{"failures":"lots","lockedUntil":null}');
    expect(readAttempts()).toEqual({ failures: 0, lockedUntil: 0 });
  });
});
