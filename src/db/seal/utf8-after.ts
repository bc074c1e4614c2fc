// Text as UTF-8 in a fresh buffer, after room left for a header: what a frame (page-frame.ts) and
// a sealed JSON value (seal-box.ts) are made of. Guarantees: the bytes are exactly what
// `TextEncoder.encode` gives for the text, at `at`; the first `at` bytes are zeros for the caller
// to fill. The text is encoded straight into the buffer (`encodeInto`), with room for a few
// characters of two bytes or more; a text with more is encoded on its own and copied in. `encode`
// makes and copies buffers of its own, which cost a first download's worker more than the JSON
// itself (docs/benchmarks.md, the fifteenth sitting).
const encoder = new TextEncoder();

/** `text`'s UTF-8 bytes after `at` free bytes: a view of exactly `at` + their length. */
export function utf8After(text: string, at = 0): Uint8Array {
  const room = new Uint8Array(at + Math.ceil(text.length * 1.05) + 16);
  const { read, written } = encoder.encodeInto(text, room.subarray(at));
  if (read === text.length) return room.subarray(0, at + written);
  const body = encoder.encode(text);
  const bytes = new Uint8Array(at + body.byteLength);
  bytes.set(body, at);
  return bytes;
}
