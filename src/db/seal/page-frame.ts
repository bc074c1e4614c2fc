// A page of tickets as it is sealed (sealed-rows.ts): framed, so that a keyed read parses the
// one ticket it wants, not the page's hundred. Guarantees:
// - The frame is the plaintext: it is sealed whole, as one value bound to its page's place, as
//   the page's JSON was before. What it adds (where each ticket's JSON starts and ends, and the
//   page-codes.ts keys of its slug, reference and order) is sealed with it and is never stored
//   or kept anywhere plain.
// - The frame's body is the page's items as one JSON array, byte for byte what
//   `JSON.stringify(items)` gives: the whole page is read as before (one decode, one parse).
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

/** Word 0 of a frame: byte 0 is 0 on either byte order, so never the `[` of a JSON page. */
const FRAME_V1 = 0x0100_0100;
const HEADER_WORDS = 2;
const ENTRY_WORDS = 5;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Any character UTF-8 writes in more than one byte. */
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * A page's tickets framed: the bytes to seal. Each ticket is stringified alone; a page of ASCII
 * (its JSON's length is its bytes') is encoded in one go, any other a ticket at a time. `tickets`:
 * their keys, when the page's codes computed them already.
 */
export function frameTickets(
  items: readonly RemoteTicket[],
  tickets: TicketKeys = ticketKeys(items),
): Uint8Array {
  // The keys `holding` finds an item by, as the page's codes index it (0: no order).
  const { keys } = tickets;
  const n = items.length;
  const jsons = items.map((item) => JSON.stringify(item));
  const bodyAt = 4 * (HEADER_WORDS + ENTRY_WORDS * n);
  const text = `[${jsons.join(',')}]`;
  const ascii = !NOT_ASCII.test(text);
  // UTF-8 is at most three bytes a UTF-16 unit; the frame is cut to what was written.
  const buffer = new ArrayBuffer(bodyAt + (ascii ? 1 : 3) * text.length);
  const words = new Uint32Array(buffer, 0, HEADER_WORDS + ENTRY_WORDS * n);
  const bytes = new Uint8Array(buffer);
  words[0] = FRAME_V1;
  words[1] = n;
  if (ascii) encoder.encodeInto(text, bytes.subarray(bodyAt));
  else bytes[bodyAt] = 0x5b; // [
  let at = 1;
  for (let i = 0; i < n; i++) {
    if (i > 0 && !ascii) bytes[bodyAt + at - 1] = 0x2c; // ,
    const length = ascii
      ? jsons[i]!.length
      : encoder.encodeInto(jsons[i]!, bytes.subarray(bodyAt + at)).written;
    const entry = HEADER_WORDS + ENTRY_WORDS * i;
    words[entry] = at;
    words[entry + 1] = at + length;
    words[entry + 2] = keys[3 * i]!;
    words[entry + 3] = keys[3 * i + 1]!;
    words[entry + 4] = keys[3 * i + 2]!;
    at += length + 1;
  }
  if (!ascii) bytes[bodyAt + at - 1] = 0x5d; // ]
  return bytes.subarray(0, bodyAt + (ascii ? text.length : at));
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
