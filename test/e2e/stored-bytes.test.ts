import { describe, expect, it } from 'vitest';
import { findNeedles, forms, readLog, snappyDecompress } from '../../e2e/fixtures/stored-bytes';

describe("the profile search's readers", () => {
  it('undoes a Snappy copy, so text kept as a reference back is found whole', () => {
    // 12 bytes: the literal "abcd", then "copy 8 bytes from 4 back" (an overlapping run).
    const compressed = Buffer.from([0x0c, 0x0c, ...Buffer.from('abcd'), 0x11, 0x04]);
    expect(snappyDecompress(compressed).toString()).toBe('abcdabcdabcd');
  });

  it("joins a log record's pieces across a 32 KiB block, where a name could be cut in two", () => {
    const BLOCK = 32 * 1024;
    const name = 'Niamh Ito';
    const before = Buffer.alloc(BLOCK - 7 - 7 - 4, 0x61);
    const header = (length: number, type: number) => {
      const h = Buffer.alloc(7);
      h.writeUInt16LE(length, 4);
      h[6] = type;
      return h;
    };
    // One record of `before` and the name's first 4 bytes (FIRST), then the rest (LAST).
    const first = Buffer.concat([before, Buffer.from(name.slice(0, 4))]);
    const rest = Buffer.from(name.slice(4));
    const log = Buffer.concat([header(first.length, 2), first, header(rest.length, 4), rest]);
    expect(log.length).toBeGreaterThan(BLOCK);
    expect(log.includes(Buffer.from(name))).toBe(false);
    expect(readLog(log).includes(Buffer.from(name))).toBe(true);
  });

  it('finds a name in each encoding a store may keep it in, and names the encoding', () => {
    const text = 'Zoë Ní Bhriain';
    const haystacks = forms(text).map((form) => ({
      file: form.encoding,
      view: 'bytes' as const,
      bytes: Buffer.concat([Buffer.from('xx'), form.bytes, Buffer.from('yy')]),
    }));
    const found = findNeedles([{ label: 'a name', text }], haystacks);
    expect(found.map((f) => f.file).sort()).toEqual(
      [
        'json-ascii',
        'latin-1',
        'utf-16be',
        'utf-16le',
        'utf-8',
        'address utf-8',
        'address utf-16le',
        'address utf-16be',
        'form utf-8',
        'form utf-16le',
        'form utf-16be',
      ].sort(),
    );
    expect(findNeedles([{ label: 'another', text: 'Somebody Else' }], haystacks)).toEqual([]);
  });

  it('finds a name an address carried, as a browser keeps its history', () => {
    const history = Buffer.from('http://127.0.0.1:4173/door/search?q=Zo%C3%AB%20N%C3%AD%20Bhriain\0');
    const found = findNeedles(
      [{ label: 'a name', text: 'Zoë Ní Bhriain' }],
      [{ file: 'History', view: 'bytes', bytes: history }],
    );
    expect(found.map((f) => f.encoding)).toEqual(['address utf-8']);
  });
});
