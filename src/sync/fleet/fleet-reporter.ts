// A code-joined door's reports to the app's server while it runs: after its syncs (at most one
// every REPORT_GAP_MS) and at least every REPORT_EVERY_MS. Guarantees: a report never holds a
// scan (it is built and sent in the worker, beside the scan queue, and no decision waits for
// it); offline or unanswered, it is skipped, never queued (the next one says what is true
// then); one report at a time; its answer is acted on: `identify` is published for the page,
// `revoked` starts the revocation (revocation.ts).
import type { DoorsClient } from '../../api/doors-client';
import { REPORT_EVERY_MS } from '../../fleet/fleet-protocol';
import type { Clock } from '../clock';
import { isRevoked } from '../loop/sync-steps';
import type { OpenListState } from '../open-list/open-list-state';
import { buildDoorReport, type DeviceFacts, NO_DEVICE_FACTS } from './door-report';
import type { VerdictCounter } from './verdict-counter';

/** A sync ends every few seconds while a door is busy: its reports need not follow each one. */
export const REPORT_GAP_MS = 5_000;

export interface FleetReporterDeps {
  state: OpenListState;
  clock: Clock;
  doorsFor: (serverUrl: string) => DoorsClient;
  deviceName: () => string;
  appVersion: string;
  /** What only the page knows (battery, storage, a waiting update, the readiness check). */
  deviceFacts: () => Promise<DeviceFacts>;
  tally: VerdictCounter;
  onIdentify: () => void;
  /** A report of list `slug` leaves: what to call when the server answers it (revocation.ts). */
  asking: (slug: string) => () => void;
  onRevoked: (slug: string) => Promise<void>;
}

export type FleetReporter = ReturnType<typeof createFleetReporter>;

export function createFleetReporter(deps: FleetReporterDeps) {
  const { state, clock } = deps;
  let timer: unknown = null;
  let running = false;
  let sending: Promise<void> | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;

  /** Builds and sends one report of the open list, when it is a door of the fleet. */
  async function report(): Promise<void> {
    const current = state.current();
    const list = current?.list;
    if (!list?.door || isRevoked(list) || !state.board.status().online) return;
    lastAt = clock.now();
    const device = await deps.deviceFacts().catch(() => NO_DEVICE_FACTS);
    const status = state.board.status();
    // Another list may have opened while the page answered: this report is of the one it began with.
    if (status.list?.slug !== list.slug) return;
    const body = buildDoorReport({
      name: deps.deviceName(),
      appVersion: deps.appVersion,
      device,
      copy: {
        tickets: status.counted ? status.counts.tickets : (current?.index.counts().tickets ?? 0),
        ticketsExpected: list.ticketsCount,
        complete: status.complete,
        syncedAt: status.lastPullAt,
      },
      unsent: status.pending,
      parked: status.parked.length,
      tally: await deps.tally.tally(list.slug),
      now: clock.now(),
    });
    const answered = deps.asking(list.slug);
    const answer = await deps.doorsFor(list.door.serverUrl).report(list.slug, body);
    if (answer.ok) {
      answered();
      if (answer.value.identify) deps.onIdentify();
    } else if (answer.reason === 'revoked') await deps.onRevoked(list.slug);
  }

  /** Sends a report now unless one is on its way; the next regular one follows it. */
  function now(): Promise<void> {
    sending ??= report()
      .catch(() => undefined)
      .finally(() => {
        sending = null;
        schedule();
      });
    return sending;
  }

  function schedule() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = running ? clock.setTimeout(() => void now(), REPORT_EVERY_MS) : null;
  }

  return {
    start() {
      running = true;
      schedule();
    },
    stop() {
      running = false;
      schedule();
    },
    /** A sync ended (or a list was joined): a report follows, unless one went a moment ago. */
    afterSync(): void {
      if (running && clock.now() - lastAt >= REPORT_GAP_MS) void now();
    },
    /** One report now (tests, and a door just joined). */
    now,
  };
}
