// The upstream's clock as the relay can know it: this host's clock plus the offset the upstream's
// last `Date` header showed. Everything the relay serves to doors is in this clock (the
// pass-through answers' `Date`, the mirror's change times and its answers' `Date`), because a
// door's `since` cursor comes from one answer's `Date` and is filtered against another's
// `updated_at`: two clocks there skip check-ins for ever. Guarantees:
// - `now()` never goes back: it is the later of the last time it gave and local time + offset,
//   so an offset that moves back holds the clock still until local time catches up;
// - a missing or unparsable header changes nothing;
// - with a store (the relay's data directory), the offset is written there whenever it moved
//   by a second or more since last written, and read back at start: a relay restarted while
//   the upstream is unreachable keeps the upstream's clock, not its own.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Clock } from '../platform/clock';
import { replacePrivateFile } from '../platform/private-files';

/**
 * The header has whole seconds: an upstream answering at 12:00:00.900 says 12:00:00. The middle
 * of its second is the best guess (as ../sync/status/service-clock reads it).
 */
const HALF_SECOND_MS = 500;
/** Less than this is the header's rounding and the answer's travel, not worth a disk write. */
const SAVE_MOVE_MS = 1000;
/** The file holds one number; anything larger is not ours. */
const MAX_FILE_BYTES = 1024;

export interface UpstreamClock extends Clock {
  /** An upstream answer arrived with this `Date` header (null: it had none). */
  heard(dateHeader: string | null): void;
}

export interface OffsetStore {
  /** The offset last written, or null (none, unreadable or damaged). */
  load(): number | null;
  save(offsetMs: number): void;
}

export function createUpstreamClock(local: Clock, store: OffsetStore | null = null): UpstreamClock {
  let saved = store?.load() ?? null;
  let offset = saved ?? 0;
  let last = Number.NEGATIVE_INFINITY;
  return {
    now() {
      last = Math.max(last, local.now().getTime() + offset);
      return new Date(last);
    },
    heard(dateHeader) {
      const told = Date.parse(dateHeader ?? '');
      if (Number.isNaN(told)) return;
      offset = told + HALF_SECOND_MS - local.now().getTime();
      if (store && (saved === null || Math.abs(offset - saved) >= SAVE_MOVE_MS)) {
        saved = offset;
        store.save(offset);
      }
    },
  };
}

/** `upstream-clock.json` in the relay's data directory, owner-only, written whole. */
export function offsetFile(dir: string, warn: (message: string) => void = () => {}): OffsetStore {
  const path = join(dir, 'upstream-clock.json');
  return {
    load() {
      let text: string;
      try {
        text = readLimited(path, MAX_FILE_BYTES);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          warn("relay: the upstream's clock offset could not be read; it is learnt again from its answers");
        return null;
      }
      try {
        const parsed: unknown = JSON.parse(text);
        const offsetMs = (parsed as { offsetMs?: unknown } | null)?.offsetMs;
        if (typeof offsetMs !== 'number' || !Number.isSafeInteger(offsetMs)) throw new Error('no offset');
        return offsetMs;
      } catch {
        warn("relay: the upstream's clock offset file is damaged; it is learnt again from its answers");
        return null;
      }
    },
    save(offsetMs) {
      try {
        replacePrivateFile(path, JSON.stringify({ offsetMs: Math.round(offsetMs) }));
      } catch {
        // The offset stands for this run; only a restart without the upstream would miss it.
        warn("relay: the upstream's clock offset could not be written");
      }
    },
  };
}

/** The file's text, or an error when it is larger than `max` bytes. */
function readLimited(path: string, max: number): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(max + 1);
    let size = 0;
    for (;;) {
      const read = readSync(fd, buffer, size, buffer.length - size, null);
      if (read === 0) break;
      size += read;
      if (size > max) throw Object.assign(new Error('too large'), { code: 'EFBIG' });
    }
    return buffer.subarray(0, size).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
