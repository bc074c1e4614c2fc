// What a person can hand the door app to join a list: the bare slug, the list's web check-in
// address, or whatever its QR code holds (one of the two). The slug is the credential.
import { parseWebUrl } from './web-url';

export interface ListCredential {
  slug: string;
  /** The service's address the list was given with, when it came as a URL. */
  origin: string | null;
}

const SLUG = /^chk_[A-Za-z0-9_-]{4,}$/;

export function parseListCredential(input: string): ListCredential | null {
  const text = input.trim();
  if (SLUG.test(text)) return { slug: text, origin: null };
  const url = parseWebUrl(text);
  if (!url) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const at = segments.lastIndexOf('checkin_lists');
  const slug = at >= 0 ? segments[at + 1] : undefined;
  if (!slug || !SLUG.test(slug)) return null;
  return { slug, origin: url.origin };
}

/** The part of a web check-in address before `/checkin_lists/<slug>`. */
export function baseUrlOf(address: string): string | null {
  try {
    const url = new URL(address.trim());
    const at = url.pathname.lastIndexOf('/checkin_lists/');
    return at < 0 ? null : `${url.origin}${url.pathname.slice(0, at)}`;
  } catch {
    return null;
  }
}
