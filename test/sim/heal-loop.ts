// The heal: every fault gone, every door online, simulated seconds stepping on until everything
// agrees or `maxHealS` runs out. What a door should hold is its relay's mirror (itself checked
// against the service, relay-tier.ts) or, for a door on the service directly, the service. Each
// tier's heal time is the first check at which it agreed: the relays with the service (nothing
// pending upstream), then the doors on relays with their relays, then everything at once.
import type { RemoteCheckin } from '../../src/api/schemas';
import type { DoorState } from './door-host';
import { type DoorCopy, differences } from './invariants';
import type { RelayTier } from './relay-tier';
import { serviceCheckins } from './service-reads';

/** What each door should hold, as last read: the service's check-ins and each relay's. */
export function truthOf(tier: RelayTier | null) {
  const truth = {
    service: new Map<string, RemoteCheckin>(),
    served: [] as Map<string, RemoteCheckin>[],
    of(door: number): ReadonlyMap<string, RemoteCheckin> {
      const relay = tier?.relayOf(door) ?? null;
      return relay === null ? truth.service : (truth.served[relay] ?? truth.service);
    },
    async read(serviceOrigin: string) {
      truth.service = await serviceCheckins(serviceOrigin);
      truth.served = tier ? await tier.served() : [];
    },
  };
  return truth;
}

export type Truth = ReturnType<typeof truthOf>;

export interface HealOptions {
  /** Runs healing second `s` (0 first) on every door host. */
  stepAt: (s: number) => Promise<DoorState[]>;
  serviceOrigin: string;
  tier: RelayTier | null;
  truth: Truth;
  /** Every door's copy of the list, read from its database. */
  copies: () => Promise<DoorCopy[]>;
  maxHealS: number;
  checkEveryS: number;
  trace?: (line: string) => void;
}

export interface Heal {
  healedAfterS: number | null;
  healRelayS: number | null;
  healDoorsS: number | null;
  healSecondsCut: number;
  healWallS: number;
  /** Simulated seconds the heal ran. */
  ranS: number;
}

export async function healUntilAgreed(o: HealOptions): Promise<Heal> {
  const { tier, truth } = o;
  const wall = performance.now();
  const heal: Heal = {
    healedAfterS: null,
    healRelayS: null,
    healDoorsS: null,
    healSecondsCut: 0,
    healWallS: 0,
    ranS: 0,
  };
  const onRelay = (door: number) => tier !== null && tier.relayOf(door) !== null;
  const insideOf = (door: number) =>
    new Set([...truth.of(door).values()].filter((c) => c.deletedAt === null).map((c) => c.ticketId)).size;
  const looksHealed = (d: DoorState) => d.pending === 0 && d.checkedIn === insideOf(d.n);
  const agrees = (c: DoorCopy) => differences(c, truth.of(c.door)).length === 0;
  let s = 0;
  for (; s <= o.maxHealS; s++) {
    const states = await o.stepAt(s);
    if (states.some((d) => d.cut)) heal.healSecondsCut++;
    if (s % o.checkEveryS !== 0) continue;
    await truth.read(o.serviceOrigin);
    const relaysAgree = tier ? await tier.agrees(truth.service, truth.served) : true;
    if (relaysAgree) heal.healRelayS ??= s;
    // First what each engine reports (cheap), then, when that agrees, every database.
    const looksDone = states.every(looksHealed);
    const relayDoorsLookDone = states.filter((d) => onRelay(d.n)).every(looksHealed);
    const copies =
      looksDone || (tier && relayDoorsLookDone && heal.healDoorsS === null) ? await o.copies() : [];
    if (tier && relayDoorsLookDone && copies.filter((c) => onRelay(c.door)).every(agrees))
      heal.healDoorsS ??= s;
    if (looksDone && relaysAgree && copies.every(agrees)) {
      heal.healedAfterS = s;
      break;
    }
    o.trace?.(
      `trace heal ${s} s: relays ${relaysAgree ? 'agree' : 'behind'}; doors behind: ${states
        .filter((d) => !looksHealed(d))
        .slice(0, 8)
        .map(
          (d) =>
            `${d.n} (${d.pending} pending, ${d.checkedIn} in, ${d.phase}, ${d.errors.join('/') || 'no errors'})`,
        )
        .join(', ')}`,
    );
  }
  heal.ranS = s;
  heal.healWallS = (performance.now() - wall) / 1000;
  return heal;
}
