import { describe, expect, it } from 'vitest';
import { hashPin, isPinHash, PIN_ITERATIONS, verifyPin } from '../../src/platform/pin-hash';

// A low count keeps the unit tests quick; the real count is checked once below.
const FAST = 1_000;

describe('kiosk PIN hash', () => {
  it('keeps a salted hash, not the digits, at the standard cost', async () => {
    const stored = await hashPin('2468');
    expect(stored.iterations).toBe(PIN_ITERATIONS);
    expect(PIN_ITERATIONS).toBeGreaterThanOrEqual(210_000);
    expect(JSON.stringify(stored)).not.toContain('2468');
    expect(atob(stored.hash)).toHaveLength(32);
    expect(atob(stored.salt)).toHaveLength(16);
    expect(await verifyPin('2468', stored)).toBe(true);
  });

  it('accepts the right PIN and refuses others, including prefixes and extensions', async () => {
    const stored = await hashPin('13579', FAST);
    expect(await verifyPin('13579', stored)).toBe(true);
    for (const guess of ['1357', '135790', '13578', '', '97531'])
      expect(await verifyPin(guess, stored)).toBe(false);
  });

  it('salts each hash, so the same PIN never stores the same value twice', async () => {
    const [a, b] = [await hashPin('1111', FAST), await hashPin('1111', FAST)];
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPin('1111', a)).toBe(true);
    expect(await verifyPin('1111', b)).toBe(true);
  });

  it('uses the stored iteration count, so a hash made at another cost still verifies', async () => {
    const stored = await hashPin('8080', 2_000);
    expect(await verifyPin('8080', stored)).toBe(true);
    expect(await verifyPin('8080', { ...stored, iterations: 2_001 })).toBe(false);
  });

  it('refuses a damaged stored hash instead of throwing', async () => {
    const stored = await hashPin('4321', FAST);
    expect(await verifyPin('4321', { ...stored, hash: '%%%not base64' })).toBe(false);
    expect(await verifyPin('4321', { ...stored, hash: btoa('short') })).toBe(false);
  });

  it('recognises only well-formed stored hashes', async () => {
    expect(isPinHash(await hashPin('1234', FAST))).toBe(true);
    for (const value of [
      null,
      '1234',
      1234,
      {},
      { salt: 'a', hash: 'b' },
      { salt: 'a', hash: 'b', iterations: 0 },
    ])
      expect(isPinHash(value)).toBe(false);
    expect(isPinHash(JSON.parse('{"__proto__":{"x":1},"salt":"a","hash":"b","iterations":"9"}'))).toBe(false);
  });
});
