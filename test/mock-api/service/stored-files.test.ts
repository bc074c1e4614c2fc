// The journal and snapshot formats on their own: any single changed byte is either refused
// with a StoredDataError or loses nothing; a torn last line is the only thing ever dropped.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { CommittedChange, StoreState } from '../../../src/mock-api/store/change';
import { journalLine, readJournal } from '../../../src/mock-api/store/journal-lines';
import { readSnapshot, writeSnapshot } from '../../../src/mock-api/store/snapshot-file';
import { StoredDataError } from '../../../src/mock-api/store/stored-data-error';

const dir = mkdtempSync(join(tmpdir(), 'stored-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function checkinChange(id: number, ticketId: number): CommittedChange {
  const row = {
    id,
    checkin_list_id: 1,
    ticket_id: ticketId,
    uuid: `c0ffee00-0000-4000-8000-${String(id).padStart(12, '0')}`,
    created_at: '2026-06-15T12:00:00.000Z',
    updated_at: '2026-06-15T12:00:00.000Z',
    deleted_at: null,
  };
  return { changes: [{ table: 'checkins', id, row }], sequences: { checkins: id + 1 } };
}

const changes = [checkinChange(1, 101), checkinChange(2, 102), checkinChange(3, 103)];
const journal = Buffer.from(changes.map(journalLine).join(''));

function flipped(bytes: Buffer, at: number, by: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] as number) ^ by;
  return copy;
}

describe('the journal', () => {
  it('reads back every line it wrote, each with its checksum', () => {
    expect(readJournal('journal.ndjson', journal)).toEqual({
      changes,
      tornTailBytes: 0,
      unterminated: false,
      uncheckedLines: 0,
    });
    expect(journal.toString().split('\n')[0]).toMatch(/^\{"sum":"[0-9a-f]{16}","change":\{"changes":/);
  });

  it('drops only a torn last line, and says how many bytes', () => {
    const torn = Buffer.concat([journal, Buffer.from(journalLine(checkinChange(4, 104)).slice(0, 40))]);
    const read = readJournal('journal.ndjson', torn);
    expect(read.changes).toEqual(changes);
    expect(read.tornTailBytes).toBe(40);
    expect(read.unterminated).toBe(true);
  });

  it('refuses a changed ticket digit mid-journal, naming the file and the line', () => {
    const text = journal.toString().replace('"ticket_id":102', '"ticket_id":109');
    const error = catchError(() => readJournal('/data/journal.ndjson', Buffer.from(text)));
    expect(error).toBeInstanceOf(StoredDataError);
    expect(error.message).toContain('/data/journal.ndjson is damaged at line 2 of 3');
    expect(error.message).toContain('checksum does not match');
    expect(error.message).toContain("sed -i '2d' '/data/journal.ndjson'");
    expect(error.message).toContain('MOCK_RESET=1');
  });

  it('refuses or loses nothing for any single changed byte', () => {
    fc.assert(
      fc.property(fc.nat(journal.length - 1), fc.integer({ min: 1, max: 255 }), (at, by) => {
        let read: ReturnType<typeof readJournal>;
        try {
          read = readJournal('journal.ndjson', flipped(journal, at, by));
        } catch (error) {
          expect(error).toBeInstanceOf(StoredDataError);
          return;
        }
        expect(read.changes).toEqual(changes);
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts lines without a checksum written by earlier versions, only in a change’s exact form', () => {
    const old = Buffer.from(changes.map((c) => `${JSON.stringify(c)}\n`).join(''));
    expect(readJournal('journal.ndjson', old)).toMatchObject({ changes, uncheckedLines: 3 });
    const odd = Buffer.from(`${JSON.stringify({ ...changes[0], extra: 1 })}\n`);
    expect(() => readJournal('journal.ndjson', odd)).toThrow(/line 1 of 1 \(not a journal record\)/);
  });
});

describe('the snapshot', () => {
  const state: StoreState = {
    seed: '{"name":"demo","tickets":5}',
    sequences: { checkins: 4, tickets: 6 },
    tables: {
      checkins: changes.map((c) => c.changes[0]?.row as StoreState['tables'][string][number]),
      tickets: [1, 2, 3, 4, 5].map((id) => ({ id, reference: `REF-${id}` })),
    },
  };
  let bytes: Buffer;

  it('reads back what it wrote, with a checksum at its end', async () => {
    const path = join(dir, 'snapshot.json');
    const handle = await open(path, 'w');
    await writeSnapshot(handle, state);
    await handle.close();
    bytes = readFileSync(path);
    expect(bytes.toString()).toMatch(/,"checksum":"sha256:[0-9a-f]{64}"\}$/);
    expect(readSnapshot(path, bytes)).toEqual({ state, unchecked: false });
  });

  it('refuses or loses nothing for any single changed byte', () => {
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.integer({ min: 1, max: 255 }), (at, by) => {
        try {
          expect(readSnapshot('snapshot.json', flipped(bytes, at, by)).state).toEqual(state);
        } catch (error) {
          expect(error).toBeInstanceOf(StoredDataError);
          expect((error as Error).message).toContain('the snapshot snapshot.json is damaged');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts a snapshot without a checksum from an earlier version', () => {
    const old = Buffer.from(JSON.stringify(state));
    expect(readSnapshot('snapshot.json', old)).toEqual({ state, unchecked: true });
  });
});

function catchError(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a refusal');
}
