// A list's durable journal on the relay's disk: `<key>.journal` (one checksummed JSON line per
// entry, `{"sum":…,"seq":n,"e":entry}`) over `<key>.snapshot`. The key is a digest of the slug,
// so no file name holds a slug (the slug is inside the files, which the forwarder needs).
// Guarantees:
// - `append` resolves only after the lines are written and fdatasync'd: the relay answers a
//   door's write after that, so a kill -9 loses nothing it answered;
// - appends are serialised in call order;
// - a torn last line (a write never answered) is dropped on replay; any other damage is a
//   thrown fault naming the file, and nothing is rewritten;
// - `compact` writes the snapshot (tmp, fsync, rename, fsync dir) before emptying the journal;
//   lines at or below the snapshot's `seq` are skipped, so a crash between the two steps
//   replays nothing twice;
// - a failed append is cut back to the last whole line (or, failing that, refuses every later
//   append), so a later line never follows a partial one;
// - the files (attendees' personal data) are owner-only (0600) in an owner-only folder (0700),
//   and sealed with DATA_KEY when it is set (../../platform/data-seal): each journal line on its
//   own, so a torn last line is still just dropped; the snapshot as one file. Files found plain
//   under a key are written again sealed during replay.
import { createHash } from 'node:crypto';
import { type FileHandle, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Entry, MirrorSnapshot } from './mirror-types';
import { readIfPresent, syncDir } from '../../platform/durable-files';
import { makePrivateDir, openPrivate } from '../../platform/private-files';
import { type DataSeal, plainData } from '../../platform/data-seal';

const COMPACT_AFTER_BYTES = 8 * 1024 * 1024;
const sumOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
export const listKey = (slug: string) =>
  createHash('sha256').update(`list:${slug}`).digest('hex').slice(0, 32);

export interface Replayed {
  snapshot: MirrorSnapshot | null;
  entries: Entry[];
}

function parseLine(line: string): { seq: number; e: Entry } | null {
  try {
    const value = JSON.parse(line) as { sum?: unknown; seq?: unknown; e?: unknown };
    if (typeof value.seq !== 'number' || typeof value.e !== 'object' || value.e === null) return null;
    return sumOf(JSON.stringify({ seq: value.seq, e: value.e })) === value.sum
      ? { seq: value.seq, e: value.e as Entry }
      : null;
  } catch {
    return null;
  }
}

export class MirrorJournal {
  private handle: FileHandle | null = null;
  private bytes = 0;
  private broken = false;
  private seq = 0;
  private queue: Promise<void> = Promise.resolve();
  readonly journalPath: string;
  readonly snapshotPath: string;

  constructor(
    readonly dir: string,
    key: string,
    private readonly seal: DataSeal = plainData,
  ) {
    makePrivateDir(dir);
    this.journalPath = join(dir, `${key}.journal`);
    this.snapshotPath = join(dir, `${key}.snapshot`);
  }

  /** Keys of every list with files in `dir`. */
  static async keys(dir: string): Promise<string[]> {
    makePrivateDir(dir);
    const names = await readdir(dir);
    const keys = new Set<string>();
    for (const name of names) {
      const match = /^([0-9a-f]{32})\.(journal|snapshot)$/.exec(name);
      if (match?.[1]) keys.add(match[1]);
    }
    return [...keys];
  }

  async replay(warn: (message: string) => void): Promise<Replayed> {
    const snapStored = await readIfPresent(this.snapshotPath);
    const snapOpened = snapStored ? this.seal.openFile(this.snapshotPath, snapStored) : null;
    let snapshot: MirrorSnapshot | null = null;
    let floor = 0;
    if (snapOpened) {
      const parsed = snapOpened.intact ? parseLine(snapOpened.bytes.toString('utf8')) : null;
      if (!parsed) throw new Error(`The relay's mirror snapshot ${this.snapshotPath} is damaged`);
      snapshot = parsed.e as unknown as MirrorSnapshot;
      floor = parsed.seq;
    }
    const bytes = (await readIfPresent(this.journalPath)) ?? Buffer.alloc(0);
    const opened = this.seal.openLines(this.journalPath, bytes);
    const lines = opened.bytes.toString('utf8').split('\n');
    const tail = lines.pop() ?? '';
    const kept: { seq: number; e: Entry }[] = [];
    this.seq = floor;
    for (const [i, line] of lines.entries()) {
      const parsed = parseLine(line);
      if (!parsed)
        throw new Error(`The relay's mirror journal ${this.journalPath} is damaged at line ${i + 1}`);
      if (parsed.seq <= floor) continue;
      kept.push(parsed);
      this.seq = parsed.seq;
    }
    if (tail.length > 0) {
      const parsed = parseLine(tail);
      if (parsed && parsed.seq > floor) {
        kept.push(parsed);
        this.seq = parsed.seq;
      } else warn('mirror: dropped a torn last journal line (a write that was never answered)');
    }
    this.bytes = bytes.length;
    // Rewritten without the torn tail, so it never prefixes the next line; and sealed, when a
    // key is set now and the journal was written before.
    if (tail.length > 0 || (this.seal.sealing && opened.plain)) await this.rewrite(kept);
    if (this.seal.sealing && snapOpened && !snapOpened.sealed)
      await this.writeSnapshot(snapOpened.bytes.toString('utf8'));
    return { snapshot, entries: kept.map((k) => k.e) };
  }

  private async rewrite(kept: { seq: number; e: Entry }[]) {
    const handle = await openPrivate(`${this.journalPath}.tmp`, 'w');
    let text = '';
    for (const { seq, e } of kept) text += this.line(seq, e);
    await handle.write(text);
    await handle.datasync();
    await handle.close();
    await rename(`${this.journalPath}.tmp`, this.journalPath);
    await syncDir(this.dir);
    this.bytes = Buffer.byteLength(text);
  }

  private line(seq: number, e: Entry): string {
    return this.seal.line(
      `{"sum":"${sumOf(JSON.stringify({ seq, e }))}","seq":${seq},"e":${JSON.stringify(e)}}\n`,
    );
  }

  /** Replaces the snapshot file with `text` (temporary file, fsync, rename, fsync of the folder). */
  private async writeSnapshot(text: string) {
    const tmp = `${this.snapshotPath}.tmp`;
    const handle = await openPrivate(tmp, 'w');
    await handle.write(this.seal.file(text));
    await handle.datasync();
    await handle.close();
    await rename(tmp, this.snapshotPath);
    await syncDir(this.dir);
  }

  /** Writes and syncs the entries; resolves once they are durable. */
  append(entries: Entry[]): Promise<void> {
    const run = this.queue.then(async () => {
      if (!this.handle) {
        this.handle = await openPrivate(this.journalPath, 'a');
        await syncDir(this.dir);
      }
      if (this.broken) throw new Error('The mirror journal could not be repaired after a failed write');
      const seq = this.seq;
      let text = '';
      for (const e of entries) text += this.line(++this.seq, e);
      try {
        await this.handle.write(text);
        await this.handle.datasync();
      } catch (error) {
        // A partial line must not sit before the next one: cut back to the last whole line.
        this.seq = seq;
        await this.handle.truncate(this.bytes).catch(() => {
          this.broken = true;
        });
        throw error;
      }
      this.bytes += Buffer.byteLength(text);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  needsCompaction(): boolean {
    return this.bytes > COMPACT_AFTER_BYTES;
  }

  /** Replaces journal + old snapshot with `snapshot` (the state after every appended entry). */
  compact(snapshot: () => MirrorSnapshot): Promise<void> {
    const run = this.queue.then(async () => {
      const seq = this.seq;
      const body = { seq, e: snapshot() as unknown as Entry };
      await this.writeSnapshot(
        `{"sum":"${sumOf(JSON.stringify(body))}","seq":${seq},"e":${JSON.stringify(body.e)}}`,
      );
      await this.handle?.close();
      this.handle = await openPrivate(this.journalPath, 'w');
      await this.handle.datasync();
      this.bytes = 0;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.handle?.close();
    this.handle = null;
  }
}
