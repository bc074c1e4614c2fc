// A door's report to the app's server (DoorReport, src/fleet/fleet-protocol.ts), built from what
// the door knows of itself. Pure: every fact comes in, readiness too (the readiness check gives
// its items; until it is wired the door says it does not know). Guarantees: nothing personal
// goes out: no ticket, name, email, reference, code or slug, only the device's own name, counts,
// times and the platform's figures; every number is a finite count or share.
import type { DoorReport, ReadinessItem } from '../../fleet/fleet-protocol';
import { DEVICE_NAME_CHARS } from '../../fleet/fleet-protocol';
import type { VerdictTally } from '../../domain/verdict-tally';

export interface Readiness {
  ready: boolean;
  items: ReadinessItem[];
}

/** Said while no readiness check is wired: not ready, with nothing checked. */
export const READINESS_UNKNOWN: Readiness = { ready: false, items: [] };

/** What only the page can tell (the platform's figures, the update, the readiness check). */
export interface DeviceFacts {
  updateWaiting: boolean;
  /** The readiness check's items, or null when none is wired. */
  readiness: Readiness | null;
  battery: { level: number; charging: boolean } | null;
  storage: { persisted: boolean | null; freeBytes: number | null };
}

export const NO_DEVICE_FACTS: DeviceFacts = {
  updateWaiting: false,
  readiness: null,
  battery: null,
  storage: { persisted: null, freeBytes: null },
};

export interface ReportFacts {
  name: string;
  appVersion: string;
  device: DeviceFacts;
  copy: { tickets: number; ticketsExpected: number | null; complete: boolean; syncedAt: number | null };
  unsent: number;
  parked: number;
  tally: VerdictTally;
  now: number;
}

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
const iso = (at: number | null) => (at === null || !Number.isFinite(at) ? null : new Date(at).toISOString());
/** A refusal's reason is a verdict's kind: anything else (it never is) stays out. */
const REASON = /^[a-z][a-z-]{0,39}$/;

export function buildDoorReport(facts: ReportFacts): DoorReport {
  const { device, copy } = facts;
  const readiness = device.readiness ?? READINESS_UNKNOWN;
  const refusals: Record<string, number> = {};
  for (const [reason, n] of Object.entries(facts.tally.refusals))
    if (REASON.test(reason) && count(n) > 0) refusals[reason] = count(n);
  const level = device.battery?.level;
  return {
    name: facts.name.trim().slice(0, DEVICE_NAME_CHARS),
    app_version: facts.appVersion,
    update_waiting: device.updateWaiting,
    copy: {
      tickets: count(copy.tickets),
      tickets_expected: copy.ticketsExpected === null ? null : count(copy.ticketsExpected),
      complete: copy.complete,
      synced_at: iso(copy.syncedAt),
    },
    unsent: count(facts.unsent),
    parked: count(facts.parked),
    readiness: { ready: readiness.ready, items: readiness.items.map(({ id, level }) => ({ id, level })) },
    admissions: count(facts.tally.admissions),
    refusals,
    battery:
      device.battery && level !== undefined && Number.isFinite(level)
        ? { level: Math.min(1, Math.max(0, level)), charging: device.battery.charging }
        : null,
    storage: {
      persisted: device.storage.persisted,
      free_bytes: device.storage.freeBytes === null ? null : count(device.storage.freeBytes),
    },
    at: new Date(facts.now).toISOString(),
  };
}
