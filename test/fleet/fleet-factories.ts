// Small factories for the fleet's unit tests: a fixed clock, seeded ids, a fleet file in memory
// that can be made to fail, and a door's report.
import type { FleetData } from '../../src/fleet/fleet-data';
import type { DoorReport } from '../../src/fleet/fleet-protocol';
import { type FleetLimits, createFleetStore } from '../../src/fleet/fleet-store';
import { fixedClock } from '../../src/platform/clock';
import { BASE62 } from '../../src/platform/secrets';
import { createRandom } from '../../src/mock-api/random';

export const EVENT = { account: 'demo', event: 'demo-conference' };
export const OTHER_EVENT = { account: 'demo', event: 'other-conference' };
export const LIST = { slug: 'chk_pDemoMainEntrance000000', title: 'Main entrance' };

export function seededIds(seed = 7) {
  const random = createRandom(seed);
  return (kind: 'jc' | 'dv') =>
    `${kind}_${Array.from({ length: 12 }, () => BASE62[random.int(62)]).join('')}`;
}

export function memoryFile(initial: FleetData | null = null) {
  const file = {
    stored: initial as FleetData | null,
    saves: 0,
    failing: false,
    async load() {
      return file.stored && structuredClone(file.stored);
    },
    async save(data: FleetData) {
      if (file.failing) throw new Error('disk full');
      file.stored = structuredClone(data);
      file.saves++;
    },
  };
  return file;
}

export async function fleetAt(start = '2026-12-05T09:00:00.000Z', limits: Partial<FleetLimits> = {}) {
  const clock = fixedClock(start);
  const file = memoryFile();
  const store = await createFleetStore({ file, clock, newId: seededIds(), limits });
  return { clock, file, store };
}

export function doorReport(overrides: Partial<DoorReport> = {}): DoorReport {
  return {
    name: 'North door',
    app_version: '1.4.0',
    update_waiting: false,
    copy: { tickets: 2800, tickets_expected: 2800, complete: true, synced_at: '2026-12-05T08:59:00.000Z' },
    unsent: 0,
    parked: 0,
    readiness: { ready: true, items: [{ id: 'list-complete', level: 'green' }] },
    admissions: 12,
    refusals: { 'already-in': 2 },
    battery: { level: 0.8, charging: false },
    storage: { persisted: true, free_bytes: 1_000_000_000 },
    at: '2026-12-05T09:00:00.000Z',
    ...overrides,
  };
}

export const newCode = (max_devices = 2, valid_minutes = 60) => ({
  list: LIST,
  label: 'North',
  valid_minutes,
  max_devices,
});
