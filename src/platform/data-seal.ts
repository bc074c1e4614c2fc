// The server's personal data sealed at rest with DATA_KEY (optional). Guarantees:
// - with a key, each whole file (`file`, `fileWriter`) and each journal record (`line`) is
//   written as AES-256-GCM ciphertext under its own random 96-bit IV, with its 128-bit tag: a
//   copy of the data folder without the key shows no name, email or reference, and a changed
//   byte is found, never read;
// - the AES key comes from DATA_KEY through HKDF-SHA-256; DATA_KEY is never written or logged.
//   Each sealed record starts with an 8-byte check value (HKDF-derived too, it gives nothing
//   of the key), so a record sealed under another key is told from a damaged one;
// - reading: data written before the key was set is read as it is and reported as plain, so its
//   owner writes it again sealed; sealed data with no key or another key throws DataKeyError,
//   which stops the start (nothing is changed or replaced). A sealed record failing its tag is
//   handed back as stored, so the file's own reader names it damaged, or drops it as a torn last
//   line, exactly as it does plain data;
// - a journal is sealed record by record, one text line each, so a torn last record costs only
//   itself.
// Without a key everything is written plain, as before.
//
// Formats: MAGIC is `seal1:`. A file: MAGIC, check (8), IV (12), ciphertext, tag (16). A journal
// line: MAGIC, then base64url of check, IV, ciphertext and tag, then `\n`.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export const DATA_KEY_VARIABLE = 'DATA_KEY';
export const MAKE_DATA_KEY = `node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`;

const MAGIC = Buffer.from('seal1:');
const CHECK = 8;
const IV = 12;
const TAG = 16;
const NEWLINE = 0x0a;
const SALT = Buffer.from('venue-checkin data at rest v1');
/** 32 characters of base64url (192 bits) or hex (128 bits) at least; hex is a subset of base64url. */
const KEY_TEXT = /^[A-Za-z0-9_-]{32,1024}$/;

export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

/**
 * DATA_KEY from the environment: undefined when it is not set. A value that cannot be a key from
 * a cryptographic generator (too short, other characters, or only a few distinct ones) stops
 * the start with one line that never echoes it. Set but empty is refused too: a secret store
 * that failed to fill it must not leave the data plain.
 */
export function readDataKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = value.trim();
  if (!KEY_TEXT.test(key) || new Set(key).size < 8)
    throw new DataKeyError(
      `${DATA_KEY_VARIABLE} must be at least 32 characters of base64url or hex from a cryptographic generator; make one with: ${MAKE_DATA_KEY}`,
    );
  return key;
}

export interface Opened {
  /** The plain bytes; as stored when the record did not open (`intact` false). */
  bytes: Buffer;
  sealed: boolean;
  /** False for a sealed record that failed its tag: damaged, or cut short. */
  intact: boolean;
}

export interface SealedWriter {
  write(chunk: Buffer | string): Promise<void>;
  end(): Promise<void>;
}

export interface DataSeal {
  /** Whether a key is set: new data is written sealed, plain data found is written again. */
  readonly sealing: boolean;
  /** A whole file's contents as they are to be stored. */
  file(plain: Buffer | string): Buffer;
  /** A whole file written in pieces through `write` (large snapshots); `end` once after the last. */
  fileWriter(write: (bytes: Buffer) => Promise<unknown>): SealedWriter;
  /** One journal record, a line ending in its only newline, as it is to be stored. */
  line(record: string): string;
  /** A whole file as stored; throws DataKeyError when it is sealed and the key cannot open it. */
  openFile(path: string, stored: Buffer): Opened;
  /**
   * A journal as stored, each sealed line replaced by its record (line numbers kept); `plain`
   * when any record was written without a key. Throws DataKeyError when it holds sealed records
   * and no key is set, or none of them was sealed under this key.
   */
  openLines(path: string, stored: Buffer): { bytes: Buffer; plain: boolean };
}

const refusal = (path: string, problem: string) =>
  new DataKeyError(
    `Cannot start: ${path} ${problem}. Nothing was changed. Start with the ${DATA_KEY_VARIABLE} it was written with (the data cannot be read without it), or move the data folder aside to start afresh.`,
  );
const noKey = (path: string) => refusal(path, `is sealed, and ${DATA_KEY_VARIABLE} is not set`);
const otherKey = (path: string) =>
  refusal(path, `was sealed with another ${DATA_KEY_VARIABLE} than the one set`);

const startsSealed = (bytes: Buffer) =>
  bytes.subarray(0, MAGIC.length).equals(MAGIC.subarray(0, Math.min(bytes.length, MAGIC.length)));

export function dataSeal(dataKey: string | undefined): DataSeal {
  const derive = (info: string, length: number) =>
    dataKey === undefined ? null : Buffer.from(hkdfSync('sha256', dataKey, SALT, info, length));
  const key = derive('aes-256-gcm key', 32);
  const check = derive('key check', CHECK);

  const seal = (plain: Buffer): Buffer => {
    if (!key || !check) return plain;
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    return Buffer.concat([check, iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };

  /** `body` is check, IV, ciphertext, tag; null when it fails its tag or is too short. */
  const open = (body: Buffer): Buffer | null => {
    if (!key || body.length < CHECK + IV + TAG) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(CHECK, CHECK + IV));
      decipher.setAuthTag(body.subarray(body.length - TAG));
      return Buffer.concat([decipher.update(body.subarray(CHECK + IV, body.length - TAG)), decipher.final()]);
    } catch {
      return null;
    }
  };

  /** Whether `body` was sealed under this key; undefined when too short to say. */
  const ours = (body: Buffer): boolean | undefined =>
    body.length < CHECK ? undefined : check !== null && body.subarray(0, CHECK).equals(check);

  const lineBody = (line: Buffer) => Buffer.from(line.subarray(MAGIC.length).toString('latin1'), 'base64url');

  return {
    sealing: key !== null,
    file(plain) {
      const bytes = typeof plain === 'string' ? Buffer.from(plain) : plain;
      return key ? Buffer.concat([MAGIC, seal(bytes)]) : bytes;
    },
    fileWriter(write) {
      if (!key || !check)
        return {
          write: async (chunk) => void (await write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)),
          end: async () => {},
        };
      const iv = randomBytes(IV);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      let head: Buffer | null = Buffer.concat([MAGIC, check, iv]);
      const put = async (bytes: Buffer) => {
        const out = head ? Buffer.concat([head, bytes]) : bytes;
        head = null;
        await write(out);
      };
      return {
        write: (chunk) => put(cipher.update(chunk)),
        end: () => put(Buffer.concat([cipher.final(), cipher.getAuthTag()])),
      };
    },
    line(record) {
      if (record.indexOf('\n') !== record.length - 1) throw new RangeError('a journal record is one line');
      if (!key) return record;
      return `${MAGIC.toString('latin1')}${seal(Buffer.from(record.slice(0, -1))).toString('base64url')}\n`;
    },
    openFile(path, stored) {
      if (!startsSealed(stored) || stored.length < MAGIC.length)
        return { bytes: stored, sealed: false, intact: true };
      if (!key) throw noKey(path);
      const body = stored.subarray(MAGIC.length);
      if (ours(body) === false) throw otherKey(path);
      const plain = open(body);
      return plain
        ? { bytes: plain, sealed: true, intact: true }
        : { bytes: stored, sealed: true, intact: false };
    },
    openLines(path, stored) {
      // A journal with no sealed line anywhere is handed back as it is, without a copy.
      if (stored.indexOf(MAGIC) === -1) return { bytes: stored, plain: stored.length > 0 };
      const out: Buffer[] = [];
      let plain = false;
      let sealed = 0;
      let underThisKey = 0;
      const judge = (body: Buffer) => {
        const mine = ours(body);
        if (mine === undefined) return;
        sealed += 1;
        if (mine) underThisKey += 1;
      };
      let start = 0;
      for (let end = stored.indexOf(NEWLINE); end !== -1; end = stored.indexOf(NEWLINE, start)) {
        const line = stored.subarray(start, end);
        start = end + 1;
        if (line.length >= MAGIC.length && startsSealed(line)) {
          const body = lineBody(line);
          judge(body);
          out.push(open(body) ?? line, Buffer.from([NEWLINE]));
        } else {
          if (line.length > 0) plain = true;
          out.push(line, Buffer.from([NEWLINE]));
        }
      }
      const tail = stored.subarray(start);
      if (tail.length > 0 && startsSealed(tail)) {
        // A torn write is a prefix of `record\n`; a whole record followed by a stray byte had
        // its newline damaged: both are kept by the journal's reader, so both are opened here.
        const body = lineBody(tail);
        judge(body);
        out.push(open(body) ?? open(lineBody(tail.subarray(0, -1))) ?? tail);
      } else {
        if (tail.length > 0) plain = true;
        out.push(tail);
      }
      if (sealed > 0 && !key) throw noKey(path);
      if (sealed > 0 && underThisKey === 0) throw otherKey(path);
      return { bytes: Buffer.concat(out), plain };
    },
  };
}

/** Data written as it is: no DATA_KEY. */
export const plainData: DataSeal = dataSeal(undefined);
