// A response's body as text, read into buffers kept for the next response. A page of a first
// download is about 750 KB of JSON; `arrayBuffer()` gathers it in a buffer that grows as the
// bytes come and is copied at each growth, so each page wrote some 3 MB of fresh memory in the
// sync worker, and a first touch of fresh memory costs the kernel a page fault each 4 KiB
// (docs/benchmarks.md, the nineteenth sitting). Read with a BYOB reader into a buffer kept from
// the last response, a page writes only its own bytes, into memory written before.
// Guarantees:
// - The text is exactly what `text()` gives: the body's bytes decoded as UTF-8, a leading BOM
//   dropped and a malformed sequence replaced (one `TextDecoder` over the whole body).
// - A buffer is lent to one read at a time and taken back only once its text is decoded, so reads
//   that overlap (a download asks for a few pages at once) never share one.
// - At most KEEP buffers, of at most KEEP_BYTES each, are kept between reads.
// - A body that cannot be read so (an engine without byte streams for bodies, a body already
//   used) is read with `arrayBuffer()` as before; a failed read rejects as `arrayBuffer()` would.

const utf8 = new TextDecoder();

/** Buffers kept between reads: one for each page a download asks for at once. */
const KEEP = 4;
/** A buffer grown past this (an unusually large answer) is let go once read. */
const KEEP_BYTES = 2 * 1024 * 1024;
/** A first buffer's size when the answer gives no length: most answers are small. */
const FIRST_BYTES = 64 * 1024;

const kept: ArrayBuffer[] = [];

/** At least `need` bytes, rounded up to 64 KiB: a buffer's length changes rarely. */
const roomFor = (need: number) => Math.ceil(need / FIRST_BYTES) * FIRST_BYTES;

/** A buffer of `length` bytes holding `buffer`'s first `used` bytes. */
function grown(buffer: ArrayBuffer, used: number, length: number): ArrayBuffer {
  const bigger = new ArrayBuffer(length);
  new Uint8Array(bigger).set(new Uint8Array(buffer, 0, used));
  return bigger;
}

/**
 * The answer's declared length, when it gives one, as a hint for the first buffer: at most
 * KEEP_BYTES, since it is the sender's word (a compressed answer's is less than its text, and a
 * header may claim anything); a longer body grows its buffer as it comes.
 */
function declaredLength(response: Response): number {
  const length = Number(response.headers.get('content-length'));
  return Number.isSafeInteger(length) && length > 0 ? Math.min(length, KEEP_BYTES) : 0;
}

function byobReader(response: Response): ReadableStreamBYOBReader | null {
  try {
    return response.body?.getReader({ mode: 'byob' }) ?? null;
  } catch {
    return null;
  }
}

/** The body of `response` as text (see the header). */
export async function bodyText(response: Response): Promise<string> {
  if (response.body === null) return '';
  const reader = byobReader(response);
  if (!reader) return utf8.decode(await response.arrayBuffer());
  const declared = declaredLength(response);
  let buffer = kept.pop() ?? new ArrayBuffer(roomFor(declared || FIRST_BYTES));
  // One byte over the declared length, so the read that finds the end needs no growth.
  if (buffer.byteLength <= declared) buffer = new ArrayBuffer(roomFor(declared + 1));
  let used = 0;
  try {
    for (;;) {
      if (used === buffer.byteLength) buffer = grown(buffer, used, roomFor(2 * used));
      // The read takes the buffer over and hands it back in `value` (a BYOB read transfers it).
      const { done, value } = await reader.read(new Uint8Array(buffer, used, buffer.byteLength - used));
      if (value) buffer = value.buffer as ArrayBuffer;
      if (done) break;
      used += value.byteLength;
    }
    return utf8.decode(new Uint8Array(buffer, 0, used));
  } finally {
    // A read that failed keeps the buffer it was lent (now detached, of length 0).
    if (buffer.byteLength > 0 && buffer.byteLength <= KEEP_BYTES && kept.length < KEEP) kept.push(buffer);
  }
}
