// The seeded schedule: everything the doors and the network do, decided from the seed alone
// before the run starts. Admissions often pick a ticket another door admitted in the last
// minute (so the same ticket meets several doors, online and offline); undos pick one of the
// door's own earlier admissions; faults are windows of simulated time per door.
import { createRandom } from '../../src/mock-api/random';

export type FaultMode = 'partition' | 'drop-after-commit' | 'latency' | 'server-errors' | 'rate-limited';

export interface FaultWindow {
  door: number;
  from: number;
  to: number;
  mode: FaultMode;
  /** For 'rate-limited': the Retry-After the service names, in seconds. */
  retryAfterS?: number;
}

export type SimEvent =
  | { at: number; kind: 'admit'; id: number; door: number; ticket: number; anyway: boolean }
  | { at: number; kind: 'undo'; door: number; admit: number }
  | { at: number; kind: 'offline'; door: number; forS: number }
  | { at: number; kind: 'restart'; door: number }
  | { at: number; kind: 'kill-service' };

export interface SimPlan {
  seed: number;
  doors: number;
  /** Simulated seconds before everything heals. */
  durationS: number;
  /** Each door's clock minus the simulated time, in ms (minutes either way). */
  skewMs: number[];
  events: SimEvent[];
  faults: FaultWindow[];
}

export interface PlanOptions {
  seed: number;
  doors: number;
  durationS: number;
  /** Ticket ids of the list. */
  tickets: readonly number[];
  admissions: number;
  /** Share of admissions that take a ticket another door admitted in the last minute. */
  sharedShare?: number;
  undoShare?: number;
  restarts: number;
  serviceKills: number;
  /** Fault windows per door, on average. */
  faultsPerDoor: number;
  maxFaultS: number;
  maxOfflineS: number;
  offlinePerDoor: number;
  maxSkewMs?: number;
}

export function planSimulation(o: PlanOptions): SimPlan {
  const random = createRandom(o.seed);
  const { doors, durationS } = o;
  const between = (low: number, high: number) => low + random.int(high - low + 1);
  const maxSkew = o.maxSkewMs ?? 5 * 60_000;
  const skewMs = Array.from({ length: doors }, () => between(-maxSkew, maxSkew));
  const events: SimEvent[] = [];
  const recent: { at: number; door: number; ticket: number }[] = [];
  const own = new Map<number, number[]>();
  const times = Array.from({ length: o.admissions }, () => random.next() * durationS).sort((a, b) => a - b);
  times.forEach((at, id) => {
    const door = random.int(doors);
    while (recent.length && recent[0]!.at < at - 60) recent.shift();
    const others = recent.filter((r) => r.door !== door);
    const shared = others.length > 0 && random.next() < (o.sharedShare ?? 0.08);
    const ticket = shared ? random.pick(others).ticket : random.pick(o.tickets);
    events.push({ at, kind: 'admit', id, door, ticket, anyway: shared && random.next() < 0.3 });
    recent.push({ at, door, ticket });
    own.set(door, [...(own.get(door) ?? []), id]);
    if (random.next() < (o.undoShare ?? 0.03)) {
      events.push({ at: Math.min(durationS - 1, at + random.next() * 30), kind: 'undo', door, admit: id });
    }
  });
  const faults: FaultWindow[] = [];
  const modes: FaultMode[] = [
    'partition',
    'partition',
    'drop-after-commit',
    'latency',
    'server-errors',
    'rate-limited',
  ];
  for (let door = 0; door < doors; door++) {
    const windows = Math.round(o.faultsPerDoor * (0.5 + random.next()));
    for (let w = 0; w < windows; w++) {
      const mode = random.pick(modes);
      const length = mode === 'partition' ? between(5, o.maxFaultS) : between(3, Math.min(60, o.maxFaultS));
      const from = random.int(Math.max(1, durationS - length));
      faults.push({
        door,
        from,
        to: from + length,
        mode,
        ...(mode === 'rate-limited' ? { retryAfterS: between(1, 20) } : {}),
      });
    }
    for (let w = 0; w < o.offlinePerDoor; w++) {
      const forS = between(5, o.maxOfflineS);
      events.push({ at: random.int(Math.max(1, durationS - forS)), kind: 'offline', door, forS });
    }
  }
  for (let r = 0; r < o.restarts; r++)
    events.push({ at: random.next() * durationS, kind: 'restart', door: random.int(doors) });
  for (let k = 0; k < o.serviceKills; k++)
    events.push({
      at: ((k + 0.5 + (random.next() - 0.5) * 0.6) * durationS) / o.serviceKills,
      kind: 'kill-service',
    });
  events.sort((a, b) => a.at - b.at);
  return { seed: o.seed, doors, durationS, skewMs, events, faults };
}
