// Owner-only data folders: a file opened again keeps no looser mode it had, and tightening at
// start takes only the group's and others' access away, never following a link out of the folder.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPrivate, privateDataDir, tightenTree } from '../../src/platform/private-files';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function root() {
  const dir = mkdtempSync(join(tmpdir(), 'private-files-'));
  roots.push(dir);
  return dir;
}

const mode = (path: string) => statSync(path).mode & 0o777;

function file(path: string, bits: number) {
  writeFileSync(path, 'x');
  chmodSync(path, bits);
}

describe('private files', () => {
  it('opens an existing file owner-only, as a new one', async () => {
    const dir = root();
    file(join(dir, 'journal.tmp'), 0o644);
    const handle = await openPrivate(join(dir, 'journal.tmp'), 'w');
    await handle.close();
    expect(mode(join(dir, 'journal.tmp'))).toBe(0o600);
    await (await openPrivate(join(dir, 'new.journal'), 'a')).close();
    expect(mode(join(dir, 'new.journal'))).toBe(0o600);
  });

  it("takes the group's and others' access away in the whole folder, and says how much once", async () => {
    const base = root();
    const outside = join(base, 'outside.txt');
    file(outside, 0o644);
    const dir = join(base, 'data');
    mkdirSync(join(dir, 'mirror'), { recursive: true });
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'mirror'), 0o775);
    file(join(dir, 'mirror', 'a.journal'), 0o664);
    file(join(dir, 'snapshot.json'), 0o600);
    file(join(dir, 'backup.sh'), 0o755);
    symlinkSync(outside, join(dir, 'link'));
    const notes: string[] = [];
    await privateDataDir(dir, (note) => notes.push(note));
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'mirror'))).toBe(0o700);
    expect(mode(join(dir, 'mirror', 'a.journal'))).toBe(0o600);
    expect(mode(join(dir, 'snapshot.json'))).toBe(0o600);
    expect(mode(join(dir, 'backup.sh'))).toBe(0o700);
    expect(mode(outside)).toBe(0o644);
    expect(notes).toEqual([
      `${dir}: made 2 folder(s) and 2 file(s) owner-only (0700/0600); others could read or change them`,
    ]);
    expect(await tightenTree(dir)).toEqual({ files: 0, folders: 0 });
  });
});
