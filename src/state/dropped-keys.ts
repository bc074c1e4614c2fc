// Keys an earlier version of the app left in localStorage that may hold personal data, removed
// at start: localStorage is plain files in the browser's profile, outside the door's seal.
// Staff's undo reasons were kept there (`venue-checkin.undo-reason.<check-in>`); a reason may
// name a guest, and the door's audit log, which is sealed, holds each one already.
const DROPPED_PREFIXES = ['venue-checkin.undo-reason.'];

/** Removes what an earlier version left; the number removed. */
export function dropLeftoverKeys(storage: Storage | null = globalThis.localStorage ?? null): number {
  if (!storage) return 0;
  let removed = 0;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys)
      if (key && DROPPED_PREFIXES.some((prefix) => key.startsWith(prefix))) {
        storage.removeItem(key);
        removed++;
      }
  } catch {
    // Storage refused (a private window): then nothing was kept there either.
  }
  return removed;
}
