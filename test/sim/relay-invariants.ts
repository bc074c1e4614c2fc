// The relay tier's invariants, checked when everything has healed and the relays are stopped:
// - each relay's journal, replayed from disk by the relay's own code (what a restart would serve),
//   holds nothing still to send (no check-in queued or sending, no delete queued);
// - a relay parks a door's check-in only because the service refused it as already in (a service
//   refusing duplicates); any other refusal is counted;
// - each relay's mirror, as it serves its doors, is the service's check-ins (same deleted state)
//   plus the check-ins it parked as already in, and nothing else;
// - a check-in a relay parked as already in, still active beside the service's check-in of its
//   ticket, is shown on the door that admitted it as a double admission with both.
import type { RemoteCheckin } from '../../src/api/schemas';
import { ListMirror } from '../../src/relay/mirror/list-mirror';
import { listKey, MirrorJournal } from '../../src/relay/mirror/mirror-journal';
import { saysAlreadyIn, type Write } from '../../src/relay/mirror/mirror-types';
import type { Admission } from './door';
import type { DoorCopy } from './invariants';

export interface RelayFindings {
  leftInJournal: number;
  parkedOtherwise: number;
  relaysDisagreeing: number;
  /** Door check-ins relays parked because the service already held their ticket. */
  refusedAtRelay: number;
  refusedAtRelayShown: number;
  refusedAtRelayUnshown: number;
  examples: string[];
}

/** A relay's writes as its journal on disk holds them (the relay must be stopped). */
export async function journalWrites(dataDir: string, slug: string): Promise<Write[]> {
  const journal = new MirrorJournal(`${dataDir}/mirror`, listKey(slug));
  const { snapshot, entries } = await journal.replay(() => undefined);
  await journal.close();
  const m = snapshot ? ListMirror.fromSnapshot(snapshot) : new ListMirror(slug);
  for (const e of entries) m.apply(e);
  return [...m.writes.values()];
}

/** Each relay's parked "already in" check-ins, as the service's records would show them. */
export function refusedAt(writes: readonly Write[], served: ReadonlyMap<string, RemoteCheckin>) {
  const out = new Map<string, RemoteCheckin>();
  for (const w of writes)
    if (w.state === 'parked' && saysAlreadyIn(w.reason)) {
      const held = served.get(w.uuid);
      if (held) out.set(w.uuid, held);
    }
  return out;
}

export function checkRelayTier(
  writesByRelay: readonly Write[][],
  servedByRelay: readonly ReadonlyMap<string, RemoteCheckin>[],
  service: ReadonlyMap<string, RemoteCheckin>,
  admissions: ReadonlyMap<string, Admission>,
  copies: readonly DoorCopy[],
): RelayFindings {
  const f: RelayFindings = {
    leftInJournal: 0,
    parkedOtherwise: 0,
    relaysDisagreeing: 0,
    refusedAtRelay: 0,
    refusedAtRelayShown: 0,
    refusedAtRelayUnshown: 0,
    examples: [],
  };
  const note = (text: string) => {
    if (f.examples.length < 20) f.examples.push(text);
  };
  const activeByTicket = new Map<number, string[]>();
  for (const c of service.values())
    if (c.deletedAt === null)
      activeByTicket.set(c.ticketId, [...(activeByTicket.get(c.ticketId) ?? []), c.uuid]);

  for (const [n, writes] of writesByRelay.entries()) {
    const served = servedByRelay[n]!;
    for (const w of writes) {
      if (w.state === 'queued' || w.state === 'sending' || w.deleteState === 'queued') {
        f.leftInJournal++;
        note(`relay ${n} still holds ${w.uuid} to send (${w.state}, delete ${w.deleteState ?? 'none'})`);
      }
      if ((w.state === 'parked' && !saysAlreadyIn(w.reason)) || w.deleteState === 'parked') {
        f.parkedOtherwise++;
        note(`relay ${n} parked ${w.uuid}: ${w.reason ?? 'no reason'}`);
      }
    }
    const refused = refusedAt(writes, served);
    const differs: string[] = [];
    for (const [uuid, c] of service) {
      const held = served.get(uuid);
      if (!held) differs.push(`lacks ${uuid} (ticket ${c.ticketId})`);
      else if ((held.deletedAt === null) !== (c.deletedAt === null))
        differs.push(
          `serves ${uuid} as ${held.deletedAt === null ? 'active' : 'deleted'}; the service does not`,
        );
    }
    for (const [uuid, c] of served)
      if (!service.has(uuid) && !refused.has(uuid))
        differs.push(`serves ${uuid} (ticket ${c.ticketId}) the service does not`);
    if (differs.length > 0) {
      f.relaysDisagreeing++;
      note(`relay ${n} differs from the service: ${differs.slice(0, 3).join('; ')}`);
    }
    for (const [uuid, c] of refused) {
      f.refusedAtRelay++;
      const there = activeByTicket.get(c.ticketId) ?? [];
      if (c.deletedAt !== null || there.length === 0) continue;
      const door = admissions.get(uuid)?.door;
      const conflict =
        door === undefined ? undefined : copies[door]?.conflicts.find((x) => x.ticketId === c.ticketId);
      // The door's own side under the uuid it sent, or without one when the door itself was refused
      // too (it went to the service directly after the relay's answer was lost).
      const refusedAtDoor =
        door !== undefined && (copies[door]?.outbox.some((r) => r.id === uuid && r.alreadyIn) ?? false);
      const shown =
        conflict?.checkins.some(
          (x) => (x.uuid === uuid || (x.uuid === null && refusedAtDoor)) && x.source === 'this-device',
        ) === true && there.every((h) => conflict.checkins.some((x) => x.uuid === h));
      if (shown) f.refusedAtRelayShown++;
      else {
        f.refusedAtRelayUnshown++;
        const held =
          door === undefined ? [] : (copies[door]?.checkins.filter((x) => x.ticketId === c.ticketId) ?? []);
        note(
          `door ${door} does not show ticket ${c.ticketId} (${uuid}, refused as already in at relay ${n}) as a double admission beside ${there.join(', ')}: ${
            conflict
              ? `its double admission lists ${conflict.checkins.map((x) => `${x.uuid ?? 'no uuid'} (${x.source})`).join(', ')}`
              : 'it records none'
          }; its copy holds ${held.map((x) => `${x.uuid ?? x.key} (${x.deleted ? 'deleted' : 'active'}, ${x.status})`).join(', ') || 'nothing'} of that ticket`,
        );
      }
    }
  }
  return f;
}
