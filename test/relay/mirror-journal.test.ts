// The mirror's journal files: replay rebuilds the state the entries made; a torn last line (a
// write never answered) is dropped and the file repaired; other damage is refused; a snapshot
// plus the journal after it replays nothing twice, even if the journal was not emptied.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ListMirror } from '../../src/relay/mirror/list-mirror';
import { MirrorJournal, listKey } from '../../src/relay/mirror/mirror-journal';
import type { Entry } from '../../src/relay/mirror/mirror-types';
import { type DataSeal, dataSeal } from '../../src/platform/data-seal';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.UTC(2026, 5, 15, 12);
const entries: Entry[] = [
  { k: 'slug', at: T0, slug: 'chk_journal' },
  {
    k: 'pulled',
    at: T0 + 1,
    res: 'tickets',
    records: [{ id: 7, slug: 't7', updated_at: '2026-06-15T11:00:00.000Z' }],
  },
  { k: 'ready', at: T0 + 2 },
  {
    k: 'door-checkin',
    at: T0 + 3,
    uuid: 'door-0001',
    id: 1_000_000_000_001,
    ticket_id: 7,
    created_at: T0 + 3,
  },
  { k: 'door-delete', at: T0 + 4, uuid: 'door-0001' },
];

async function replayed(dir: string, seal?: DataSeal) {
  const journal = new MirrorJournal(dir, listKey('chk_journal'), seal);
  const warnings: string[] = [];
  const { snapshot, entries: replay } = await journal.replay((w) => warnings.push(w));
  const m = snapshot ? ListMirror.fromSnapshot(snapshot) : new ListMirror('chk_journal');
  for (const e of replay) m.apply(e);
  await journal.close();
  return { m, warnings };
}

function freshDir() {
  const dir = mkdtempSync(join(tmpdir(), 'mirror-journal-'));
  dirs.push(dir);
  return dir;
}

describe('the mirror journal', () => {
  it('replays to the same state, and a torn last line is dropped', async () => {
    const dir = freshDir();
    const journal = new MirrorJournal(dir, listKey('chk_journal'));
    await journal.append(entries);
    await journal.close();
    appendFileSync(journal.journalPath, '{"sum":"0123456789abcdef","seq":6,"e":{"k":"re');
    const { m, warnings } = await replayed(dir);
    expect(warnings).toHaveLength(1);
    expect(m.ready).toBe(true);
    expect(m.checkins.get('door-0001')?.rec.deleted_at).toBe(new Date(T0 + 4).toISOString());
    expect(m.writes.get('door-0001')).toMatchObject({ state: 'queued', deleteState: 'queued' });
    expect(m.nextAt(0)).toBe(T0 + 5);
    // Repaired: appending after the replay gives a clean journal.
    const again = new MirrorJournal(dir, listKey('chk_journal'));
    await again.replay(() => {});
    await again.append([{ k: 'requeue', at: T0 + 9, uuids: [] }]);
    await again.close();
    expect((await replayed(dir)).warnings).toHaveLength(0);
  });

  it('refuses a damaged line in the middle rather than guessing', async () => {
    const dir = freshDir();
    const journal = new MirrorJournal(dir, listKey('chk_journal'));
    await journal.append(entries);
    await journal.close();
    const text = readFileSync(journal.journalPath, 'utf8').replace('"ticket_id":7', '"ticket_id":8');
    writeFileSync(journal.journalPath, text);
    await expect(replayed(dir)).rejects.toThrow(/damaged at line 4/);
  });

  it('replays nothing twice after a compaction the journal outlived', async () => {
    const dir = freshDir();
    const journal = new MirrorJournal(dir, listKey('chk_journal'));
    const m = new ListMirror('chk_journal');
    await journal.append(entries);
    for (const e of entries) m.apply(e);
    const before = readFileSync(journal.journalPath);
    await journal.compact(() => m.snapshot());
    await journal.close();
    // A crash between writing the snapshot and emptying the journal.
    writeFileSync(journal.journalPath, before);
    const { m: back } = await replayed(dir);
    expect(back.snapshot()).toEqual(m.snapshot());
  });

  it('sealed with DATA_KEY: a torn last record is dropped and the rest replays, still sealed', async () => {
    const dir = freshDir();
    const seal = dataSeal('c2VhbGVkLW1pcnJvci1qb3VybmFsLXRlc3Qta2V5LTAx');
    const journal = new MirrorJournal(dir, listKey('chk_journal'), seal);
    await journal.append(entries.slice(0, 4));
    const whole = readFileSync(journal.journalPath).length;
    await journal.append(entries.slice(4));
    await journal.close();
    // The last record cut off halfway, as a power cut mid-write leaves it.
    const full = readFileSync(journal.journalPath).length;
    truncateSync(journal.journalPath, whole + Math.floor((full - whole) / 2));
    const { m, warnings } = await replayed(dir, seal);
    expect(warnings).toEqual(['mirror: dropped a torn last journal line (a write that was never answered)']);
    expect(m.ready).toBe(true);
    expect(m.checkins.get('door-0001')?.rec.deleted_at).toBeNull();
    const repaired = readFileSync(journal.journalPath, 'utf8');
    expect(repaired).not.toContain('door-0001');
    expect(
      repaired
        .split('\n')
        .slice(0, -1)
        .every((line) => line.startsWith('seal1:')),
    ).toBe(true);
    expect((await replayed(dir, seal)).warnings).toHaveLength(0);
  });

  it('written before DATA_KEY was set: replayed as it was, and its journal and snapshot sealed', async () => {
    const dir = freshDir();
    const journal = new MirrorJournal(dir, listKey('chk_journal'));
    const m = new ListMirror('chk_journal');
    await journal.append(entries.slice(0, 3));
    for (const e of entries.slice(0, 3)) m.apply(e);
    await journal.compact(() => m.snapshot());
    await journal.append(entries.slice(3));
    for (const e of entries.slice(3)) m.apply(e);
    await journal.close();
    const seal = dataSeal('cGxhaW4tbWlycm9yLXRoZW4tc2VhbGVkLWtleS0wMDE');
    const { m: back, warnings } = await replayed(dir, seal);
    expect(warnings).toEqual([]);
    expect(back.snapshot()).toEqual(m.snapshot());
    for (const path of [journal.journalPath, journal.snapshotPath]) {
      const stored = readFileSync(path, 'latin1');
      expect(stored.startsWith('seal1:')).toBe(true);
      expect(stored).not.toContain('chk_journal');
    }
    expect((await replayed(dir, seal)).m.snapshot()).toEqual(m.snapshot());
  });
});
