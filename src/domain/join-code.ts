// A door kit's join code, as a person hands it to the door: typed (in groups or not, any case),
// or as the kit's link and QR code, `<origin>/door/join#code=<code>`. The code is 16 characters
// of Crockford's base32, read as the server reads it: case, spaces and hyphens do not count,
// `I`/`L` are `1` and `O` is `0`. The code sits in the link's fragment, so it never reaches a
// server's log or a `Referer`.
import { parseWebUrl } from './web-url';

export const JOIN_CODE_LENGTH = 16;
const CROCKFORD = /^[0-9A-HJKMNP-TV-Z]+$/;
/** Longer input than a code with generous spacing is not read at all. */
const MAX_INPUT = 64;
/** Where the door kit's link lands: the door's join screen. */
export const JOIN_PATH = '/door/join';

export interface JoinCode {
  /** The code in the server's stored form (16 characters, upper case, no groups). */
  code: string;
  /** The server whose link it was; null when typed (the app's own server is asked). */
  origin: string | null;
}

/** The typed code in its stored form, or null when it cannot be one. */
export function readJoinCode(typed: string): string | null {
  if (typed.length > MAX_INPUT) return null;
  const plain = typed
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return plain.length === JOIN_CODE_LENGTH && CROCKFORD.test(plain) ? plain : null;
}

/** The code in a door kit's link (`…/door/join#code=…`), or null. */
function codeInLink(text: string): JoinCode | null {
  const url = parseWebUrl(text);
  if (!url || url.pathname.replace(/\/+$/, '') !== JOIN_PATH) return null;
  const code = new URLSearchParams(url.hash.replace(/^#/, '')).get('code');
  const read = code === null ? null : readJoinCode(code);
  return read ? { code: read, origin: url.origin } : null;
}

/** A join code typed, or the door kit's link or QR content; null for anything else. */
export function parseJoinCode(input: string): JoinCode | null {
  const text = input.trim();
  const typed = readJoinCode(text);
  return typed ? { code: typed, origin: null } : codeInLink(text);
}

/** `ABCDEFGH…` as `ABCD-EFGH-…`, as the door kit prints it. */
export function groupedJoinCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
