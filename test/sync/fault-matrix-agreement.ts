// What a fault-matrix case (./fault-matrix-case.ts) checks once the network has healed and
// the door is quiet: the device and the service agree on every check-in, nothing is doubled,
// and what the door said (admitted, undone, "cancelled before sending", left) is what the
// service holds. Against a refusing service, the door's own admission of the shared ticket is
// kept, parked with the service's "already" reason, beside the other door's check-in.
import type { CheckinDatabase } from '../../src/db/database';
import { readOutbox, type UndoOutcome } from '../../src/db/outbox';
import type { DuplicateCheckins } from '../../src/mock-api/context';
import type { MockService } from '../../src/mock-api/service';
import type { SyncEngine } from '../../src/sync/engine/sync-engine';
import { LIST } from './support';

export interface CaseEnd {
  service: MockService;
  listId: number;
  db: CheckinDatabase;
  engine: SyncEngine;
  /** Ticket A: scanned alone, offline; the one an undo takes back and an exit lets out. */
  ticketA: number;
  /** The order's first ticket, which another door checked in just before the batch left. */
  shared: number;
  /** The door's own admission of the shared ticket, as its key was when made. */
  keyShared: string;
  /** The uuid of the other door's check-in of the shared ticket. */
  elsewhere: string;
  duplicates: DuplicateCheckins;
  action: string;
  undone: { outcome: UndoOutcome; key: string }[];
  /** Client ids of the admissions the action made. */
  admitted: string[];
}

/** What is wrong at the end of a case: nothing, when the door and the service agree. */
export async function agreementProblems({
  service,
  listId,
  db,
  engine,
  ticketA,
  shared,
  keyShared,
  elsewhere,
  duplicates,
  action,
  undone,
  admitted,
}: CaseEnd): Promise<string[]> {
  // What the service holds, and what the device holds and shows.
  const onService = service.context.store
    .findBy('checkins', 'byList', listId)
    .map((c) => ({ uuid: c.uuid, ticketId: c.ticket_id, active: c.deleted_at === null }));
  const rows = (
    await db.checkins.where('[listSlug+key]').between([LIST, ''], [LIST, '\uffff']).toArray()
  ).filter((c) => c.status !== 'parked');
  const problems: string[] = [];
  const outbox = await readOutbox(db, LIST);
  // A refusing service's "already" for the shared ticket is the one row that may stay: parked.
  const refusedAsAlreadyIn = (r: (typeof outbox)[number]) =>
    duplicates === 'refuse' &&
    r.kind === 'checkin' &&
    r.state === 'parked' &&
    r.ticketId === shared &&
    r.parkedReason?.status === 422 &&
    /already/.test(r.parkedReason.detail ?? '');
  const owed = outbox.filter((r) => !refusedAsAlreadyIn(r));
  if (owed.length) problems.push(`outbox holds ${owed.map((r) => `${r.kind} ${r.state}`).join(', ')}`);
  const held_ = new Map(rows.map((r) => [r.uuid, r]));
  for (const c of onService) {
    const mine = held_.get(c.uuid);
    if (!mine) problems.push(`device lacks ${c.uuid} (ticket ${c.ticketId})`);
    else if ((mine.deletedAt === null) !== c.active)
      problems.push(
        `device holds ${c.uuid} as ${mine.deletedAt === null ? 'active' : 'deleted'}; the service does not`,
      );
    if (c.uuid !== elsewhere && !rows.some((r) => r.clientId === c.uuid))
      problems.push(`service holds ${c.uuid}, which the door never made`);
  }
  for (const r of rows)
    if (!onService.some((c) => c.uuid === r.uuid))
      problems.push(`device holds ${r.uuid ?? r.key} the service does not`);
  if (new Set(rows.map((r) => r.uuid)).size !== rows.length) problems.push('device holds a check-in twice');
  const activeByTicket = new Map<number, number>();
  for (const c of onService)
    if (c.active) activeByTicket.set(c.ticketId, (activeByTicket.get(c.ticketId) ?? 0) + 1);
  for (const [ticketId, n] of activeByTicket)
    if (n > 1 && ticketId !== shared) problems.push(`ticket ${ticketId} is in ${n} times`);
  // The shared ticket: the other door's check-in, and the door's own unless it was taken back
  // (held by a recording service, parked here by a refusing one). Either way both show here.
  const ownShared = (await engine.ticket(shared))!.checkins.filter(
    (c) => c.clientId !== null && c.deletedAt === null,
  );
  const expectedShared = duplicates === 'record' ? 1 + ownShared.length : 1;
  if ((activeByTicket.get(shared) ?? 0) !== expectedShared)
    problems.push(`the shared ticket is in ${activeByTicket.get(shared) ?? 0} times, not ${expectedShared}`);
  if (!onService.some((c) => c.uuid === elsewhere && c.active))
    problems.push('the other door’s check-in is gone');
  if (duplicates === 'refuse' && ownShared.some((c) => c.status !== 'parked'))
    problems.push('the door holds its refused admission of the shared ticket as accepted');
  // A refusing service: the door keeps its own admission of the shared ticket, parked with the
  // service's "already" reason, unless the action took the order's admissions back (then none is
  // held; its parked row may stay, as the outbox check above allows). Built from the action, not
  // from what the door holds, so a door that dropped its refused admission fails here.
  if (duplicates === 'refuse') {
    const parked = outbox.filter(refusedAsAlreadyIn);
    const kept =
      ownShared.length === 1 &&
      parked.length === 1 &&
      parked[0]!.id === ownShared[0]!.clientId &&
      parked[0]!.checkinKey === ownShared[0]!.key &&
      ownShared[0]!.key === keyShared;
    const expected = action === 'undo these N' ? ownShared.length === 0 : kept;
    if (!expected)
      problems.push(
        `the door holds ${ownShared.length} own admissions of the shared ticket, ${parked.length} parked as already in`,
      );
  }
  const conflict = (await readConflicts(db)).find((c) => c.ticketId === shared);
  const shownSides = conflict?.checkins.map((c) => c.source).sort() ?? [];
  const expectedSides = ownShared.length > 0 ? ['elsewhere', 'this-device'] : [];
  if (shownSides.join() !== expectedSides.join())
    problems.push(`the door shows the shared ticket as [${shownSides}], not [${expectedSides}]`);
  // What the door said is what happened.
  for (const { outcome: said, key } of undone) {
    const clientId = key.replace(/^local:/, '');
    const remote = onService.find((c) => c.uuid === clientId);
    if (said === 'cancelled' && remote)
      problems.push(`undo said cancelled before sending, yet ${clientId} is on the service`);
    if (remote?.active) problems.push(`undone ${clientId} is still active on the service`);
  }
  if (action === 'exit' && activeByTicket.has(ticketA))
    problems.push('the guest who left is still inside on the service');
  for (const clientId of admitted)
    if (!onService.some((c) => c.uuid === clientId && c.active))
      problems.push(`admission ${clientId} never reached the service`);
  const index = (await engine.ticket(ticketA))!.checkins;
  const shownInside = index.some((c) => c.deletedAt === null);
  if (shownInside !== activeByTicket.has(ticketA))
    problems.push('the door shows ticket A otherwise than the service holds it');
  return problems;
}

async function readConflicts(db: CheckinDatabase) {
  return db.conflicts
    .where('[listSlug+ticketId]')
    .between([LIST, 0], [LIST, Number.MAX_SAFE_INTEGER])
    .toArray();
}
