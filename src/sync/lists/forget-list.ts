// "Forget this list": all of its data leaves the device in one transaction. While check-ins
// have not reached the service it refuses, unless the person confirms (after exporting them
// as CSV): forgetting them silently would lose admissions the service never heard of.
import { fail, ok, type Result } from '../../domain/result';
import type { RemoteTicket } from '../../api/schemas';
import type { CheckinDatabase } from '../../db/database';
import { forgetRevokedList } from '../../db/fleet-notes';
import { wipeList } from '../../db/local-copy';
import { readOutbox } from '../../db/outbox';
import type { FarewellRow, ListRow, OutboxRow } from '../../db/rows';
import { stored } from '../../db/storage';
import { toCsv } from '../../domain/csv';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** What forgetting a list deletes, counted before it goes, to be told to the person. */
export interface ListFacts {
  slug: string;
  title: string;
  tickets: number;
  /** Tickets checked in on the local copy. */
  checkins: number;
  /** Check-ins the service has not acknowledged: lost if the list is forgotten. */
  unsent: number;
  /** Exits and undos not yet sent: lost too, and the service would go on counting those guests in. */
  unsentEnds: number;
}

/** What the list's outbox holds, counted: every row is a change the service has not heard of. */
export function countUnsent(rows: readonly OutboxRow[]): Pick<ListFacts, 'unsent' | 'unsentEnds'> {
  const unsent = rows.filter((r) => r.kind === 'checkin').length;
  return { unsent, unsentEnds: rows.length - unsent };
}

export async function forgetList(
  db: CheckinDatabase,
  listSlug: string,
  { confirmed = false } = {},
): Promise<Result<void>> {
  if (!confirmed && (await readOutbox(db, listSlug)).length > 0) return fail('unsent-checkins');
  return stored(() => wipeList(db, listSlug));
}

/**
 * A revoked door's list, forgotten by itself once it has sent what it held: never while its
 * outbox holds a row (checked in the transaction that deletes it, so a row written meanwhile
 * keeps the list), and with its farewell stored in that same transaction. True when it went.
 */
export function forgetRevoked(
  db: CheckinDatabase,
  listSlug: string,
  farewell: FarewellRow,
): Promise<Result<boolean>> {
  return stored(() => forgetRevokedList(db, listSlug, farewell));
}

/** What an unsent row asks of the service, in the words of the door. */
export const unsentAction = (row: OutboxRow): 'check-in' | 'exit' | 'undo' =>
  row.kind === 'checkin' ? 'check-in' : row.endedBy === 'exit' ? 'exit' : 'undo';

/**
 * Where an unsent row stands, for whoever enters it by hand: never sent (`queued`); sent with no
 * answer yet or ever (`no-answer`: it may already be on the service, so look there first);
 * refused by the service with the reason beside it (`parked`).
 */
export const unsentState = (row: OutboxRow): 'queued' | 'no-answer' | 'parked' =>
  row.state === 'parked' ? 'parked' : row.state === 'sending' || row.attempts > 0 ? 'no-answer' : 'queued';

/** The unsent check-ins, exits and undos as CSV, enough for the organiser to enter them by hand. */
export function unsentCsv(
  rows: readonly OutboxRow[],
  ticketOf: (id: number) => RemoteTicket | undefined,
): string {
  const header = [
    'scanned_at',
    'action',
    'ticket_id',
    'ticket_reference',
    'ticket_slug',
    'first_name',
    'last_name',
    'device',
    'state',
    'reason',
  ];
  const lines = rows.map((r) => {
    const t = ticketOf(r.ticketId);
    return [
      new Date(r.scannedAt).toISOString(),
      unsentAction(r),
      r.ticketId,
      t?.reference,
      t?.slug,
      t?.firstName,
      t?.lastName,
      r.deviceName,
      unsentState(r),
      r.parkedReason?.reason,
    ];
  });
  return toCsv(header, lines);
}

/** Lists whose expiry passed more than `afterMs` ago: due to be wiped automatically. */
export function listsDueForWipe(lists: readonly ListRow[], now: number, afterMs = DAY_MS): ListRow[] {
  return lists.filter((l) => l.expiresAt !== null && now >= l.expiresAt + afterMs);
}

export async function wipeExpired(
  db: CheckinDatabase,
  lists: readonly ListRow[],
  now: number,
  afterMs = DAY_MS,
): Promise<string[]> {
  const wiped: string[] = [];
  for (const list of listsDueForWipe(lists, now, afterMs)) {
    // Unsent check-ins keep even an expired list: they wait for the network, then it goes.
    const result = await forgetList(db, list.slug);
    if (result.ok) wiped.push(list.slug);
  }
  return ok(wiped).value;
}
