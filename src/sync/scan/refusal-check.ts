// A refusal from the copy, checked before staff see it. Guarantees: online, a refused code is
// asked of the service (a ticket by its code) or, for an order's reference that cannot be
// asked by itself, the open list is brought up to date first, within LOOKUP_DEADLINE_MS either
// way; what the service answered corrects the copy (and is noted as a correction) before the
// code is judged again; while the list's first download runs, a code missing from the copy is
// never refused: it is "still downloading".
import type { CheckinClient } from '../../api/checkin-client';
import type { Failure } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { upsertTickets } from '../../db/local-copy';
import type { ListRow } from '../../db/rows';
import { stored } from '../../db/storage';
import type { ScannedCode } from '../../domain/scan-code';
import type { Clock } from '../clock';
import {
  type CopyCorrection,
  correctionFor,
  LOOKUP_DEADLINE_MS,
  lookUpTicket,
  type ScanBasis,
  slugToAsk,
  withDeadline,
} from './confirm-online';
import { ticketFor } from './door-lookup';
import type { ScanOutcome } from './scan-outcome';
import type { ActiveList } from '../open-list/open-list-phase';

export interface RefusalCheckDeps {
  db: CheckinDatabase;
  clock: Clock;
  listClient: (list: ListRow) => CheckinClient;
  active: () => ActiveList | null;
  /** The open list once loaded. */
  settled: () => Promise<ActiveList | null>;
  lastPullAt: () => number | null;
  /** Brings the open list up to date: true when the copy then stands as the service's. */
  catchUp: () => Promise<boolean>;
  noteCorrection: (correction: CopyCorrection) => Promise<void>;
  noteStorageTrouble: (failure: Failure) => void;
}

/** Brings the copy up to date within the look-up's deadline: what a verdict then stands on. */
export async function caughtUpBasis(
  deps: Pick<RefusalCheckDeps, 'clock' | 'catchUp' | 'lastPullAt'>,
): Promise<ScanBasis> {
  const synced = await withDeadline(deps.catchUp(), LOOKUP_DEADLINE_MS, deps.clock, () => false);
  return synced
    ? { kind: 'synced' }
    : { kind: 'unconfirmed', syncedAt: deps.lastPullAt(), reason: 'timeout' };
}

/** Asks the service about a refused code and corrects the copy with its answer. */
export async function confirmRefusal(deps: RefusalCheckDeps, code: ScannedCode): Promise<ScanBasis> {
  const { clock } = deps;
  const active = await deps.settled();
  if (!active) return { kind: 'local' };
  const { list, index } = active;
  const local = ticketFor(index, code);
  const slug = slugToAsk(code, local);
  if (!slug) {
    // A reference cannot be looked up by itself: a pull brings any ticket sold since.
    return caughtUpBasis(deps);
  }
  const lookup = await lookUpTicket(deps.listClient(list), list.slug, slug, clock);
  if (lookup.kind === 'failed')
    return { kind: 'unconfirmed', syncedAt: deps.lastPullAt(), reason: lookup.failure.reason };
  const correction = correctionFor(code, local, lookup, clock.now(), active.complete);
  if (lookup.kind === 'found' && deps.active()?.list.slug === list.slug) {
    const saved = await stored(() => upsertTickets(deps.db, list.slug, [lookup.ticket]));
    if (!saved.ok) deps.noteStorageTrouble(saved);
    index.putTickets([lookup.ticket]);
  }
  if (correction) await deps.noteCorrection(correction);
  return { kind: 'online' };
}

/** A refusal the copy cannot stand behind while its first download runs. */
export function stillDownloading(
  active: ActiveList | null,
  outcome: ScanOutcome,
  code: ScannedCode,
): ScanOutcome {
  const missing = outcome.verdict.kind === 'not-on-list' || outcome.verdict.kind === 'unknown-code';
  if (!active || active.complete || !missing || outcome.basis.kind === 'online') return outcome;
  // Tickets held of the tickets the list says it has: pages of check-ins do not count.
  const expected = active.list.ticketsCount;
  const held = active.index.counts().tickets;
  const percent = expected > 0 ? Math.min(99, Math.floor((held / expected) * 100)) : 0;
  return { ...outcome, verdict: { kind: 'still-downloading', text: code.text, percent } };
}
