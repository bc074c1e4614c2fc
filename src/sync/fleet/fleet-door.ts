// The door as one of the fleet, wired once for the engine (sync-engine.ts): joining by a code,
// its verdicts counted (verdict-counter.ts), its reports (fleet-reporter.ts), "revoked" heard in
// any answer (revoked-watch.ts) and acted on (revocation.ts). Lists joined by their slug or
// address pass through untouched: nothing here is asked of them. An engine made without the
// fleet's endpoints has a fleet that joins nobody and reports nothing.
import type { CheckinClient } from '../../api/checkin-client';
import type { DoorsClient } from '../../api/doors-client';
import { fail, type Result } from '../../domain/result';
import type { Verdict } from '../../domain/verdict';
import type { CheckinDatabase } from '../../db/database';
import type { ListRow } from '../../db/rows';
import type { AuditTrail } from '../audit/audit-trail';
import type { Clock } from '../clock';
import type { SyncLoop } from '../loop/sync-loop';
import type { OpenListState } from '../open-list/open-list-state';
import type { ListSummary } from '../status/sync-status';
import { type DeviceFacts, NO_DEVICE_FACTS } from './door-report';
import { createFleetReporter } from './fleet-reporter';
import { joinByCode } from './join-by-code';
import { createRevocation } from './revocation';
import { watchRevoked } from './revoked-watch';
import { createVerdictCounter } from './verdict-counter';

export interface FleetDoorDeps {
  db: CheckinDatabase;
  state: OpenListState;
  loop: Pick<SyncLoop, 'syncNow' | 'exclusive'>;
  audit: AuditTrail;
  clock: Clock;
  clientFor: (baseUrl: string) => CheckinClient;
  /** A list's client as the engine makes it (through this fleet's `watch`). */
  listClient: (list: ListRow) => CheckinClient;
  doorsFor?: (serverUrl: string) => DoorsClient;
  deviceName: () => string;
  appVersion?: string;
  deviceFacts?: () => Promise<DeviceFacts>;
}

/** The fleet's endpoints where the engine has none: nothing joins, reports or is told. */
const noFleet = (serverUrl: string): DoorsClient => ({
  serverUrl,
  join: async () => fail('not-found'),
  report: async () => fail('not-found'),
  forgotten: async () => fail('not-found'),
});

export type FleetDoor = ReturnType<typeof createFleetDoor>;

export function createFleetDoor(deps: FleetDoorDeps) {
  const { db, state, clock } = deps;
  const doorsFor = deps.doorsFor ?? noFleet;
  const appVersion = deps.appVersion ?? '0.0.0';
  const tally = createVerdictCounter(db, clock);
  const revocation = createRevocation({ ...deps, doorsFor, onForgotten: tally.drop });
  const reporter = createFleetReporter({
    state,
    clock,
    doorsFor,
    deviceName: deps.deviceName,
    appVersion,
    deviceFacts: deps.deviceFacts ?? (async () => NO_DEVICE_FACTS),
    tally,
    onIdentify: () => state.board.publish({ identify: clock.now() }),
    asking: revocation.asking,
    onRevoked: revocation.learn,
  });
  const openDoor = () => {
    const list = state.current()?.list;
    return list?.door ? list : null;
  };

  return {
    /** A list's client: a door of the fleet's hears "revoked" (and silence) in its answers. */
    watch(list: ListRow, client: CheckinClient): CheckinClient {
      if (!list.door) return client;
      return watchRevoked(client, {
        onRevoked: () => void revocation.learn(list.slug),
        asking: () => revocation.asking(list.slug),
        onUnreachable: () => revocation.unreachable(list.slug),
      });
    },
    /** A verdict of the open list is out: counted, when it is a door of the fleet. */
    counted(verdict: Verdict | null): void {
      const list = openDoor();
      if (list && verdict) tally.note(list.slug, verdict);
    },
    /** An admission made without a verdict of its own ("Admit anyway"). */
    admitted(): void {
      const list = openDoor();
      if (list) tally.admitted(list.slug);
    },
    /** Joins with a code at `serverUrl`; the joined list's row, stored. */
    join(code: string, serverUrl: string, name: string): Promise<Result<ListRow>> {
      return joinByCode(db, doorsFor(serverUrl), deps.clientFor, {
        code,
        name,
        appVersion,
        now: clock.now(),
      });
    },
    /** A sync run ended: revoked lists holding nothing more go, and a report may follow. */
    afterRun(): void {
      void revocation.settle();
      reporter.afterSync();
    },
    beforePush: revocation.beforePush,
    offline(lists: readonly ListSummary[]): void {
      revocation.offline(lists);
    },
    async start(): Promise<void> {
      await revocation.load();
      if (deps.doorsFor) reporter.start();
    },
    stop: reporter.stop,
    report: reporter.now,
    dismissFarewell: revocation.dismissFarewell,
  };
}
