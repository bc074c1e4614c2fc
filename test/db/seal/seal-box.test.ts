import { describe, expect, it } from 'vitest';
import { makeKeyring, openKeyring, passcodeProblem } from '../../../src/db/seal/keyring';
import type { SealedParts } from '../../../src/db/rows';
import { SealBroken, sealBoxOf } from '../../../src/db/seal/seal-box';
import { serialized } from './stored-bytes';

const ROUNDS = 1_000;
const secret = () => crypto.getRandomValues(new Uint8Array(32));

describe('a seal box', () => {
  it('opens what it sealed, at the place it was sealed for, and only there', async () => {
    const box = await sealBoxOf(secret());
    const sealed = await box.seal({ firstName: 'Niamh', lastName: 'Ito' }, 'tickets|list|1');
    expect(await box.open(sealed, 'tickets|list|1')).toEqual({ firstName: 'Niamh', lastName: 'Ito' });
    expect(serialized(sealed)).not.toContain('Niamh');
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

  it('reads the bytes it seals before it returns: they may be written over at once', async () => {
    const box = await sealBoxOf(secret());
    const bytes = new TextEncoder().encode('Niamh Ito');
    const sealing = box.sealBytes(bytes, 'p');
    bytes.fill(0x58);
    expect(new TextDecoder().decode(await box.openBytes(await sealing, 'p'))).toBe('Niamh Ito');
  });

  it('seals many values at once, each as it was given, though their text shares one buffer', async () => {
    const box = await sealBoxOf(secret());
    const values = Array.from({ length: 50 }, (_, i) => ({
      name: `Attendee ${i}`,
      pad: 'x'.repeat(i * 997),
    }));
    const sealed = await Promise.all(values.map((value, i) => box.seal(value, `p|${i}`)));
    for (const [i, value] of values.entries()) expect(await box.open(sealed[i]!, `p|${i}`)).toEqual(value);
  });

  it('refuses a sealed value altered by one bit, or sealed by another box', async () => {
    const box = await sealBoxOf(secret());
    const sealed = (await box.seal('Niamh Ito', 'p')) as SealedParts;
    const data = new Uint8Array(sealed.data.slice(0));
    data[data.length - 1]! ^= 1;
    await expect(box.open({ iv: sealed.iv, data: data.buffer }, 'p')).rejects.toBeInstanceOf(SealBroken);
    const iv = sealed.iv.slice();
    iv[0]! ^= 1;
    await expect(box.open({ iv, data: sealed.data }, 'p')).rejects.toBeInstanceOf(SealBroken);
    const other = await sealBoxOf(secret());
    await expect(other.open(sealed, 'p')).rejects.toBeInstanceOf(SealBroken);
  });

  it('keeps the IV and the ciphertext apart, and opens them joined in one array as older rows hold them', async () => {
    const box = await sealBoxOf(secret());
    const sealed = await box.sealBytes(new TextEncoder().encode('Niamh Ito'), 'p');
    expect(sealed).toEqual({ iv: expect.any(Uint8Array), data: expect.any(ArrayBuffer) });
    const { iv, data } = sealed as SealedParts;
    const joined = new Uint8Array(iv.byteLength + data.byteLength);
    joined.set(iv);
    joined.set(new Uint8Array(data), iv.byteLength);
    expect(new TextDecoder().decode(await box.openBytes(joined, 'p'))).toBe('Niamh Ito');
    await expect(box.openBytes(joined, 'q')).rejects.toBeInstanceOf(SealBroken);
  });

  it('refuses what is not a sealed value of either form', async () => {
    const box = await sealBoxOf(secret());
    const { iv, data } = (await box.seal('Niamh Ito', 'p')) as SealedParts;
    for (const broken of [
      new Uint8Array(12),
      { iv: iv.subarray(0, 8), data },
      { iv, data: new ArrayBuffer(0) },
      { iv, data: new Uint8Array(data) },
      { data },
      'Niamh Ito',
      null,
    ])
      await expect(box.open(broken as never, 'p')).rejects.toBeInstanceOf(SealBroken);
  });

  it('seals the same value differently each time (a fresh IV)', async () => {
    const box = await sealBoxOf(secret());
    const a = await box.seal('same', 'p');
    const b = await box.seal('same', 'p');
    expect(serialized(a)).not.toBe(serialized(b));
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
