// Where the fleet lives on disk: one file, `fleet.json`, in the server's data directory (the
// built-in service's MOCK_DATA_DIR, the relay's RELAY_DATA_DIR). Guarantees:
// - `save` returns only once the new contents are on disk: written whole to a temporary file,
//   fsync'd, renamed over the old one, and the directory fsync'd, so `kill -9` or a power cut
//   leaves either the old fleet or the new one, never a mix, and an answered write is kept;
// - the file and its temporary twin are readable by the server's user only (0600), in a
//   directory made 0700 when this creates it;
// - `load` of a file that is not a fleet throws, naming the file and not its contents: the
//   server then refuses to start rather than forget every door and revocation in silence;
// - with DATA_KEY set the file is sealed (../platform/data-seal: it holds the lists' slugs and
//   live join codes); one found plain under a key is written again sealed when it is loaded.
import { mkdirSync } from 'node:fs';
import { chmod, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readIfPresent, syncDir } from '../platform/durable-files';
import { type FleetData, parseFleet } from './fleet-data';
import { type DataSeal, plainData } from '../platform/data-seal';

export const FLEET_FILE = 'fleet.json';

export interface FleetFile {
  /** The stored fleet, or null when there is none yet. */
  load(): Promise<FleetData | null>;
  save(data: FleetData): Promise<void>;
  readonly path: string;
}

export class FleetFileError extends Error {
  override readonly name = 'FleetFileError';
}

export function fleetFile(dir: string, seal: DataSeal = plainData): FleetFile {
  const path = join(dir, FLEET_FILE);
  const temporary = `${path}.tmp`;
  const file: FleetFile = {
    path,
    async load() {
      const bytes = await readIfPresent(path);
      if (bytes === null) return null;
      const opened = seal.openFile(path, bytes);
      const data = opened.intact ? parseFleet(opened.bytes.toString('utf8')) : null;
      if (!data)
        throw new FleetFileError(
          `${path} is not a readable fleet file. Move it aside to start without it (every door then joins again), or restore it from a backup.`,
        );
      if (seal.sealing && !opened.sealed) await file.save(data);
      return data;
    },
    async save(data) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // A leftover temporary file may have other permissions: it is made afresh.
      await rm(temporary, { force: true });
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(seal.file(JSON.stringify(data)));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
      await chmod(path, 0o600);
      await syncDir(dir);
    },
  };
  return file;
}
