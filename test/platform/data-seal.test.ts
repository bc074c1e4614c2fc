// DATA_KEY's contract and the sealed formats: a key that cannot come from a generator stops the
// start in one line that never echoes it; every file and record is sealed under its own IV; data
// from before the key is read as plain; sealed data without the key, or under another, is
// refused; a damaged record is handed back as stored for the file's own reader to name.
import { describe, expect, it } from 'vitest';
import { DataKeyError, dataSeal, plainData, readDataKey } from '../../src/platform/data-seal';

const KEY = 'Qm9vdHN0cmFwLXRoZS12ZW51ZS1sYXB0b3Aga2V5MDE'; // 43 characters, as the advised command prints
const OTHER = 'b3RoZXIta2V5LWZyb20tYW5vdGhlci1nZW5lcmF0b3I';
const HEX = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const RECORD = '{"sum":"0123456789abcdef","change":{"first_name":"Zoë","email":"zoe@example.com"}}\n';

describe('DATA_KEY', () => {
  it('is optional, and taken as 32 or more characters of base64url or hex', () => {
    expect(readDataKey(undefined)).toBeUndefined();
    expect(readDataKey(KEY)).toBe(KEY);
    expect(readDataKey(` ${HEX}\n`)).toBe(HEX);
  });

  it.each([
    ['empty', ''],
    ['too short', 'Qm9vdHN0cmFwLXRoZS12ZW51ZS1sYXB'],
    ['not base64url or hex', `${KEY.slice(0, 40)}+/=`],
    ['a passphrase', 'correct horse battery staple and more words'],
    ['too few distinct characters', 'abcabcabcabcabcabcabcabcabcabcabcabc'],
  ])('refuses a key %s in one line that tells how to make one and never echoes it', (_what, value) => {
    let error: unknown;
    try {
      readDataKey(value);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DataKeyError);
    const message = (error as Error).message;
    expect(message).toBe(
      `DATA_KEY must be at least 32 characters of base64url or hex from a cryptographic generator; make one with: node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`,
    );
    if (value.trim()) expect(message).not.toContain(value.trim());
  });
});

describe('the seal', () => {
  const seal = dataSeal(KEY);

  it('seals each file and each record under its own IV, and opens them again', () => {
    const a = seal.file(RECORD);
    const b = seal.file(RECORD);
    expect(a.equals(b)).toBe(false);
    expect(a.includes('Zo')).toBe(false);
    expect(seal.openFile('f', a)).toEqual({ bytes: Buffer.from(RECORD), sealed: true, intact: true });
    const lines = seal.line(RECORD) + seal.line(RECORD);
    const [first, second] = lines.split('\n');
    expect(first).not.toBe(second);
    expect(lines).not.toContain('zoe@');
    expect(seal.openLines('j', Buffer.from(lines))).toEqual({
      bytes: Buffer.from(RECORD + RECORD),
      plain: false,
    });
  });

  it('writes a large file in pieces as one sealed file', async () => {
    const written: Buffer[] = [];
    const writer = seal.fileWriter(async (bytes) => written.push(bytes));
    await writer.write('{"rows":[');
    await writer.write(Buffer.from('"Zoë"'));
    await writer.write(']}');
    await writer.end();
    expect(seal.openFile('f', Buffer.concat(written)).bytes.toString()).toBe('{"rows":["Zoë"]}');
  });

  it('reads data written before the key as plain, so its owner writes it again sealed', () => {
    expect(seal.openFile('f', Buffer.from(RECORD))).toEqual({
      bytes: Buffer.from(RECORD),
      sealed: false,
      intact: true,
    });
    expect(seal.openLines('j', Buffer.from(RECORD + seal.line(RECORD))).plain).toBe(true);
    expect(plainData.line(RECORD)).toBe(RECORD);
    expect(plainData.file(RECORD).toString()).toBe(RECORD);
  });

  it('refuses sealed data without the key or under another key, naming the file', () => {
    const file = seal.file(RECORD);
    const journal = Buffer.from(seal.line(RECORD));
    expect(() => plainData.openFile('/data/snapshot.json', file)).toThrow(
      '/data/snapshot.json is sealed, and DATA_KEY is not set',
    );
    expect(() => plainData.openLines('/data/journal.ndjson', journal)).toThrow(DataKeyError);
    const other = dataSeal(OTHER);
    expect(() => other.openFile('/data/snapshot.json', file)).toThrow(
      '/data/snapshot.json was sealed with another DATA_KEY than the one set',
    );
    expect(() => other.openLines('/data/journal.ndjson', journal)).toThrow(/another DATA_KEY/);
  });

  it('hands a damaged record back as stored, for the reader to name or drop', () => {
    const file = seal.file(RECORD);
    file.writeUInt8(file.readUInt8(file.length - 20) ^ 1, file.length - 20);
    expect(seal.openFile('f', file)).toEqual({ bytes: file, sealed: true, intact: false });
    const line = seal.line(RECORD);
    const damaged = `${line.slice(0, 30)}${line[30] === 'A' ? 'B' : 'A'}${line.slice(31)}`;
    const torn = line.slice(0, 40);
    const opened = seal.openLines('j', Buffer.from(line + damaged + torn)).bytes.toString();
    expect(opened).toBe(`${RECORD}${damaged}${torn}`);
  });
});
