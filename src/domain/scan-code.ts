// Turns whatever a camera, a wedge scanner or a person typed into what the door can act on.
// Anything that is not recognisably a ticket (or a list to join) is "not a ticket", never an error.
import { parseListCredential } from './list-credential';
import { parseWebUrl } from './web-url';

export type ScannedCode =
  | { kind: 'ticket-slug'; slug: string; text: string }
  | { kind: 'ticket-reference'; reference: string; text: string }
  /** A registration's (an order's) own reference: every ticket of it at once. */
  | { kind: 'registration-reference'; reference: string; text: string }
  | { kind: 'checkin-list'; slug: string; origin: string | null; text: string }
  | { kind: 'not-a-ticket'; text: string };

const TICKET_SLUG = /^ti_[A-Za-z0-9_-]{4,}$/;
// A ticket reference is its registration's four characters, a dash and the ticket's number.
const TICKET_REFERENCE = /^[A-Z0-9]{4}-\d{1,5}$/;
// A registration reference is four letters and digits. (The mock's seed makes five past half a
// million orders; those are found by search. Five would also read "hello" as an order.)
const REGISTRATION_REFERENCE = /^[A-Z0-9]{4}$/;
const MAX_LENGTH = 2048;

/** Wedge scanners and clipboards add control characters and stray spaces; they mean nothing. */
export function cleanScanText(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return raw.replace(/[\u0000-\u001f\u007f\u200b-\u200d\ufeff]/g, '').trim();
}

function slugInUrl(text: string): string | null {
  const segments = parseWebUrl(text)?.pathname.split('/') ?? [];
  return segments.find((part) => TICKET_SLUG.test(part)) ?? null;
}

export function parseScannedCode(raw: string): ScannedCode {
  const text = cleanScanText(raw).slice(0, MAX_LENGTH);
  if (TICKET_SLUG.test(text)) return { kind: 'ticket-slug', slug: text, text };
  const upper = text.toUpperCase();
  if (TICKET_REFERENCE.test(upper)) return { kind: 'ticket-reference', reference: upper, text };
  if (REGISTRATION_REFERENCE.test(upper)) return { kind: 'registration-reference', reference: upper, text };
  const fromUrl = slugInUrl(text);
  if (fromUrl) return { kind: 'ticket-slug', slug: fromUrl, text };
  const list = parseListCredential(text);
  if (list) return { kind: 'checkin-list', slug: list.slug, origin: list.origin, text };
  return { kind: 'not-a-ticket', text };
}
