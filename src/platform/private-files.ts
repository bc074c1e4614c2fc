// The server's data folders hold attendees' personal data on a laptop at the venue, so they are
// its user's alone. Guarantees:
// - every folder made through `makePrivateDir` is 0700, every file opened through `openPrivate`
//   0600, whether it was just created or already there (a leftover temporary file, a journal
//   reopened for append), so a rename of it puts an owner-only file in place;
// - `tightenTree`, run once at start on a data folder, takes the group's and others' access
//   away from any folder or file in it that had some (so the server's own become 0700 and
//   0600), and says how many it changed (never which: names stay out of the log). Symbolic
//   links are left alone, never followed.
// On systems without POSIX modes (Windows) these calls change nothing.
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { type FileHandle, chmod, lstat, open, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const PRIVATE_FILE = 0o600;
export const PRIVATE_DIR = 0o700;

/** `dir` and any parent it had to make, owner-only. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
}

/**
 * Replaces `path` whole with `text`, owner-only: written to a temporary file beside it, then
 * renamed over it, so a reader finds the old file or the new one, never part of one.
 */
export function replacePrivateFile(path: string, text: string): void {
  makePrivateDir(dirname(path));
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, text, { mode: PRIVATE_FILE });
  // The mode above applies only to a new file: a leftover one keeps its own.
  chmodSync(temporary, PRIVATE_FILE);
  renameSync(temporary, path);
}

/** Opens `path` as `open` would, then makes it owner-only: the mode given to `open` only applies to a new file. */
export async function openPrivate(path: string, flags: string): Promise<FileHandle> {
  const handle = await open(path, flags, PRIVATE_FILE);
  try {
    await handle.chmod(PRIVATE_FILE);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

export interface Tightened {
  files: number;
  folders: number;
}

/** Makes `dir` and everything in it owner-only; how many folders and files had looser modes. */
export async function tightenTree(dir: string): Promise<Tightened> {
  const tightened: Tightened = { files: 0, folders: 0 };
  const visit = async (path: string): Promise<void> => {
    const info = await lstat(path).catch(() => null);
    if (!info) return;
    const loose = (info.mode & 0o077) !== 0;
    // Only the group's and others' bits go: a file of the server's is 0600 once tightened, and
    // anything else someone put in the folder (a script, a folder they cannot write) keeps what
    // its owner had.
    if (loose && (info.isDirectory() || info.isFile())) await chmod(path, info.mode & 0o700);
    if (info.isDirectory()) {
      if (loose) tightened.folders += 1;
      for (const name of await readdir(path)) await visit(join(path, name));
    } else if (info.isFile() && loose) tightened.files += 1;
  };
  await visit(dir);
  return tightened;
}

/**
 * Makes the data folder (created owner-only if missing) and its contents owner-only, and says so
 * in one line when anything was looser. The folder's path is already in the start banner.
 */
export async function privateDataDir(dir: string, note: (message: string) => void): Promise<void> {
  makePrivateDir(dir);
  const { files, folders } = await tightenTree(dir);
  if (files + folders > 0)
    note(
      `${dir}: made ${folders} folder(s) and ${files} file(s) owner-only (0700/0600); others could read or change them`,
    );
}
