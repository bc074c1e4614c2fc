// Durable storage for the Node server: an append-only journal of committed changes (one
// checksummed JSON line each, fdatasync'd before the write is answered) on top of a checksummed
// snapshot. Replayed on start; compacted into a new snapshot on start and whenever the journal
// grows past a limit. A crash can leave a torn last line: it was never answered, so it is
// dropped with a warning. Any other damage stops the load with a StoredDataError naming the
// file and line, and nothing is rewritten, so the evidence stays for the operator. The files
// hold attendees' personal data: owner-only (0600) in an owner-only folder (0700), and sealed
// with DATA_KEY when it is set (../../platform/data-seal: the snapshot as one sealed file, each
// journal line sealed on its own, so a torn last line is still just dropped); data found plain
// under a key is written again sealed on that start.
import { type FileHandle, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { journalLine, readJournal } from './journal-lines';
import type { LoadedData, PersistenceAdapter } from './persistence';
import { readSnapshot, writeSnapshot } from './snapshot-file';
import type { StoreState } from './change';
import { readIfPresent, syncDir } from '../../platform/durable-files';
import { makePrivateDir, openPrivate } from '../../platform/private-files';
import { type DataSeal, plainData } from '../../platform/data-seal';
import { snapshotDamaged } from './stored-data-error';

const COMPACT_AFTER_BYTES = 32 * 1024 * 1024;
export const SNAPSHOT_FILE = 'snapshot.json';
export const JOURNAL_FILE = 'journal.ndjson';

export interface NodeJournalOptions {
  /** Where notes for the operator go (a dropped torn line, an upgraded format). */
  warn?: (message: string) => void;
  /** How the files are sealed at rest (DATA_KEY); plain without. */
  seal?: DataSeal;
}

export function nodeJournalPersistence(dir: string, options: NodeJournalOptions = {}): PersistenceAdapter {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const seal = options.seal ?? plainData;
  makePrivateDir(dir);
  const snapshotPath = join(dir, SNAPSHOT_FILE);
  const journalPath = join(dir, JOURNAL_FILE);
  let journal: FileHandle | null = null;
  let journalBytes = 0;

  const openJournal = async (): Promise<FileHandle> => {
    if (journal) return journal;
    journal = await openPrivate(journalPath, 'a');
    // A journal file just created must also be findable after a power cut.
    await syncDir(dir);
    return journal;
  };

  const replace = async (state: StoreState): Promise<void> => {
    const tmp = `${snapshotPath}.tmp`;
    const handle = await openPrivate(tmp, 'w');
    const sealed = seal.fileWriter((bytes) => handle.write(bytes));
    await writeSnapshot(sealed, state);
    await sealed.end();
    await handle.datasync();
    await handle.close();
    await rename(tmp, snapshotPath);
    await syncDir(dir);
    // Only after the snapshot is in place may the journal go; replaying it again is harmless.
    await journal?.close();
    journal = null;
    await rm(journalPath, { force: true });
    journalBytes = 0;
  };

  return {
    location: dir,
    async load(): Promise<LoadedData> {
      const snapshotStored = await readIfPresent(snapshotPath);
      const opened = snapshotStored ? seal.openFile(snapshotPath, snapshotStored) : null;
      if (opened && !opened.intact)
        throw snapshotDamaged(snapshotPath, 'it does not open with DATA_KEY: a byte was changed or lost');
      const snapshot = opened ? readSnapshot(snapshotPath, opened.bytes) : null;
      const journalStored = (await readIfPresent(journalPath)) ?? Buffer.alloc(0);
      const journalOpened = seal.openLines(journalPath, journalStored);
      const read = readJournal(journalPath, journalOpened.bytes);
      if (read.tornTailBytes > 0) {
        warn(
          `${journalPath}: dropped 1 partial line at its end (${read.tornTailBytes} bytes): a write cut off by a crash before it was answered.`,
        );
      }
      if (snapshot?.unchecked || read.uncheckedLines > 0) {
        warn(`${dir}: data written before checksums were added; it is rewritten with checksums now.`);
      }
      journalBytes = journalStored.length;
      const foundPlain = journalOpened.plain || (opened !== null && !opened.sealed);
      return {
        snapshot: snapshot?.state ?? null,
        journal: read.changes,
        rewrite:
          read.unterminated ||
          read.uncheckedLines > 0 ||
          snapshot?.unchecked === true ||
          (seal.sealing && foundPlain),
      };
    },
    async append(change, state) {
      const line = seal.line(journalLine(change));
      const handle = await openJournal();
      await handle.appendFile(line);
      await handle.datasync();
      journalBytes += Buffer.byteLength(line);
      if (journalBytes > COMPACT_AFTER_BYTES) await replace(state());
    },
    replace,
    async close() {
      await journal?.close();
      journal = null;
    },
  };
}

/**
 * Moves the stored files into `set-aside-<time>/` inside the data folder (MOCK_RESET): the
 * operator asked to start afresh, but nothing is deleted. Null when there was nothing to move.
 */
export async function setAsideStoredData(dir: string, now = new Date()): Promise<string | null> {
  const present: string[] = [];
  for (const file of [SNAPSHOT_FILE, JOURNAL_FILE]) {
    if (await stat(join(dir, file)).catch(() => null)) present.push(file);
  }
  if (present.length === 0) return null;
  const aside = join(dir, `set-aside-${now.toISOString().replace(/[:.]/g, '-')}`);
  makePrivateDir(aside);
  for (const file of present) await rename(join(dir, file), join(aside, file));
  await syncDir(dir);
  return aside;
}
