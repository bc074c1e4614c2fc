// The journal's line format: `{"sum":"<16 hex>","change":<change JSON>}\n`, where `sum` is the
// start of the SHA-256 of the change's bytes exactly as written, so a flipped byte or a changed
// digit anywhere in a line is caught instead of replayed. A bare change line (no `sum`) is what
// versions before checksums wrote: it is accepted when it has exactly a change's form.
import { createHash } from 'node:crypto';
import type { CommittedChange } from './change';
import { journalDamaged } from './stored-data-error';

const HEAD = Buffer.from('{"sum":"');
const MIDDLE = Buffer.from('","change":');
const SUM_LENGTH = 16;
const CHANGE_START = HEAD.length + SUM_LENGTH + MIDDLE.length;
const NEWLINE = 0x0a;
const CLOSE = 0x7d; // }

function sumOf(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, SUM_LENGTH);
}

export function journalLine(change: CommittedChange): string {
  const json = JSON.stringify(change);
  return `{"sum":"${sumOf(json)}","change":${json}}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasExactly(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
}

/** The change's form, checked before it reaches the store: replay must never guess. */
function asChange(value: unknown): CommittedChange | null {
  if (!isRecord(value) || !hasExactly(value, ['changes', 'sequences'])) return null;
  const { changes, sequences } = value;
  if (!Array.isArray(changes) || !isRecord(sequences)) return null;
  for (const next of Object.values(sequences)) if (!Number.isSafeInteger(next)) return null;
  for (const entry of changes) {
    if (!isRecord(entry) || !hasExactly(entry, ['table', 'id', 'row'])) return null;
    if (typeof entry.table !== 'string' || !Number.isSafeInteger(entry.id)) return null;
    if (entry.row !== null && !(isRecord(entry.row) && entry.row.id === entry.id)) return null;
  }
  return value as unknown as CommittedChange;
}

function parse(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

type LineResult = { change: CommittedChange; checked: boolean } | { damage: string };

function readLine(line: Buffer): LineResult {
  if (line.length === 0) return { damage: 'an empty line' };
  const checked = line.subarray(0, HEAD.length).equals(HEAD);
  if (!checked) {
    const change = asChange(parse(line));
    return change ? { change, checked: false } : { damage: 'not a journal record' };
  }
  const sum = line.subarray(HEAD.length, HEAD.length + SUM_LENGTH).toString('latin1');
  const framed =
    line.length > CHANGE_START &&
    line.subarray(HEAD.length + SUM_LENGTH, CHANGE_START).equals(MIDDLE) &&
    line[line.length - 1] === CLOSE;
  if (!framed) return { damage: 'not a journal record' };
  const body = line.subarray(CHANGE_START, line.length - 1);
  if (sumOf(body) !== sum) return { damage: 'its checksum does not match: a byte was changed or lost' };
  const change = asChange(parse(body));
  return change ? { change, checked: true } : { damage: 'its checksum matches but it is not a change' };
}

export interface ReadJournal {
  changes: CommittedChange[];
  /** Bytes of a last line cut off before its newline: a write that was never answered. */
  tornTailBytes: number;
  /** The file does not end with a newline: the next line must not be appended to it as it is. */
  unterminated: boolean;
  /** Lines without a checksum, written by a version before checksums. */
  uncheckedLines: number;
}

/** Every change of the journal, or a StoredDataError naming the first damaged line. */
export function readJournal(path: string, bytes: Buffer): ReadJournal {
  const lines: Buffer[] = [];
  let start = 0;
  for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
    lines.push(bytes.subarray(start, end));
    start = end + 1;
  }
  const tail = bytes.subarray(start);
  const total = lines.length + (tail.length > 0 ? 1 : 0);
  const changes: CommittedChange[] = [];
  let uncheckedLines = 0;
  for (const [i, line] of lines.entries()) {
    const result = readLine(line);
    if ('damage' in result) throw journalDamaged(path, i + 1, total, result.damage);
    changes.push(result.change);
    if (!result.checked) uncheckedLines += 1;
  }
  // A torn write is a prefix of `record\n`. A whole record missing only its newline is complete,
  // and one followed by a stray byte had its newline damaged: both are kept, not dropped.
  for (const candidate of [tail, tail.subarray(0, -1)]) {
    const last = candidate.length > 0 ? readLine(candidate) : null;
    if (last && 'change' in last && last.checked) {
      changes.push(last.change);
      return { changes, tornTailBytes: 0, unterminated: true, uncheckedLines };
    }
  }
  return { changes, tornTailBytes: tail.length, unterminated: tail.length > 0, uncheckedLines };
}
