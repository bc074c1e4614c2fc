// The relay tier's part of the seeded schedule: which hall (relay) each door belongs to, the
// faults of every link beyond the doors' own (each relay's uplink to the service, each relay
// door's direct path to the service), the relays' kill -9s (how long each stays down, and
// whether its journal's tail is torn before it starts again), one hall's uplink down for a long
// stretch while its doors keep admitting, and the service's own apps admitting beside the doors
// (often tickets a door somewhere admitted a moment ago). Decided from the seed alone.
//
// Of each hall's doors, the last `codeDoorsPerRelay` join by a join code made on that relay (the
// fleet's doors): they have no address of the service to go to, so while their relay is gone
// they keep their check-ins and wait for it. The hall's first door always joins by the list's
// address, so the hall keeps a door that falls back to the service.
//
// Links: door n reaches its first hop (its relay, or the service for a direct door) as link n,
// a relay door reaches the service directly as link DIRECT_LINK + n, relay r's uplink is link
// UPLINK + r.
import { createRandom } from '../../src/mock-api/random';
import type { FaultMode, FaultWindow, SimEvent } from './schedule';

/**
 * How a restart finds the journal's tail: `cut`, its last line cut part-way (a record nobody outside
 * was answered on; a partial line after it otherwise), or `partial`, a partial line after it.
 */
export type Tear = 'cut' | 'partial';

export const DIRECT_LINK = 1000;
export const UPLINK = 2000;

export interface RelayTierOptions {
  relays: number;
  doorsPerRelay: number;
  relayKills: number;
  /** The longest a killed relay stays down (simulated s). */
  maxRelayDownS: number;
  /** Fault windows per uplink and per direct path, on average. */
  uplinkFaults: number;
  directFaults: number;
  /** One hall's uplink partitioned this long (simulated s) while its doors keep admitting. */
  hallOutageS: number;
  /** Admissions made by the service's own apps, straight at the service. */
  serviceAppAdmissions: number;
  /** RELAY_MIRROR_INTERVAL_MS of every relay (real ms; the relay runs on real time). */
  intervalMs?: number;
  /** Doors of each hall joined by a join code made on its relay (fewer than `doorsPerRelay`). */
  codeDoorsPerRelay?: number;
}

export type TierEvent =
  | { at: number; kind: 'kill-relay'; relay: number; downS: number; torn: Tear | null }
  | { at: number; kind: 'app-admit'; id: number; ticket: number };

export interface TierPlan {
  relays: number;
  /** Each door's relay, or null for a door on the service directly. */
  relayOf: (number | null)[];
  /** Whether each door joins by a join code made on its relay (it then never goes direct). */
  byCode: boolean[];
  /** Each relay's stretches without its process, [from, to) in simulated seconds. */
  downs: { relay: number; from: number; to: number }[];
  faults: FaultWindow[];
  events: TierEvent[];
}

export function planRelayTier(
  o: RelayTierOptions,
  base: {
    seed: number;
    doors: number;
    durationS: number;
    events: readonly SimEvent[];
    tickets: readonly number[];
  },
): TierPlan {
  const random = createRandom(base.seed * 31 + 17);
  const between = (low: number, high: number) => low + random.int(high - low + 1);
  const { durationS } = base;
  const relayOf = Array.from({ length: base.doors }, (_, n) =>
    n < o.relays * o.doorsPerRelay ? Math.floor(n / o.doorsPerRelay) : null,
  );
  const codeDoors = o.codeDoorsPerRelay ?? 0;
  if (codeDoors > 0 && codeDoors >= o.doorsPerRelay)
    throw new Error('each hall needs a door joined by the list itself (codeDoorsPerRelay < doorsPerRelay)');
  const byCode = relayOf.map((r, n) => r !== null && n % o.doorsPerRelay >= o.doorsPerRelay - codeDoors);
  const faults: FaultWindow[] = [];
  const modes: FaultMode[] = ['partition', 'drop-after-commit', 'server-errors', 'rate-limited', 'latency'];
  const windowOn = (link: number, maxS: number) => {
    const mode = random.pick(modes);
    const length = mode === 'partition' ? between(5, maxS) : between(3, Math.min(60, maxS));
    const from = random.int(Math.max(1, durationS - length));
    faults.push({
      door: link,
      from,
      to: from + length,
      mode,
      ...(mode === 'rate-limited' ? { retryAfterS: between(1, 20) } : {}),
    });
  };
  for (let r = 0; r < o.relays; r++)
    for (let w = 0; w < Math.round(o.uplinkFaults * (0.5 + random.next())); w++)
      windowOn(UPLINK + r, o.hallOutageS);
  // A door joined by code has no direct path: its windows are drawn all the same (never used), so
  // a seed's schedule does not depend on how many doors join by code.
  for (let n = 0; n < base.doors; n++)
    if (relayOf[n] !== null)
      for (let w = 0; w < Math.round(o.directFaults * (0.5 + random.next())); w++)
        windowOn(DIRECT_LINK + n, o.hallOutageS);
  // The hall whose uplink is down for the whole stretch.
  const hall = random.int(o.relays);
  const from = random.int(Math.max(1, durationS - o.hallOutageS));
  faults.push({ door: UPLINK + hall, from, to: from + o.hallOutageS, mode: 'partition' });

  const events: TierEvent[] = [];
  for (let k = 0; k < o.relayKills; k++) {
    const at = ((k + 0.5 + (random.next() - 0.5) * 0.6) * durationS) / o.relayKills;
    const downS = between(5, Math.min(o.maxRelayDownS, Math.max(5, durationS - at - 1)));
    // The first kill's restart finds its last line cut, the second's a partial line, the third's none.
    const torn = (['cut', 'partial', null] as const)[k % 3]!;
    events.push({ at, kind: 'kill-relay', relay: random.int(o.relays), downS, torn });
  }
  const admits = base.events.filter((e) => e.kind === 'admit');
  for (let id = 0; id < o.serviceAppAdmissions; id++) {
    const at = random.next() * durationS;
    const recent = admits.filter((e) => e.at <= at && e.at > at - 60);
    const ticket =
      recent.length > 0 && random.next() < 0.5 ? random.pick(recent).ticket : random.pick(base.tickets);
    events.push({ at, kind: 'app-admit', id, ticket });
  }
  events.sort((a, b) => a.at - b.at);
  const downs = events.flatMap((e) =>
    e.kind === 'kill-relay'
      ? [{ relay: e.relay, from: Math.floor(e.at), to: Math.floor(e.at) + e.downS }]
      : [],
  );
  return { relays: o.relays, relayOf, byCode, downs, faults, events };
}
