// What the fleet asks of the host it runs in: who may manage an event's fleet, and whether a
// check-in list is one of that event's. The built-in service's host answers from its own store
// (an Admin API token whose account holds the event); the relay asks its upstream and trusts
// its own organiser sessions. Refusals are values in HTTP terms, answered as they are.
import type { EventKey } from './fleet-data';

export type Refused = { ok: false; status: number; message: string };

export interface FleetPorts {
  /** Whether the request's organiser credential may manage this event's fleet. */
  authorise(request: Request, key: EventKey): Promise<{ ok: true } | Refused>;
  /** The event's check-in list of this slug, with its title. */
  listOf(key: EventKey, slug: string): Promise<{ ok: true; slug: string; title: string } | Refused>;
}
