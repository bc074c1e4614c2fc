// The kiosk PIN, kept as a salted PBKDF2 hash (WebCrypto) rather than the digits: whoever
// reads the device's storage learns only what it takes to try every PIN at this cost.
// 210,000 rounds of SHA-256 take about 65 ms on a laptop and stay under half a second on a
// phone; the count is stored with each hash, so raising it later keeps old PINs working.

export interface PinHash {
  /** base64 */
  salt: string;
  iterations: number;
  /** base64 of 32 bytes */
  hash: string;
}

export const PIN_ITERATIONS = 210_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(pin: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<PinHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return { salt: toBase64(salt), iterations, hash: toBase64(await derive(pin, salt, iterations)) };
}

/** Whether a stored value has the shape of a PIN hash (settings come from storage, untrusted). */
export function isPinHash(value: unknown): value is PinHash {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.salt === 'string' &&
    typeof v.hash === 'string' &&
    typeof v.iterations === 'number' &&
    Number.isInteger(v.iterations) &&
    v.iterations >= 1 &&
    v.iterations <= 10_000_000 &&
    v.salt.length <= 64 &&
    v.hash.length <= 64
  );
}

/** Compares every byte whatever the first difference, so timing does not leak how close a guess was. */
export async function verifyPin(pin: string, stored: PinHash): Promise<boolean> {
  let expected: Uint8Array;
  let salt: Uint8Array;
  try {
    expected = fromBase64(stored.hash);
    salt = fromBase64(stored.salt);
  } catch {
    return false;
  }
  const actual = await derive(pin, salt, stored.iterations);
  let difference = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) difference |= actual[i]! ^ (expected[i] ?? 0);
  return difference === 0;
}
