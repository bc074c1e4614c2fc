// The door's sealed copy: what "sealed" means, in one place. Every personal field of the local
// copy (names, emails, companies, phone numbers, answers, references, and the audit log's
// references and reasons) is written only as a `SealBox` sealed it, and a ticket code is kept
// only as the box's keyed digest. Guarantees:
// - AES-256-GCM with a fresh 96-bit random IV for every seal (WebCrypto, native on every
//   engine, in the page and in workers); the key never leaves this module's closure and is not
//   extractable, so nothing can write it anywhere, by accident or by a log.
// - Each sealed value is bound to where it is kept (`place`, the row's identity, as GCM's
//   additional data): a sealed value moved to another row, or altered by one bit, does not open
//   (`SealBroken` is thrown: a fault, never a verdict from another ticket's data).
// - `digest` is HMAC-SHA-256 under a second key from the same secret: equal codes give equal
//   digests on this device and nothing a copy of the profile can recompute without the key.
// - The box's two keys come from one 256-bit secret through HKDF; the secret itself is kept
//   only wrapped (keyring.ts) and is zeroed here once the keys are made.
// All of it is asynchronous: seal before a Dexie transaction, open after it (a WebCrypto
// promise settles in a later task, and an IndexedDB transaction commits when a task ends idle).

import type { Sealed, SealedParts } from '../rows';
import { utf8Scratch } from './utf8-after';

const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A sealed value that does not open: altered, moved to another row, or sealed under another key. */
export class SealBroken extends Error {
  constructor(place: string) {
    super(`A sealed value of ${place.split('|')[0] ?? 'the copy'} does not open`);
    this.name = 'SealBroken';
  }
}

export interface SealBox {
  /**
   * `bytes` sealed for `place` (where it is kept: table and row key, e.g. `pages|<list>|tickets|3`).
   * `bytes` are read before this returns (WebCrypto copies its input as it is called): the caller
   * may write over them at once (utf8-after.ts's scratch buffer).
   */
  sealBytes(bytes: Uint8Array, place: string): Promise<Sealed>;
  /** The bytes sealed for `place`; throws `SealBroken` when they do not open there. */
  openBytes(sealed: Sealed, place: string): Promise<Uint8Array>;
  /** A value as JSON, sealed. */
  seal(value: unknown, place: string): Promise<Sealed>;
  open<T>(sealed: Sealed, place: string): Promise<T>;
  /** The keyed digest of a code (base64url, 128 bits): what an index keeps instead of the code. */
  digest(code: string): Promise<string>;
}

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The box of a 256-bit secret; the secret's bytes are zeroed once its keys are made. */
export async function sealBoxOf(secret: Uint8Array): Promise<SealBox> {
  const base = await crypto.subtle.importKey('raw', secret as BufferSource, 'HKDF', false, ['deriveKey']);
  secret.fill(0);
  const hkdf = (info: string) => ({
    name: 'HKDF',
    hash: 'SHA-256',
    salt: new Uint8Array(32),
    info: encoder.encode(`venue-checkin ${info}`),
  });
  const sealKey = await crypto.subtle.deriveKey(hkdf('seal'), base, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const digestKey = await crypto.subtle.deriveKey(
    hkdf('digest'),
    base,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );

  const sealBytes = async (bytes: Uint8Array, place: string) => {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    // Nothing is awaited before `encrypt` has its copy of `bytes` (see SealBox.sealBytes).
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(place) },
      sealKey,
      bytes as BufferSource,
    );
    // Kept apart: joining them would copy every sealed byte once more (a first download's
    // worker wrote some 60 MB of fresh memory for it; docs/benchmarks.md, the nineteenth sitting).
    return { iv, data: sealed };
  };
  const openBytes = async (sealed: Sealed, place: string) => {
    const parts = partsOf(sealed);
    if (!parts) throw new SealBroken(place);
    try {
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: parts.iv as BufferSource, additionalData: encoder.encode(place) },
        sealKey,
        parts.data as BufferSource,
      );
      return new Uint8Array(plain);
    } catch {
      throw new SealBroken(place);
    }
  };
  return {
    sealBytes,
    openBytes,
    // `undefined` has no JSON: sealed as nothing, as `encode` made it.
    seal: (value, place) => sealBytes(utf8Scratch(JSON.stringify(value) ?? ''), place),
    open: async <T>(sealed: Sealed, place: string) =>
      JSON.parse(decoder.decode(await openBytes(sealed, place))) as T,
    async digest(code) {
      const mac = await crypto.subtle.sign('HMAC', digestKey, encoder.encode(code));
      return toBase64Url(new Uint8Array(mac, 0, 16));
    },
  };
}

/** Whether `value` is a sealed value, of either form (rows.ts's `Sealed`). */
export function isSealedValue(value: unknown): value is Sealed {
  return partsOf(value) !== null;
}

/** A sealed value's IV and ciphertext, of either form; null for anything else. */
function partsOf(value: unknown): { iv: Uint8Array; data: Uint8Array | ArrayBuffer } | null {
  if (value instanceof Uint8Array)
    return value.byteLength > IV_BYTES
      ? { iv: value.subarray(0, IV_BYTES), data: value.subarray(IV_BYTES) }
      : null;
  if (typeof value !== 'object' || value === null) return null;
  const { iv, data } = value as Partial<SealedParts>;
  return iv instanceof Uint8Array &&
    iv.byteLength === IV_BYTES &&
    data instanceof ArrayBuffer &&
    data.byteLength > 0
    ? { iv, data }
    : null;
}

/** Whether this context can seal at all: WebCrypto's `subtle` exists only in a secure context. */
export const canSeal = (): boolean => typeof globalThis.crypto?.subtle?.encrypt === 'function';
