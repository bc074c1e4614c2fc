// What a simulation run found (runner.ts's result) and how it reads: every invariant as a line
// with its count, the seed first so a failure names it, and whether they all hold.
import type { RelayFindings } from './relay-invariants';
import type { Findings } from './invariants';
import type { ProxyCounts } from './proxy';
import type { SimPlan } from './schedule';

export interface SimResult {
  seed: number;
  duplicates: 'record' | 'refuse';
  plan: SimPlan;
  findings: Findings;
  healedAfterS: number | null;
  healWallS: number;
  /** Healing seconds that ended at `healDrainMs` with a door still busy: there the machine set the pace. */
  healSecondsCut: number;
  wallS: number;
  proxy: ProxyCounts;
  serviceKills: number;
  doorRestarts: number;
  checkinsOnService: number;
  /** Doors still reporting errors (or offline) when the run ended. */
  troubles: string[];
  tier: TierResult | null;
}

export interface TierResult {
  findings: RelayFindings;
  /** Simulated seconds after the heal began until every relay agreed with the service. */
  healRelayS: number | null;
  /** ...until every door on a relay agreed with its relay. */
  healDoorsS: number | null;
  relayKills: number;
  torn: string[];
  /** The doors joined by code on their relay, their admissions, and those made while their relay was gone. */
  codeDoors: { doors: number; admissions: number; whileRelayDown: number };
  appAdmissions: number;
  appRefused: number;
  /** Requests relay doors sent to the service directly (their relay gone), and relays sent upstream. */
  directRequests: number;
  uplinkRequests: number;
}

/** The invariants as lines, each with its count; the seed first, so a failure names it. */
export function describeRun(r: SimResult): string[] {
  const f = r.findings;
  return [
    `seed ${r.seed}: ${r.plan.doors} doors, ${r.plan.durationS} simulated s, ${r.serviceKills} service kills, ${r.doorRestarts} door restarts, duplicates ${r.duplicates}`,
    `admissions recorded: ${f.admissions} (${f.sharedAdmissions} of tickets admitted at two or more doors)`,
    `on the service exactly once: ${f.onServiceOnce}; cancelled before sending: ${f.cancelledBeforeSending}; refused with a reason shown: ${f.refusedWithReason}`,
    `lost: ${f.lost}; doubled by the app: ${f.doubled}; undo not applied: ${f.undoNotApplied}; left in an outbox: ${f.leftInOutbox}`,
    `doors whose copy differs from the service: ${f.doorsDisagreeing} (${f.checkinsDisagreeing} check-ins)`,
    `double admissions: ${f.doubleAdmissions}; not shown on a door that took part: ${f.conflictsUnshown}`,
    `check-ins a door holds as its own that are not: ${f.takenAsOwn}`,
    `refused as already in on the service: ${f.refusedAsAlreadyIn}; shown as a double admission on their door: ${f.alreadyInShown}; not shown: ${f.alreadyInUnshown}; tickets held twice by a service refusing duplicates: ${f.heldTwiceByRefusingService}`,
    `healed to agreement after: ${r.healedAfterS ?? 'never'} simulated s (${r.healWallS.toFixed(1)} s wall; ${r.healSecondsCut} healing seconds ended at the drain limit with a door still busy)`,
    ...(r.tier ? describeTier(r.tier) : []),
    `proxy: ${JSON.stringify(r.proxy)}`,
    ...f.examples.map((e) => `  ${e}`),
    ...r.troubles.slice(0, 10).map((t) => `  ${t}`),
  ];
}

/** True when every invariant holds. */
export function invariantsHold(r: SimResult): boolean {
  const f = r.findings;
  return (
    r.healedAfterS !== null &&
    f.lost === 0 &&
    f.doubled === 0 &&
    f.undoNotApplied === 0 &&
    f.leftInOutbox === 0 &&
    f.doorsDisagreeing === 0 &&
    f.conflictsUnshown === 0 &&
    f.takenAsOwn === 0 &&
    f.alreadyInUnshown === 0 &&
    f.heldTwiceByRefusingService === 0 &&
    (r.tier === null || tierHolds(r.tier))
  );
}

function describeTier(t: TierResult): string[] {
  const f = t.findings;
  return [
    `relays: ${t.relayKills} kills (torn tails: ${t.torn.join(', ') || 'none'}); ${t.uplinkRequests} requests upstream; relay doors' requests straight to the service: ${t.directRequests}; the service's own apps admitted ${t.appAdmissions} (${t.appRefused} refused as already in)`,
    `doors joined by code on their relay: ${t.codeDoors.doors}, admitting ${t.codeDoors.admissions} (${t.codeDoors.whileRelayDown} while their relay was gone, kept until it came back)`,
    `left in a relay's journal: ${f.leftInJournal}; parked by a relay for another reason: ${f.parkedOtherwise}; relays whose mirror differs from the service: ${f.relaysDisagreeing}`,
    `refused as already in at a relay: ${f.refusedAtRelay}; shown as a double admission on their door: ${f.refusedAtRelayShown}; not shown: ${f.refusedAtRelayUnshown}`,
    `healed per tier: relays to the service after ${t.healRelayS ?? 'never'} s, doors to their relays after ${t.healDoorsS ?? 'never'} s (simulated)`,
  ];
}

function tierHolds(t: TierResult): boolean {
  const f = t.findings;
  return (
    t.healRelayS !== null &&
    t.healDoorsS !== null &&
    f.leftInJournal === 0 &&
    f.parkedOtherwise === 0 &&
    f.relaysDisagreeing === 0 &&
    f.refusedAtRelayUnshown === 0
  );
}
