// Tickets as they are sealed, a slice of a page (sealed-slices.ts) or a page stored whole
// (sealed-rows.ts): framed, so that a keyed read parses the one ticket it wants, not the
// hundred. Guarantees:
// - The frame is the plaintext: it is sealed whole, as one value bound to its slice's or page's
//   place. What it adds (where each ticket's JSON starts and ends, and the page-codes.ts keys of
//   its slug, reference and order) is sealed with it and is never stored or kept anywhere plain.
// - The frame's body is its items as one JSON array, byte for byte what `JSON.stringify(items)`
//   gives: read whole, it is one decode and one parse.
// - A page sealed before frames (its plaintext the JSON array itself) still opens: a frame
//   starts with a zero byte, which no JSON text does. Its items are parsed whole, as before.
// - `holding(keys)` answers every item whose slug, reference or order has one of `keys` (a hash
//   may collide: then more, never fewer); the reader checks the code itself, as it does a page.
// Layout (32-bit words in this device's byte order: a frame is written and read on one device):
// word 0 the version (its first byte zero), word 1 the item count n, then n entries of five
// words (the item's JSON start and end in the body, its slug, reference and order keys; 0 for
// no order), then the body.
import type { RemoteTicket } from '../../api/schemas';
import { type TicketKeys, ticketKeys } from '../page-codes';
import { utf8After } from './utf8-after';

/** Word 0 of a frame: byte 0 is 0 on either byte order, so never the `[` of a JSON page. */
const FRAME_V1 = 0x0001_0000;
const HEADER_WORDS = 2;
const ENTRY_WORDS = 5;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const OPEN = 0x7b; // {
const QUOTE = 0x22; // "
const COMMA = 0x2c; // ,
const BRACKET = 0x5b; // [

/**
 * Where each item of a JSON array of objects starts, in its UTF-8 bytes: a `{` after the `[` or a
 * `,` and before a `"`. No string holds that (a `"` in a string is escaped), so these are the
 * array's objects and any object nested in an array inside them; null unless exactly `n` are
 * found (an item with such a nesting, or an empty object: the caller frames item by item).
 */
function itemStarts(body: Uint8Array, n: number): Uint32Array | null {
  const starts = new Uint32Array(n);
  let found = 0;
  for (let at = body.indexOf(OPEN); at !== -1; at = body.indexOf(OPEN, at + 1)) {
    const before = body[at - 1];
    if ((before !== COMMA && before !== BRACKET) || body[at + 1] !== QUOTE) continue;
    if (found === n) return null;
    starts[found++] = at;
  }
  return found === n ? starts : null;
}

/**
 * A page's tickets framed: the bytes to seal. The page is stringified and encoded as one JSON
 * value, as before frames, and each ticket's bytes found in it (`itemStarts`); should that not
 * hold, each ticket is stringified and encoded alone. `tickets`: their keys, when the page's
 * codes computed them already. `encode`: where the bytes are written (utf8-after.ts): a fresh
 * buffer, or for a frame sealed at once the scratch buffer, valid until the next frame.
 */
export function frameTickets(
  items: readonly RemoteTicket[],
  tickets: TicketKeys = ticketKeys(items),
  encode: (text: string, at: number) => Uint8Array = utf8After,
): Uint8Array {
  const n = items.length;
  const bodyAt = 4 * (HEADER_WORDS + ENTRY_WORDS * n);
  const bytes = encode(JSON.stringify(items), bodyAt);
  const written = bytes.byteLength - bodyAt;
  const starts = itemStarts(bytes.subarray(bodyAt), n);
  if (!starts) return frameEach(items, tickets);
  const words = new Uint32Array(bytes.buffer, 0, HEADER_WORDS + ENTRY_WORDS * n);
  words[0] = FRAME_V1;
  words[1] = n;
  for (let i = 0; i < n; i++) {
    // An item ends before the `,` of the next, the last before the `]`.
    const end = i + 1 < n ? starts[i + 1]! - 1 : written - 1;
    entry(words, tickets, i, starts[i]!, end);
  }
  return bytes;
}

/** An item's entry: where its JSON starts and ends in the body, and its keys (0: no order). */
function entry(words: Uint32Array, { keys }: TicketKeys, i: number, start: number, end: number) {
  const at = HEADER_WORDS + ENTRY_WORDS * i;
  words[at] = start;
  words[at + 1] = end;
  words[at + 2] = keys[3 * i]!;
  words[at + 3] = keys[3 * i + 1]!;
  words[at + 4] = keys[3 * i + 2]!;
}

/** The frame made item by item: each ticket stringified and encoded alone. */
function frameEach(items: readonly RemoteTicket[], tickets: TicketKeys): Uint8Array {
  const n = items.length;
  const jsons = items.map((item) => JSON.stringify(item));
  const bodyAt = 4 * (HEADER_WORDS + ENTRY_WORDS * n);
  let room = bodyAt + n + 2;
  for (const json of jsons) room += 3 * json.length;
  const buffer = new ArrayBuffer(room);
  const words = new Uint32Array(buffer, 0, HEADER_WORDS + ENTRY_WORDS * n);
  const bytes = new Uint8Array(buffer);
  words[0] = FRAME_V1;
  words[1] = n;
  let at = bodyAt;
  bytes[at++] = BRACKET;
  for (let i = 0; i < n; i++) {
    if (i > 0) bytes[at++] = COMMA;
    const { written } = encoder.encodeInto(jsons[i]!, bytes.subarray(at));
    entry(words, tickets, i, at - bodyAt, at - bodyAt + written);
    at += written;
  }
  bytes[at++] = 0x5d; // ]
  return bytes.subarray(0, at);
}

/** A page's items opened, for reading them all or a few by key. */
export interface OpenedPage<T> {
  /** Every item, in page order. */
  all(): T[];
  /** In page order, every item that may have one of `keys` (page-codes.ts) as a code: perhaps more. */
  holding(keys: readonly number[]): T[];
}

/** A page whose items are all in memory already (a plain page, or one sealed before frames). */
export const openedItems = <T>(items: T[]): OpenedPage<T> => ({
  all: () => items,
  holding: () => items,
});

const isFrame = (plain: Uint8Array) => plain.byteLength >= 8 && plain[0] === 0;

/**
 * A page's opened plaintext: a frame, read lazily (an item is parsed when first asked for, and
 * kept), or a page sealed before frames, parsed whole. Throws when it is neither (a frame of a
 * version this code does not know).
 */
export function openedPlain<T>(plain: Uint8Array): OpenedPage<T> {
  if (!isFrame(plain)) return openedItems(JSON.parse(decoder.decode(plain)) as T[]);
  if (plain.byteOffset % 4 !== 0) plain = plain.slice();
  const words = new Uint32Array(plain.buffer, plain.byteOffset, HEADER_WORDS);
  if (words[0] !== FRAME_V1) throw new Error('A sealed page of an unknown frame');
  const n = words[1]!;
  const entries = new Uint32Array(plain.buffer, plain.byteOffset, HEADER_WORDS + ENTRY_WORDS * n);
  const body = plain.subarray(4 * (HEADER_WORDS + ENTRY_WORDS * n));
  let whole: T[] | null = null;
  const parsed: (T | undefined)[] = [];
  const item = (i: number): T => {
    if (whole) return whole[i]!;
    let found = parsed[i];
    if (found === undefined) {
      const entry = HEADER_WORDS + ENTRY_WORDS * i;
      found = JSON.parse(decoder.decode(body.subarray(entries[entry]!, entries[entry + 1]!))) as T;
      parsed[i] = found;
    }
    return found;
  };
  return {
    all() {
      // Items parsed one by one before stay the objects they were.
      if (!whole) {
        whole = JSON.parse(decoder.decode(body)) as T[];
        for (const [i, kept] of parsed.entries()) if (kept !== undefined) whole[i] = kept;
      }
      return whole;
    },
    holding(keys) {
      const found: T[] = [];
      for (let i = 0; i < n; i++) {
        const entry = HEADER_WORDS + ENTRY_WORDS * i;
        const slug = entries[entry + 2]!;
        const reference = entries[entry + 3]!;
        const order = entries[entry + 4]!;
        for (const key of keys)
          if (key === slug || key === reference || key === order) {
            found.push(item(i));
            break;
          }
      }
      return found;
    },
  };
}

/** A frame's whole items, parsed once: the page's load (stored-pages.ts) reads every item. */
export const framedItems = <T>(plain: Uint8Array): T[] => openedPlain<T>(plain).all();
