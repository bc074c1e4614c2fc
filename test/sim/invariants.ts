// The invariants checked when everything has healed, each with its count. The service's
// check-ins are read straight from the server (not through the proxy), deleted ones included.
import type { RemoteCheckin } from '../../src/api/schemas';
import type { ConflictRow } from '../../src/db/rows';
import type { Admission, SimDoor } from './door';

export interface DoorCopy {
  door: number;
  checkins: {
    uuid: string | null;
    key: string;
    ticketId: number;
    deleted: boolean;
    clientId: string | null;
    status: string;
  }[];
  outbox: { state: string; kind: string; id: string; parked: boolean; alreadyIn: boolean }[];
  conflicts: ConflictRow[];
}

export interface Findings {
  admissions: number;
  /** Admissions at two or more doors: tickets admitted by more than one door, counted per admission. */
  sharedAdmissions: number;
  onServiceOnce: number;
  cancelledBeforeSending: number;
  refusedWithReason: number;
  lost: number;
  doubled: number;
  undoNotApplied: number;
  leftInOutbox: number;
  doorsDisagreeing: number;
  checkinsDisagreeing: number;
  doubleAdmissions: number;
  conflictsUnshown: number;
  takenAsOwn: number;
  /** Admissions the service refused because the ticket was already in there (refuse mode). */
  refusedAsAlreadyIn: number;
  /** Of those still standing beside an active check-in on the service: shown as a double admission on their door, and not. */
  alreadyInShown: number;
  alreadyInUnshown: number;
  /** Tickets the service holds twice though it refuses duplicates. */
  heldTwiceByRefusingService: number;
  examples: string[];
}

export async function readDoorCopy(door: SimDoor, slug: string): Promise<DoorCopy> {
  const db = door.db();
  const [checkins, outbox, conflicts] = await Promise.all([
    db.checkins.where('[listSlug+key]').between([slug, ''], [slug, '\uffff']).toArray(),
    db.outbox.where('listSlug').equals(slug).toArray(),
    db.conflicts.where('[listSlug+ticketId]').between([slug, 0], [slug, Number.MAX_SAFE_INTEGER]).toArray(),
  ]);
  return {
    door: door.n,
    checkins: checkins.map((c) => ({
      uuid: c.uuid,
      key: c.key,
      ticketId: c.ticketId,
      deleted: c.deletedAt !== null,
      clientId: c.clientId,
      status: c.status,
    })),
    outbox: outbox.map((r) => ({
      state: r.state,
      kind: r.kind,
      id: r.id,
      parked: r.state === 'parked' && !!r.parkedReason,
      // Refused because its ticket was already in on the service (a service refusing duplicates).
      alreadyIn:
        r.state === 'parked' && r.parkedReason?.status === 422 && /already/.test(r.parkedReason.detail ?? ''),
    })),
    conflicts,
  };
}

/** How this door's copy differs from the service, and what it still owes (empty: it agrees). */
export function differences(copy: DoorCopy, service: ReadonlyMap<string, RemoteCheckin>): string[] {
  const out: string[] = [];
  const unsent = copy.outbox.filter((r) => !r.parked);
  if (unsent.length)
    out.push(
      `${unsent.length} outbox rows (${unsent
        .map((r) => `${r.kind} ${r.state}`)
        .slice(0, 3)
        .join(', ')})`,
    );
  const seen = new Map<string, number>();
  for (const c of copy.checkins) {
    if (c.status === 'parked') continue;
    const remote = c.uuid ? service.get(c.uuid) : undefined;
    if (c.uuid) seen.set(c.uuid, (seen.get(c.uuid) ?? 0) + 1);
    if (!remote) out.push(`holds ${c.uuid ?? c.key} (ticket ${c.ticketId}) the service does not`);
    else if ((remote.deletedAt !== null) !== c.deleted)
      out.push(`holds ${c.uuid} as ${c.deleted ? 'deleted' : 'active'}; the service does not`);
  }
  for (const [uuid, n] of seen) if (n > 1) out.push(`holds ${uuid} ${n} times`);
  for (const [uuid, remote] of service)
    if (!seen.has(uuid)) out.push(`lacks ${uuid} (ticket ${remote.ticketId})`);
  return out;
}

/**
 * With relays: what each door should hold (its relay's mirror, for a door on a relay) and the
 * check-ins a relay refused as already in for the service (refused with that reason).
 */
export interface TierTruth {
  truthOf: (door: number) => ReadonlyMap<string, RemoteCheckin>;
  refused: ReadonlySet<string>;
}

export function checkInvariants(
  admissionsByDoor: readonly Admission[][],
  copies: readonly DoorCopy[],
  service: ReadonlyMap<string, RemoteCheckin>,
  before: ReadonlySet<string>,
  duplicates: 'record' | 'refuse' = 'record',
  tier?: TierTruth,
): Findings {
  const f: Findings = {
    admissions: 0,
    sharedAdmissions: 0,
    onServiceOnce: 0,
    cancelledBeforeSending: 0,
    refusedWithReason: 0,
    lost: 0,
    doubled: 0,
    undoNotApplied: 0,
    leftInOutbox: 0,
    doorsDisagreeing: 0,
    checkinsDisagreeing: 0,
    doubleAdmissions: 0,
    conflictsUnshown: 0,
    takenAsOwn: 0,
    refusedAsAlreadyIn: 0,
    alreadyInShown: 0,
    alreadyInUnshown: 0,
    heldTwiceByRefusingService: 0,
    examples: [],
  };
  const note = (text: string) => {
    if (f.examples.length < 20) f.examples.push(text);
  };
  // Every admission a door recorded: what its screen reported, and any own row its database
  // holds that a crash kept the screen from reporting.
  const admissions = new Map<string, Admission>();
  for (const list of admissionsByDoor) for (const a of list) admissions.set(a.clientId, a);
  for (const copy of copies)
    for (const c of copy.checkins)
      if (c.clientId && !admissions.has(c.clientId))
        admissions.set(c.clientId, {
          event: -1,
          door: copy.door,
          ticketId: c.ticketId,
          clientId: c.clientId,
          key: c.key,
          anyway: false,
          undo: null,
        });
  f.admissions = admissions.size;
  const doorsOfTicket = new Map<number, Set<number>>();
  for (const a of admissions.values())
    doorsOfTicket.set(a.ticketId, (doorsOfTicket.get(a.ticketId) ?? new Set()).add(a.door));
  for (const a of admissions.values())
    if ((doorsOfTicket.get(a.ticketId)?.size ?? 0) > 1) f.sharedAdmissions++;

  const parked = new Set([
    ...copies.flatMap((c) => c.outbox.filter((r) => r.parked).map((r) => r.id)),
    ...(tier?.refused ?? []),
  ]);
  for (const a of admissions.values()) {
    const remote = service.get(a.clientId);
    if (a.undo === 'cancelled') {
      f.cancelledBeforeSending++;
      if (remote) {
        f.doubled++;
        note(`door ${a.door} cancelled ${a.clientId} before sending, yet the service holds it`);
      }
    } else if (parked.has(a.clientId)) f.refusedWithReason++;
    else if (!remote) {
      f.lost++;
      note(`door ${a.door} admitted ticket ${a.ticketId} (${a.clientId}); the service never got it`);
    } else {
      f.onServiceOnce++;
      if ((a.undo === 'queued' || a.undo === 'waiting') && remote.deletedAt === null) {
        f.undoNotApplied++;
        note(`door ${a.door} undid ${a.clientId}; still active on the service`);
      }
    }
  }
  for (const [uuid, remote] of service) {
    if (before.has(uuid) || admissions.has(uuid)) continue;
    f.doubled++;
    note(`the service holds ${uuid} (ticket ${remote.ticketId}) that no door admitted`);
  }

  for (const copy of copies) {
    f.leftInOutbox += copy.outbox.filter((r) => !r.parked).length;
    for (const c of copy.checkins) {
      if (!c.clientId || !c.uuid) continue;
      // Its own: the uuid the service holds for this door's admission is the door's client id.
      if (c.uuid !== c.clientId || admissions.get(c.clientId)?.door !== copy.door) {
        f.takenAsOwn++;
        note(`door ${copy.door} holds ${c.uuid} (ticket ${c.ticketId}) as its own admission ${c.clientId}`);
      }
    }
    const differs = differences(copy, tier?.truthOf(copy.door) ?? service).filter(
      (d) => !d.includes('outbox rows'),
    );
    if (differs.length > 0) {
      f.doorsDisagreeing++;
      f.checkinsDisagreeing += differs.length;
      note(`door ${copy.door} differs from the service: ${differs.slice(0, 3).join('; ')}`);
    }
  }

  const activeByTicket = new Map<number, RemoteCheckin[]>();
  for (const remote of service.values())
    if (remote.deletedAt === null)
      activeByTicket.set(remote.ticketId, [...(activeByTicket.get(remote.ticketId) ?? []), remote]);
  for (const [ticketId, active] of activeByTicket) {
    if (active.length < 2) continue;
    f.doubleAdmissions++;
    const uuids = new Set(active.map((c) => c.uuid));
    const doors = new Set(
      active.flatMap((c) => {
        const a = admissions.get(c.uuid);
        return a ? [a.door] : [];
      }),
    );
    let unshown = false;
    // The service's own apps (a negative door) are not simulated screens.
    for (const door of [...doors].filter((d) => d >= 0)) {
      const conflict = copies[door]?.conflicts.find((c) => c.ticketId === ticketId);
      const shown =
        conflict !== undefined &&
        conflict.checkins.length === uuids.size &&
        conflict.checkins.every(
          (c) =>
            c.uuid !== null &&
            uuids.has(c.uuid) &&
            Number.isFinite(c.createdAt) &&
            c.source === (admissions.get(c.uuid)?.door === door ? 'this-device' : 'elsewhere'),
        );
      if (!shown) {
        unshown = true;
        const held =
          conflict?.checkins.map((c) => `${c.uuid?.slice(0, 8)} ${c.source}`).join(', ') ?? 'nothing';
        const truth = active
          .map((c) => `${c.uuid.slice(0, 8)} door ${admissions.get(c.uuid)?.door}`)
          .join(', ');
        note(`door ${door} shows ticket ${ticketId} as [${held}]; the service holds [${truth}]`);
      }
    }
    if (unshown) f.conflictsUnshown++;
  }
  // A refusing service: an admission it refused as already in stays on its door, and while the
  // service holds an active check-in of the ticket, that door shows both as a double admission.
  // Its own side has no uuid, or the door's own (its client id) when its relay holds it too: sent
  // through the relay (answer lost) and then directly, it is refused by both and served by the relay.
  for (const copy of copies) {
    const refused = new Set(copy.outbox.filter((r) => r.alreadyIn).map((r) => r.id));
    f.refusedAsAlreadyIn += refused.size;
    for (const c of copy.checkins) {
      if (!c.clientId || !refused.has(c.clientId) || c.deleted) continue;
      const heldThere = activeByTicket.get(c.ticketId) ?? [];
      if (heldThere.length === 0) continue;
      const conflict = copy.conflicts.find((x) => x.ticketId === c.ticketId);
      const shown =
        conflict?.checkins.some(
          (x) => x.source === 'this-device' && (x.uuid === null || x.uuid === c.clientId),
        ) === true && heldThere.every((h) => conflict.checkins.some((x) => x.uuid === h.uuid));
      if (shown) f.alreadyInShown++;
      else {
        f.alreadyInUnshown++;
        note(
          `door ${copy.door} does not show ticket ${c.ticketId}, refused as already in, as a double admission`,
        );
      }
    }
  }
  if (duplicates === 'refuse')
    for (const [ticketId, active] of activeByTicket)
      if (active.length > 1) {
        f.heldTwiceByRefusingService++;
        note(`the service, refusing duplicates, holds ticket ${ticketId} ${active.length} times`);
      }
  return f;
}
