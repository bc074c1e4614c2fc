// A JSON array written as bytes, a piece at a time: the same bytes as `JSON.stringify(items)`,
// without one string of the whole page. A 1,000-ticket page is a megabyte; as one string it
// goes to V8's old generation and stays until a full collection, so 100 pages in a row would
// raise the server's peak memory. Pieces this small die young, and the bytes are one
// buffer the response hands to the socket as they are.

/** Characters gathered before they are encoded: well below V8's large-object size (128 KB). */
const PIECE_CHARS = 16 * 1024;

const encoder = new TextEncoder();

export function jsonArrayBytes<T>(
  items: readonly T[],
  toJson: (item: T) => unknown,
): Uint8Array<ArrayBuffer> {
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let pending = '[';
  for (let i = 0; i < items.length; i++) {
    // As JSON.stringify writes an array: an item that has no JSON form is written as null.
    pending += `${i === 0 ? '' : ','}${JSON.stringify(toJson(items[i] as T)) ?? 'null'}`;
    if (pending.length >= PIECE_CHARS) {
      pieces.push(encoder.encode(pending));
      pending = '';
    }
  }
  pieces.push(encoder.encode(`${pending}]`));
  if (pieces.length === 1) return pieces[0] as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.length;
  }
  return bytes;
}
