// Which check-ins each device created, so a revoked device may still undo its own (and only its
// own): one append-only file per device, `fleet-checkins/<device id>.uuids` in the fleet's data
// directory, one check-in uuid a line. Kept apart from fleet.json, which is rewritten whole on
// each change: a rush of check-ins appends a line or a few per request instead. Guarantees:
// - `add` resolves only once its lines are written and fdatasync'd (and a new file's folder
//   fsync'd): the gate answers a door after that, so kill -9 loses no uuid it answered for;
// - one device's operations run one at a time, in call order; devices do not wait on each other;
// - a torn last line (a write never answered) is cut off when the file is next read, so it
//   never prefixes the next line; a failed append is cut back to the last whole line (failing
//   that, the device's later appends are refused);
// - a file is read only when its device is first asked about (lazily), and at most `maxLoaded`
//   uuids of all devices stay in memory: the least recently used are read again when needed;
// - at most `perDevice` uuids per device: past it, a device's new check-ins are not recorded
//   (said once in the log), so once revoked it cannot undo those (410), as any other;
// - only uuids of letters, digits, `_` and `-` (at most 100) are kept: any other is not recorded;
// - files and their folder are the server's user's only (0600, 0700); `drop` removes a device's
//   file for good (later adds for it are ignored), and `prune` those of devices no longer live.
import { mkdirSync } from 'node:fs';
import { chmod, open, readdir, rm, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { readIfPresent, syncDir } from '../platform/durable-files';

export const DEVICE_CHECKINS_FOLDER = 'fleet-checkins';
export const CHECKIN_UUID = /^[A-Za-z0-9_-]{1,100}$/;
const DEVICE_ID = /^[A-Za-z0-9_-]{1,200}$/;
const FILE = /^([A-Za-z0-9_-]{1,200})\.uuids$/;

export interface DeviceCheckinsOptions {
  /** Uuids kept per device; past it, new ones are not recorded. */
  perDevice?: number;
  /** Uuids of all devices held in memory at once; files are read again past it. */
  maxLoaded?: number;
  warn?: (message: string) => void;
}

export const DEVICE_CHECKINS_LIMITS = { perDevice: 100_000, maxLoaded: 1_000_000 };

interface Held {
  uuids: Set<string> | null;
  /** Bytes of whole lines in the file. */
  bytes: number;
  exists: boolean;
  queue: Promise<unknown>;
  broken: boolean;
  warnedFull: boolean;
}

export type DeviceCheckins = ReturnType<typeof deviceCheckins>;

export function deviceCheckins(dataDir: string, options: DeviceCheckinsOptions = {}) {
  const dir = join(dataDir, DEVICE_CHECKINS_FOLDER);
  const perDevice = options.perDevice ?? DEVICE_CHECKINS_LIMITS.perDevice;
  const maxLoaded = options.maxLoaded ?? DEVICE_CHECKINS_LIMITS.maxLoaded;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  // Insertion order is use order: a device used is moved to the end.
  const held = new Map<string, Held>();
  const dropped = new Set<string>();
  let loaded = 0;
  let dirMade = false;

  const pathOf = (id: string) => join(dir, `${id}.uuids`);

  const entryOf = (id: string): Held => {
    if (!DEVICE_ID.test(id)) throw new Error('A device id names no file');
    const entry = held.get(id) ?? {
      uuids: null,
      bytes: 0,
      exists: false,
      queue: Promise.resolve(),
      broken: false,
      warnedFull: false,
    };
    held.delete(id);
    held.set(id, entry);
    return entry;
  };

  /** Runs `step` after the entry's earlier operations. */
  const queued = <T>(entry: Held, step: (entry: Held) => Promise<T>): Promise<T> => {
    const done = entry.queue.then(() => step(entry));
    entry.queue = done.catch(() => undefined);
    return done;
  };
  const run = async <T>(id: string, step: (entry: Held) => Promise<T>) => queued(entryOf(id), step);

  /** Lets go of the least recently used devices' uuids past `maxLoaded`, each in its own turn. */
  const evict = (keep: Held) => {
    let over = loaded - maxLoaded;
    const victims: Held[] = [];
    for (const entry of held.values()) {
      if (over <= 0) break;
      if (entry === keep || !entry.uuids || entry.uuids.size === 0) continue;
      over -= entry.uuids.size;
      victims.push(entry);
    }
    for (const victim of victims)
      void queued(victim, async (e) => {
        if (!e.uuids) return;
        loaded -= e.uuids.size;
        e.uuids = null;
      });
  };

  const load = async (id: string, entry: Held): Promise<Set<string>> => {
    if (entry.uuids) return entry.uuids;
    const path = pathOf(id);
    const bytes = await readIfPresent(path);
    const whole = bytes ? bytes.lastIndexOf(0x0a) + 1 : 0;
    if (bytes && whole < bytes.length) {
      // Cut now, before anything is appended after it.
      await truncate(path, whole);
      const handle = await open(path, 'r+');
      await handle.datasync().finally(() => handle.close());
      warn(`${path}: dropped a partial last line (a write cut off before it was answered)`);
    }
    const uuids = new Set<string>();
    let unreadable = 0;
    const lines = bytes ? bytes.subarray(0, whole).toString('utf8').split('\n').slice(0, -1) : [];
    for (const line of lines) {
      if (CHECKIN_UUID.test(line)) uuids.add(line);
      else unreadable++;
    }
    if (unreadable > 0) warn(`${path}: skipped ${unreadable} line(s) that are not check-in uuids`);
    entry.uuids = uuids;
    entry.bytes = whole;
    entry.exists = bytes !== null;
    loaded += uuids.size;
    evict(entry);
    return uuids;
  };

  const append = async (id: string, entry: Held, lines: string[]) => {
    if (entry.broken) throw new Error('The device check-ins file could not be repaired after a failed write');
    if (!dirMade) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      await syncDir(dataDir);
      dirMade = true;
    }
    const path = pathOf(id);
    const text = lines.map((uuid) => `${uuid}\n`).join('');
    const handle = await open(path, 'a', 0o600);
    try {
      if (!entry.exists) await chmod(path, 0o600);
      await handle.write(text);
      await handle.datasync();
    } catch (error) {
      await handle.truncate(entry.bytes).catch(() => {
        entry.broken = true;
      });
      throw error;
    } finally {
      await handle.close();
    }
    if (!entry.exists) {
      await syncDir(dir);
      entry.exists = true;
    }
    entry.bytes += Buffer.byteLength(text);
  };

  const drop = (deviceId: string): Promise<void> => {
    dropped.add(deviceId);
    return run(deviceId, async (entry) => {
      if (entry.uuids) loaded -= entry.uuids.size;
      entry.uuids = null;
      held.delete(deviceId);
      await rm(pathOf(deviceId), { force: true });
      await syncDir(dir);
    });
  };

  return {
    folder: dir,

    /** Whether the device recorded the check-in of `uuid`. */
    has(deviceId: string, uuid: string): Promise<boolean> {
      if (dropped.has(deviceId) || !CHECKIN_UUID.test(uuid)) return Promise.resolve(false);
      return run(deviceId, async (entry) => (await load(deviceId, entry)).has(uuid));
    },

    /** Records the device's new uuids durably; resolves with how many were new and kept. */
    add(deviceId: string, uuids: Iterable<string>): Promise<number> {
      const wanted = [...new Set(uuids)].filter((uuid) => CHECKIN_UUID.test(uuid));
      if (dropped.has(deviceId) || wanted.length === 0) return Promise.resolve(0);
      return run(deviceId, async (entry) => {
        const known = await load(deviceId, entry);
        const fresh = wanted.filter((uuid) => !known.has(uuid));
        const room = Math.max(0, perDevice - known.size);
        const kept = fresh.slice(0, room);
        if (kept.length < fresh.length && !entry.warnedFull) {
          entry.warnedFull = true;
          warn(
            `fleet: device ${deviceId} has recorded ${perDevice} check-ins; later ones are not recorded, so once revoked it cannot undo them`,
          );
        }
        if (kept.length === 0) return 0;
        await append(deviceId, entry, kept);
        for (const uuid of kept) known.add(uuid);
        loaded += kept.length;
        evict(entry);
        return kept.length;
      });
    },

    /** Removes the device's file: its credential opens nothing any more. */
    drop,

    /** Removes the files of every device not in `live` (forgotten, or no longer in the fleet). */
    async prune(live: ReadonlySet<string>): Promise<void> {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      for (const name of names) {
        const id = FILE.exec(name)?.[1];
        if (id !== undefined && !live.has(id)) await drop(id);
      }
    },
  };
}
