// The door's one secret, kept only wrapped under the staff's passcode. Guarantees:
// - The secret is 256 random bits from the platform's generator, made when the first list is
//   joined (or when a copy kept before sealing is sealed), and never stored unwrapped: the
//   keyring row holds it AES-256-GCM-sealed under a key stretched from the passcode with
//   PBKDF2-SHA-256 (600,000 rounds, a 128-bit random salt), so a copy of the profile yields it
//   only to someone who also has the passcode or guesses it at that cost per try.
// - A wrong passcode is told apart from a right one only by GCM's tag: it gives
//   `wrong-passcode`, never a box that opens nothing.
// - The rounds are stored with the row: raising them later keeps every keyring opening.
import { sealBoxOf, type SealBox } from './seal-box';

export const PASSCODE_ROUNDS = 600_000;
/** Fewer characters than this are refused (docs/security.md gives what guessing costs). */
export const PASSCODE_MIN_LENGTH = 8;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const SECRET_BYTES = 32;
const PLACE = new TextEncoder().encode('keyring|door');

/** The one keyring row of a door's database. */
export interface KeyringRow {
  id: 'door';
  salt: Uint8Array;
  rounds: number;
  /** The secret, sealed: 12-byte IV, then ciphertext and tag. */
  wrapped: Uint8Array;
  createdAt: number;
}

export type PasscodeProblem = 'too-short';

/** Why a passcode may not be chosen, or null. Counted in characters as a person types them. */
export function passcodeProblem(passcode: string): PasscodeProblem | null {
  return [...passcode.normalize('NFC')].length < PASSCODE_MIN_LENGTH ? 'too-short' : null;
}

async function wrappingKey(passcode: string, salt: Uint8Array, rounds: number): Promise<CryptoKey> {
  const typed = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passcode.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations: rounds },
    typed,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** A new keyring under `passcode` (checked with `passcodeProblem` first), and its open box. */
export async function makeKeyring(
  passcode: string,
  now: number,
  rounds = PASSCODE_ROUNDS,
): Promise<{ row: KeyringRow; box: SealBox }> {
  const secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await wrappingKey(passcode, salt, rounds);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: PLACE }, key, secret as BufferSource),
  );
  const wrapped = new Uint8Array(IV_BYTES + sealed.byteLength);
  wrapped.set(iv);
  wrapped.set(sealed, IV_BYTES);
  return { row: { id: 'door', salt, rounds, wrapped, createdAt: now }, box: await sealBoxOf(secret) };
}

/** The box the keyring holds, or null when `passcode` is not the one it was made with. */
export async function openKeyring(row: KeyringRow, passcode: string): Promise<SealBox | null> {
  const key = await wrappingKey(passcode, row.salt, row.rounds);
  let secret: ArrayBuffer;
  try {
    secret = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: row.wrapped.subarray(0, IV_BYTES) as BufferSource, additionalData: PLACE },
      key,
      row.wrapped.subarray(IV_BYTES) as BufferSource,
    );
  } catch {
    return null;
  }
  return sealBoxOf(new Uint8Array(secret));
}
