import { describe, expect, it } from 'vitest';
import { makeKeyring, openKeyring, passcodeProblem } from '../../../src/db/seal/keyring';
import { SealBroken, sealBoxOf } from '../../../src/db/seal/seal-box';

const ROUNDS = 1_000;
const secret = () => crypto.getRandomValues(new Uint8Array(32));

describe('a seal box', () => {
  it('opens what it sealed, at the place it was sealed for, and only there', async () => {
    const box = await sealBoxOf(secret());
    const sealed = await box.seal({ firstName: 'Niamh', lastName: 'Ito' }, 'tickets|list|1');
    expect(await box.open(sealed, 'tickets|list|1')).toEqual({ firstName: 'Niamh', lastName: 'Ito' });
    expect(new TextDecoder().decode(sealed)).not.toContain('Niamh');
    await expect(box.open(sealed, 'tickets|list|2')).rejects.toBeInstanceOf(SealBroken);
  });

  it('opens any value it sealed as JSON, whatever its characters', async () => {
    const box = await sealBoxOf(crypto.getRandomValues(new Uint8Array(32)));
    for (const value of [
      { a: 'plain' },
      { a: 'García' },
      { a: '東京'.repeat(500) },
      ['🎟️'.repeat(100)],
      42,
      null,
    ])
      expect(await box.open(await box.seal(value, 'p|1'), 'p|1')).toEqual(value);
  });

  it('refuses a sealed value altered by one bit, or sealed by another box', async () => {
    const box = await sealBoxOf(secret());
    const sealed = await box.seal('Niamh Ito', 'p');
    const altered = sealed.slice();
    altered[altered.length - 1]! ^= 1;
    await expect(box.open(altered, 'p')).rejects.toBeInstanceOf(SealBroken);
    const other = await sealBoxOf(secret());
    await expect(other.open(sealed, 'p')).rejects.toBeInstanceOf(SealBroken);
  });

  it('seals the same value differently each time (a fresh IV)', async () => {
    const box = await sealBoxOf(secret());
    const a = await box.seal('same', 'p');
    const b = await box.seal('same', 'p');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('digests a code the same way under one key and differently under another', async () => {
    const bytes = secret();
    const box = await sealBoxOf(bytes.slice());
    const again = await sealBoxOf(bytes.slice());
    const other = await sealBoxOf(secret());
    const digest = await box.digest('ABC-123');
    expect(digest).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await again.digest('ABC-123')).toBe(digest);
    expect(await box.digest('ABC-124')).not.toBe(digest);
    expect(await other.digest('ABC-123')).not.toBe(digest);
  });

  it('zeroes the secret it was given once its keys are made', async () => {
    const bytes = secret();
    await sealBoxOf(bytes);
    expect(bytes.every((b) => b === 0)).toBe(true);
  });
});

describe('the keyring', () => {
  it('yields the box it was made with for the right passcode, and nothing for another', async () => {
    const { row, box } = await makeKeyring('door passcode', 1, ROUNDS);
    const sealed = await box.seal('Niamh Ito', 'p');
    const reopened = await openKeyring(row, 'door passcode');
    expect(reopened).not.toBeNull();
    expect(await reopened!.open(sealed, 'p')).toBe('Niamh Ito');
    expect(await openKeyring(row, 'door passcodf')).toBeNull();
    expect(row.rounds).toBe(ROUNDS);
    expect(row.salt.byteLength).toBe(16);
  });

  it('reads a passcode as typed in either Unicode form', async () => {
    const { row } = await makeKeyring('café au lait', 1, ROUNDS);
    expect(await openKeyring(row, 'cafe\u0301 au lait')).not.toBeNull();
  });

  it('refuses a passcode shorter than eight characters', () => {
    expect(passcodeProblem('1234567')).toBe('too-short');
    expect(passcodeProblem('12345678')).toBeNull();
    expect(passcodeProblem('😀😀😀😀😀😀😀')).toBe('too-short');
  });
});
