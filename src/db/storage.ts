// Storage failures as values. Every write goes through one transaction (Dexie's, or one made
// straight on IndexedDB: straight-writes.ts), so a failure (quota exceeded, IndexedDB missing in
// a private window) rolls back whole: nothing is left half-written, and the caller gets
// `storage-full` or `storage-unavailable` to show.
import { fail, ok, type Failure, type Result } from '../domain/result';
import { CheckinDatabase } from './database';

const FULL = new Set(['QuotaExceededError']);
const UNAVAILABLE = new Set([
  'MissingAPIError',
  'OpenFailedError',
  'InvalidStateError',
  'DatabaseClosedError',
  'UnknownError',
  'SecurityError',
  'VersionError',
]);

function names(error: unknown): string[] {
  const found: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { name, inner } = current as { name?: unknown; inner?: unknown };
    if (typeof name === 'string') found.push(name);
    current = inner;
  }
  return found;
}

/** The storage failure behind an error, or null when it is a programming fault. */
export function storageFailure(error: unknown): Failure | null {
  const seen = names(error);
  // A write for a list another tab forgot meanwhile (list-gone.ts): nothing was written.
  if (seen.includes('ListGoneError')) return fail('no-list');
  // An admission whose ticket's check-ins changed since it was judged (checkins-changed.ts).
  if (seen.includes('CheckinsChangedError')) return fail('checkins-changed');
  if (seen.some((n) => FULL.has(n))) return fail('storage-full');
  if (seen.some((n) => UNAVAILABLE.has(n))) return fail('storage-unavailable', { detail: seen[0] ?? '' });
  return null;
}

/** Runs storage work; expected storage failures come back as values, faults still throw. */
export async function stored<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work());
  } catch (error) {
    const failure = storageFailure(error);
    if (failure) return failure;
    throw error;
  }
}

export async function openCheckinDatabase(
  name = 'venue-checkin',
  options?: ConstructorParameters<typeof CheckinDatabase>[1],
): Promise<Result<CheckinDatabase>> {
  if (!options?.indexedDB && typeof indexedDB === 'undefined') return fail('storage-unavailable');
  const db = new CheckinDatabase(name, options);
  return stored(async () => {
    await db.open();
    return db;
  });
}
