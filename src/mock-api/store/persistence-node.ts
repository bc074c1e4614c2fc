// Durable storage for the Node server: an append-only journal of committed changes (one JSON
// line each, fdatasync'd before the write is answered) on top of a snapshot. Replayed on start;
// compacted into a new snapshot on start and whenever the journal grows past a limit.
// A crash can leave a torn last line: it was never acknowledged, so it is skipped.
import { mkdirSync } from 'node:fs';
import { type FileHandle, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommittedChange, StoreState } from './change';
import type { LoadedData, PersistenceAdapter } from './persistence';

const COMPACT_AFTER_BYTES = 32 * 1024 * 1024;

/** Written in chunks: one JSON string of a 100,000-ticket store would double the peak memory. */
async function writeSnapshot(handle: FileHandle, state: StoreState): Promise<void> {
  await handle.write(
    `{"seed":${JSON.stringify(state.seed ?? null)},"sequences":${JSON.stringify(state.sequences)},"tables":{`,
  );
  let firstTable = true;
  for (const [name, rows] of Object.entries(state.tables)) {
    await handle.write(`${firstTable ? '' : ','}${JSON.stringify(name)}:[`);
    firstTable = false;
    for (let i = 0; i < rows.length; i += 2000) {
      const chunk = rows.slice(i, i + 2000).map((row) => JSON.stringify(row));
      await handle.write(`${i === 0 ? '' : ','}${chunk.join(',')}`);
    }
    await handle.write(']');
  }
  await handle.write('}}');
}

export function nodeJournalPersistence(dir: string): PersistenceAdapter {
  mkdirSync(dir, { recursive: true });
  const snapshotPath = join(dir, 'snapshot.json');
  const journalPath = join(dir, 'journal.ndjson');
  let journal: FileHandle | null = null;
  let journalBytes = 0;

  const openJournal = async (): Promise<FileHandle> => {
    if (journal) return journal;
    journal = await open(journalPath, 'a');
    // A journal file just created must also be findable after a power cut.
    await syncDir();
    return journal;
  };

  const syncDir = async (): Promise<void> => {
    const handle = await open(dir, 'r').catch(() => null);
    await handle?.sync().catch(() => {});
    await handle?.close();
  };

  const replace = async (state: StoreState): Promise<void> => {
    const tmp = `${snapshotPath}.tmp`;
    const handle = await open(tmp, 'w');
    await writeSnapshot(handle, state);
    await handle.datasync();
    await handle.close();
    await rename(tmp, snapshotPath);
    await syncDir();
    // Only after the snapshot is in place may the journal go; replaying it again is harmless.
    await journal?.close();
    journal = null;
    await rm(journalPath, { force: true });
    journalBytes = 0;
  };

  return {
    async load(): Promise<LoadedData> {
      const snapshotText = await readFile(snapshotPath, 'utf8').catch(() => null);
      const parsed = snapshotText ? (JSON.parse(snapshotText) as StoreState & { seed: string | null }) : null;
      const snapshot = parsed ? { ...parsed, seed: parsed.seed ?? undefined } : null;
      const journalText = await readFile(journalPath, 'utf8').catch(() => '');
      const changes: CommittedChange[] = [];
      for (const line of journalText.split('\n')) {
        if (!line) continue;
        try {
          changes.push(JSON.parse(line) as CommittedChange);
        } catch {
          break;
        }
      }
      journalBytes = journalText.length;
      return { snapshot, journal: changes };
    },
    async append(change, state) {
      const line = `${JSON.stringify(change)}\n`;
      const handle = await openJournal();
      await handle.appendFile(line);
      await handle.datasync();
      journalBytes += line.length;
      if (journalBytes > COMPACT_AFTER_BYTES) await replace(state());
    },
    replace,
    async close() {
      await journal?.close();
      journal = null;
    },
  };
}
