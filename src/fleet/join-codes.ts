// Join codes as people type them: 16 characters of Crockford's base32 (80 bits from the
// platform's cryptographic generator), shown in four groups of four. Read back forgivingly, as
// Crockford meant: case, spaces and hyphens do not count, `I`/`L` are `1` and `O` is `0`, so a
// code read aloud or typed on a phone still matches. Anything else is not a code at all. The
// reading and the shown form are the door's too (src/domain/join-code.ts): one rule, both ends.
import { groupedJoinCode, JOIN_CODE_LENGTH, readJoinCode } from '../domain/join-code';
import { secretString } from '../platform/secrets';

/** Crockford's base32: no I, L, O or U, so no two characters look alike. */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export { JOIN_CODE_LENGTH, readJoinCode };

export function newJoinCode(): string {
  return secretString(JOIN_CODE_LENGTH, CROCKFORD);
}

/** `ABCDEFGH…` as `ABCD-EFGH-…`. */
export const shownJoinCode = groupedJoinCode;
