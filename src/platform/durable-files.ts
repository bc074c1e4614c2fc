// Small file steps the journals share (the mock's store, the relay's mirror): a file read that
// treats "not there yet" as null, and a directory fsync so a new or renamed file survives a
// power cut, not only its contents.
import { open, readFile } from 'node:fs/promises';

export async function readIfPresent(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => null);
  await handle?.sync().catch(() => {});
  await handle?.close();
}
