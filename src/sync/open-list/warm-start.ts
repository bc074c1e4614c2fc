// A restart's first moments in the door worker. The worker's script runs while the page's own
// code is still loading (a second or more on a phone), and the page's init comes only after
// that: meanwhile the database opens and the list joined last has its page codes read, so the
// restart's first scan is judged by key without waiting for either.
// Guarantees: nothing is written. The codes are read in one transaction with the list's
// first-download state, and kept only when that download was complete: a complete list's pages
// (and so their codes) never change again, short of the list being forgotten, which deletes its
// row; the codes are therefore used only for a list row joined at the same moment.
// The codes are read as stored (a ticket page's sealed), so this needs no passcode: they are
// opened when the list opens, once the door is unlocked.
import type { CheckinDatabase } from '../../db/database';
import { readStoredCodes, type StoredCodeIndex } from '../../db/keyed-read';
import { allLists, readSyncState } from '../../db/local-copy';
import type { ListRow } from '../../db/rows';

/** The list a start opens when nothing else was asked for: the one joined last. */
export const joinedLast = (lists: readonly ListRow[]): ListRow | undefined =>
  [...lists].sort((a, b) => b.joinedAt - a.joinedAt)[0];

export interface WarmCodes {
  slug: string;
  /** The list row's `joinedAt` when the codes were read: a list joined anew is another list. */
  joinedAt: number;
  codes: StoredCodeIndex;
}

/** The page codes of the list joined last, when its first download is complete; else null. */
export async function readWarmCodes(db: CheckinDatabase): Promise<WarmCodes | null> {
  return db.transaction('r', db.lists, db.syncState, db.pages, db.pageCodes, async () => {
    const last = joinedLast(await allLists(db));
    if (!last) return null;
    const [state, codes] = await Promise.all([
      readSyncState(db, last.slug, 'tickets'),
      readStoredCodes(db, last.slug),
    ]);
    return state.cursor !== null && codes ? { slug: last.slug, joinedAt: last.joinedAt, codes } : null;
  });
}

/** The warm codes for `list`, if they were read for it (used once: later opens read afresh). */
export function warmCodesFor(warm: WarmCodes | null, list: ListRow): StoredCodeIndex | null {
  return warm && warm.slug === list.slug && warm.joinedAt === list.joinedAt ? warm.codes : null;
}
