// Text as UTF-8 after room left for a header: what a frame (page-frame.ts) and a sealed JSON value
// (seal-box.ts) are made of. Guarantees: the bytes are exactly what `TextEncoder.encode` gives for
// the text, at `at`; the first `at` bytes are zeros for the caller to fill. The text is encoded
// straight into the buffer (`encodeInto`), with room for a few characters of two bytes or more; a
// text with more is encoded on its own and copied in. `encode` makes and copies buffers of its
// own, which cost a first download's worker more than the JSON itself (docs/benchmarks.md, the
// fifteenth sitting).
// `utf8Scratch` writes into one buffer kept for the next call, for bytes that are sealed at once
// (WebCrypto copies its input as it is called): a first download frames a thousand slices, and a
// fresh buffer for each cost a first touch of its memory each time (the nineteenth sitting).
const encoder = new TextEncoder();

/** The room `text` is first encoded into: its length and a little more for wider characters. */
const roomFor = (text: string, at: number) => at + Math.ceil(text.length * 1.05) + 16;

/** `text` encoded into `room` after `at` (zeroed), or null when it did not all fit. */
function encodedInto(room: Uint8Array, text: string, at: number): Uint8Array | null {
  room.fill(0, 0, at);
  const { read, written } = encoder.encodeInto(text, room.subarray(at));
  return read === text.length ? room.subarray(0, at + written) : null;
}

/** `text` encoded on its own and copied after `at` zeros, in a fresh buffer. */
function encodedApart(text: string, at: number): Uint8Array {
  const body = encoder.encode(text);
  const bytes = new Uint8Array(at + body.byteLength);
  bytes.set(body, at);
  return bytes;
}

/** `text`'s UTF-8 bytes after `at` free bytes, in a fresh buffer: a view of exactly `at` + their length. */
export function utf8After(text: string, at = 0): Uint8Array {
  return encodedInto(new Uint8Array(roomFor(text, at)), text, at) ?? encodedApart(text, at);
}

/** A scratch buffer grown past this (a page sealed whole) is let go after its use. */
const SCRATCH_KEPT = 256 * 1024;
let scratch = new Uint8Array(0);

/**
 * As `utf8After`, but in a buffer this module reuses: the bytes hold only until the next call
 * here. For bytes handed straight to `SealBox.sealBytes`, which reads them before it returns.
 */
export function utf8Scratch(text: string, at = 0): Uint8Array {
  const room = roomFor(text, at);
  if (room > SCRATCH_KEPT) return utf8After(text, at);
  if (scratch.byteLength < room) scratch = new Uint8Array(Math.max(room, 64 * 1024));
  return encodedInto(scratch, text, at) ?? encodedApart(text, at);
}
