// Join codes as people type them: 16 characters of Crockford's base32 (80 bits from the
// platform's cryptographic generator), shown in four groups of four. Read back forgivingly, as
// Crockford meant: case, spaces and hyphens do not count, `I`/`L` are `1` and `O` is `0`, so a
// code read aloud or typed on a phone still matches. Anything else is not a code at all.
import { secretString } from '../platform/secrets';

/** Crockford's base32: no I, L, O or U, so no two characters look alike. */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const JOIN_CODE_LENGTH = 16;
const GROUP = 4;
/** Longer input than a code with generous spacing is not read at all. */
const MAX_INPUT = 64;

export function newJoinCode(): string {
  return secretString(JOIN_CODE_LENGTH, CROCKFORD);
}

/** `ABCDEFGH…` as `ABCD-EFGH-…`. */
export function shownJoinCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += GROUP) groups.push(code.slice(i, i + GROUP));
  return groups.join('-');
}

/** The code a person typed, in its stored form, or null when it cannot be one. */
export function readJoinCode(typed: string): string | null {
  if (typed.length > MAX_INPUT) return null;
  const plain = typed
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (plain.length !== JOIN_CODE_LENGTH) return null;
  for (const ch of plain) if (!CROCKFORD.includes(ch)) return null;
  return plain;
}
