// The relay tier at a small size, as npm test runs it (relay-sim-record.test.ts and
// relay-sim-refuse.test.ts, side by side): two relays (each the app's own server in relay mode
// with its mirror on disk) with two doors each (one joined by the list's address, one by a join
// code made on the relay, which waits for its relay while it is gone), one door and the service's own apps on the
// service directly; a kill -9 of the service, two of relays (both restarted over a torn journal
// tail: the last line cut part-way, then a partial line after it), one hall's uplink down for
// 40 s, faults on every link. One run per seed; a failure prints the seed and every invariant with
// its count. `SIM_SEED=<seed> npx vitest run
// test/sim/relay-sim-record.test.ts` (or -refuse) runs that seed alone.
import { describe, expect, it } from 'vitest';
import { describeRun, invariantsHold, runSimulation } from './runner';

type Mode = 'record' | 'refuse';

const OPTIONS = {
  doors: 5,
  listSize: 300,
  durationS: 60,
  admissions: 120,
  sharedShare: 0.3,
  undoShare: 0.05,
  restarts: 2,
  serviceKills: 1,
  faultsPerDoor: 3,
  maxFaultS: 40,
  maxOfflineS: 40,
  offlinePerDoor: 1,
  realMsPerStep: 20,
  joinEach: true,
  maxHealS: 120,
  // A healing second is a real second: the relays' rounds and backoff run on real time.
  healRealMsPerStep: 1000,
  relays: {
    relays: 2,
    doorsPerRelay: 2,
    relayKills: 2,
    maxRelayDownS: 20,
    uplinkFaults: 2,
    directFaults: 1,
    hallOutageS: 40,
    serviceAppAdmissions: 15,
    codeDoorsPerRelay: 1,
  },
};

/** The runs of `seeds` (or SIM_SEED alone) against a service that does `duplicates`. */
export function relaySimulation(duplicates: Mode, seeds: number[]) {
  const runs = process.env.SIM_SEED ? [Number(process.env.SIM_SEED)] : seeds;
  describe(`doors behind relays, duplicates ${duplicates}: exactly once across the venue, healed within 30 s`, () => {
    it.each(runs)(
      'seed %i',
      async (seed) => {
        const run = await runSimulation({ seed, ...OPTIONS, duplicates });
        const report = describeRun(run).join('\n');
        if (!invariantsHold(run) || process.env.SIM_PRINT) console.log(report);
        const f = run.findings;
        const t = run.tier!;
        // The schedule did what it says: relays killed, a tail torn, doors on the service directly.
        expect(f.sharedAdmissions, report).toBeGreaterThan(10);
        expect(run.serviceKills, report).toBe(1);
        expect(t.relayKills, report).toBe(2);
        expect(t.torn.length, report).toBe(2);
        expect(t.appAdmissions, report).toBeGreaterThan(0);
        expect(t.directRequests, report).toBeGreaterThan(0);
        expect(t.codeDoors.doors, report).toBe(2);
        expect(t.codeDoors.admissions, report).toBeGreaterThan(0);
        if (duplicates === 'refuse')
          expect(f.refusedAsAlreadyIn + t.findings.refusedAtRelay, report).toBeGreaterThan(0);
        expect(
          {
            lost: f.lost,
            doubled: f.doubled,
            undoNotApplied: f.undoNotApplied,
            leftInOutbox: f.leftInOutbox,
            leftInJournal: t.findings.leftInJournal,
            parkedByRelayOtherwise: t.findings.parkedOtherwise,
            doorsDisagreeing: f.doorsDisagreeing,
            relaysDisagreeing: t.findings.relaysDisagreeing,
            conflictsUnshown: f.conflictsUnshown,
            alreadyInUnshown: f.alreadyInUnshown + t.findings.refusedAtRelayUnshown,
            takenAsOwn: f.takenAsOwn,
            heldTwice: f.heldTwiceByRefusingService,
          },
          report,
        ).toEqual({
          lost: 0,
          doubled: 0,
          undoNotApplied: 0,
          leftInOutbox: 0,
          leftInJournal: 0,
          parkedByRelayOtherwise: 0,
          doorsDisagreeing: 0,
          relaysDisagreeing: 0,
          conflictsUnshown: 0,
          alreadyInUnshown: 0,
          takenAsOwn: 0,
          heldTwice: 0,
        });
        expect(f.onServiceOnce + f.cancelledBeforeSending + f.refusedWithReason, report).toBe(f.admissions);
        expect(run.healedAfterS ?? 999, report).toBeLessThanOrEqual(30);
        expect(t.healRelayS ?? 999, report).toBeLessThanOrEqual(30);
        expect(t.healDoorsS ?? 999, report).toBeLessThanOrEqual(30);
        expect(invariantsHold(run), report).toBe(true);
      },
      300_000,
    );
  });
}
