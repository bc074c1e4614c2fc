// An answer's body read into kept buffers (src/api/body-text.ts): the same text as `text()` for
// any bytes however they arrive, reads that overlap kept apart, and a failed read losing nothing
// of the next.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyText } from '../../src/api/body-text';

/** A byte stream giving `chunks` one a pull, each after `wait` (a promise to hold it back). */
function byteStream(chunks: Uint8Array[], wait: () => Promise<void> = async () => undefined) {
  let next = 0;
  return new ReadableStream({
    type: 'bytes',
    async pull(controller) {
      await wait();
      const chunk = chunks[next++];
      if (chunk === undefined) {
        controller.close();
        controller.byobRequest?.respond(0);
        return;
      }
      const request = controller.byobRequest;
      if (request?.view && request.view.byteLength >= chunk.byteLength) {
        new Uint8Array(request.view.buffer, request.view.byteOffset, chunk.byteLength).set(chunk);
        request.respond(chunk.byteLength);
      } else {
        controller.enqueue(chunk.slice());
      }
    },
  });
}

/** `bytes` cut at `cuts` (offsets), as a network hands a body over. */
function cut(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.byteLength + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, bytes.byteLength]) {
    if (to > from) chunks.push(bytes.slice(from, to));
    from = Math.max(from, to);
  }
  return chunks;
}

const headersOf = (length?: number): HeadersInit =>
  length === undefined ? {} : { 'content-length': String(length) };

describe("an answer's body as text", () => {
  it('is what text() gives, however the bytes are cut, with a BOM, wide characters or bad bytes', async () => {
    const encoder = new TextEncoder();
    const samples = [
      encoder.encode('[{"firstName":"Niamh","lastName":"Ito"}]'),
      new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('{"name":"García 山田 🎟️"}')]),
      new Uint8Array([...encoder.encode('bad: '), 0xc3, 0x28, 0xf0, 0x9f]),
      encoder.encode('x'.repeat(300_000)),
      new Uint8Array(0),
    ];
    for (const bytes of samples)
      for (const cuts of [[], [1], [2, 3, 5, 8], [65_536, 65_537, 131_072]]) {
        const expected = await new Response(bytes.slice()).text();
        const declared = cuts.length % 2 ? bytes.byteLength : undefined;
        const response = new Response(byteStream(cut(bytes, cuts)), { headers: headersOf(declared) });
        expect(await bodyText(response)).toBe(expected);
      }
  });

  it('is what text() gives for any bytes in any cuts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.array(fc.nat(3000), { maxLength: 6 }),
        async (bytes, cuts) => {
          const response = new Response(byteStream(cut(bytes, cuts)));
          expect(await bodyText(response)).toBe(await new Response(bytes.slice()).text());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps overlapping reads apart: each answer gets its own text', async () => {
    const texts = ['a', 'b', 'c', 'd', 'e', 'f'].map((letter, i) => letter.repeat(40_000 + i * 30_000));
    // Every read takes its turn a chunk at a time, so all six are in the middle of their bodies at once.
    let turn = Promise.resolve();
    const inTurn = () => {
      turn = turn.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
      return turn;
    };
    const reads = texts.map((text) =>
      bodyText(
        new Response(byteStream(cut(new TextEncoder().encode(text), [10_000, 20_000, 50_000]), inTurn)),
      ),
    );
    expect(await Promise.all(reads)).toEqual(texts);
  });

  it('takes a declared length as a hint only: a header claiming a terabyte makes no terabyte buffer', async () => {
    const bytes = new TextEncoder().encode('{"short":"body"}');
    const claimed = new Response(byteStream(cut(bytes, [4])), { headers: headersOf(2 ** 40) });
    expect(await bodyText(claimed)).toBe('{"short":"body"}');
    const long = 'l'.repeat(3 * 1024 * 1024);
    const under = new Response(byteStream(cut(new TextEncoder().encode(long), [1_000_000])), {
      headers: headersOf(10),
    });
    expect(await bodyText(under)).toBe(long);
  });

  it('rejects a body that fails midway, and reads the next one whole', async () => {
    const failing = new ReadableStream({
      type: 'bytes',
      pull(controller) {
        controller.error(new TypeError('connection dropped'));
      },
    });
    await expect(bodyText(new Response(failing))).rejects.toThrow('connection dropped');
    const next = 'n'.repeat(200_000);
    expect(await bodyText(new Response(byteStream(cut(new TextEncoder().encode(next), [7]))))).toBe(next);
  });

  it('reads a body that is not a byte stream as before', async () => {
    const plain = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"plain":'));
        controller.enqueue(new TextEncoder().encode('"stream"}'));
        controller.close();
      },
    });
    expect(await bodyText(new Response(plain))).toBe('{"plain":"stream"}');
    expect(await bodyText(new Response(null, { status: 204 }))).toBe('');
  });
});
