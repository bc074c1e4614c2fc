// What a simulation run is asked to do (runner.ts): the seeded schedule's options (schedule.ts),
// the list's size, how simulated time maps to real time while faulty and while healing, how the
// doors are hosted and joined, what the service does with a duplicate, and the relay tier.
import type { RelayTierOptions } from './relay-plan';
import type { PlanOptions } from './schedule';

export interface SimOptions extends Omit<PlanOptions, 'tickets'> {
  /** Tickets on the list (the server's MOCK_SEED_TICKETS). */
  listSize: number;
  realMsPerStep: number;
  /**
   * Real ms a step may wait, beyond `realMsPerStep`, for the operations it started (a busy
   * machine otherwise lets simulated time run ahead of the doors' work).
   */
  drainMs?: number;
  /**
   * The same while healing (default 5000): each healing second waits for the doors' work, so the
   * time to agreement counts the app's own timers and backoff, not a busy machine's lag.
   */
  healDrainMs?: number;
  maxHealS?: number;
  /** How often (simulated s) the heal loop compares every door with the service. */
  healCheckEveryS?: number;
  /** Join every door over the network; otherwise the first of each host joins and the rest copy its database. */
  joinEach?: boolean;
  /** What the service does with a second active check-in of a ticket: record it (default) or refuse it. */
  duplicates?: 'record' | 'refuse';
  /** Worker threads for the doors (each with its own fake-indexeddb); 0 runs them in this thread. */
  workers?: number;
  /**
   * Relays in front of the service, one per hall, and the service's own apps beside them
   * (relay-plan.ts). Doors beyond `relays * doorsPerRelay` talk to the service directly.
   */
  relays?: RelayTierOptions;
  /**
   * Real ms a healing second lasts at least (default `realMsPerStep`). The relays run on real
   * time (their rounds, their backoff), so with relays a healing second is a real second: the
   * heal time in simulated seconds is then no shorter than the relays' own.
   */
  healRealMsPerStep?: number;
  log?: (line: string) => void;
}
