// A guest leaving, recorded on this device. Every exit goes through `endStay` (a scan in
// exit mode, or "Record exit" on a verdict or a ticket), always inside the door's serial queue
// (door-scan.ts), so a double read can never make two exits. The Check-in API can mark someone
// not inside only by deleting the check-in: the exit is queued as a DELETE by uuid, like an
// undo, and kept here as an exit (`endedBy: 'exit'`); re-entry is then a new check-in.
// A check-in the database holds ended already (another tab of the app over the same database
// recorded the exit or an undo, unheard of here) is not ended twice: the index takes it as
// stored, so this tab holds the guest out from then on.
import type { Result } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { recordExits } from '../../db/outbox';
import type { CheckinRow, ListRow } from '../../db/rows';
import { stored } from '../../db/storage';
import type { ListIndex } from '../index/list-index';
import { learnStored } from './learn-stored';

export interface DoorExitInput {
  db: CheckinDatabase;
  list: ListRow;
  index: ListIndex;
  ticketId: number;
  now: number;
  deviceName: string;
  newId: () => string;
}

/** Ends every active check-in of the ticket as an exit; answers the check-ins it ended. */
export async function endStay(input: DoorExitInput): Promise<Result<CheckinRow[]>> {
  const { db, list, index, ticketId } = input;
  const open = index.checkinsOf(ticketId).filter((c) => c.deletedAt === null);
  const ended = await stored(() => recordExits(db, list.slug, open, input));
  if (!ended.ok) return ended;
  index.putCheckins(ended.value);
  // Nothing ended for a stay the database holds ended already: the index takes what it stored.
  if (ended.value.length < open.length) await learnStored(db, index, list.slug, ticketId);
  return ended;
}
