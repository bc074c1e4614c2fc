// A write for a list that is no longer on the device: forgotten in another tab of the app
// (whose engine shares the database) after this tab last read it. Check-ins, exits and undos are
// written only while their list's row stands, checked in the write's own transaction: one
// written for a forgotten list could never be sent (a list's outbox goes out with its row) nor
// shown, and the guest would have been admitted on screen for nothing the service hears of.
import type { CheckinDatabase } from './database';

export class ListGoneError extends Error {
  override name = 'ListGoneError';
  constructor(listSlug: string) {
    super(`The list ${listSlug.slice(0, 8)}… is no longer on this device`);
  }
}

/** Within the caller's transaction (which holds `lists`): throws when the list is gone. */
export async function mustBeListed(db: CheckinDatabase, listSlug: string): Promise<void> {
  if ((await db.lists.where('slug').equals(listSlug).count()) === 0) throw new ListGoneError(listSlug);
}
