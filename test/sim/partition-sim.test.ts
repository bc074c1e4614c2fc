// Five doors, a few hundred operations, three seeds: the partition simulation (runner.ts) with
// the app's own sync engine against the real server through the fault proxy. A failure prints
// the seed and every invariant with its count; `SIM_SEED=<seed> npx vitest run test/sim` runs
// that seed alone.
import { describe, expect, it } from 'vitest';
import { describeRun, invariantsHold, runSimulation } from './runner';

const seeds = process.env.SIM_SEED ? [Number(process.env.SIM_SEED)] : [11, 23, 37];

const OPTIONS = {
  doors: 5,
  listSize: 300,
  durationS: 90,
  admissions: 200,
  sharedShare: 0.3,
  undoShare: 0.05,
  restarts: 3,
  serviceKills: 1,
  faultsPerDoor: 3,
  maxFaultS: 40,
  maxOfflineS: 40,
  offlinePerDoor: 1,
  realMsPerStep: 20,
  joinEach: true,
  maxHealS: 240,
};

describe('forty doors, one list (five here): every admission reaches the service exactly once', () => {
  it.each(seeds)(
    'seed %i: after partitions, lost answers, restarts and a server kill, every door agrees',
    async (seed) => {
      const run = await runSimulation({ seed, ...OPTIONS });
      const report = describeRun(run).join('\n');
      if (!invariantsHold(run) || process.env.SIM_PRINT) console.log(report);
      const f = run.findings;
      // The schedule did what it says: admissions at several doors, faults, a kill, restarts.
      expect(f.admissions, report).toBeGreaterThan(100);
      expect(f.sharedAdmissions, report).toBeGreaterThan(10);
      expect(run.serviceKills, report).toBe(1);
      expect(run.doorRestarts, report).toBeGreaterThan(0);
      expect(run.proxy.cut + run.proxy.dropped + run.proxy.upstreamDown, report).toBeGreaterThan(0);
      expect(
        {
          healed: run.healedAfterS !== null,
          lost: f.lost,
          doubled: f.doubled,
          undoNotApplied: f.undoNotApplied,
          leftInOutbox: f.leftInOutbox,
          doorsDisagreeing: f.doorsDisagreeing,
          conflictsUnshown: f.conflictsUnshown,
          takenAsOwn: f.takenAsOwn,
        },
        report,
      ).toEqual({
        healed: true,
        lost: 0,
        doubled: 0,
        undoNotApplied: 0,
        leftInOutbox: 0,
        doorsDisagreeing: 0,
        conflictsUnshown: 0,
        takenAsOwn: 0,
      });
      expect(f.onServiceOnce + f.cancelledBeforeSending + f.refusedWithReason, report).toBe(f.admissions);
    },
    90_000,
  );
});

// The same run against a service that refuses a second active check-in of a ticket
// (MOCK_DUPLICATE_CHECKINS=refuse): shared admissions are refused as already in, parked on their
// door with that reason, and shown there as double admissions beside the service's check-in.
const refuseSeed = process.env.SIM_REFUSE_SEED ? Number(process.env.SIM_REFUSE_SEED) : 11;

describe('the same doors against a service that refuses a ticket already in', () => {
  it(`seed ${refuseSeed}: every admission is on the service once or refused as already in and shown as a double admission`, async () => {
    const run = await runSimulation({ seed: refuseSeed, ...OPTIONS, duplicates: 'refuse' });
    const report = describeRun(run).join('\n');
    if (!invariantsHold(run) || process.env.SIM_PRINT) console.log(report);
    const f = run.findings;
    expect(f.sharedAdmissions, report).toBeGreaterThan(10);
    expect(f.refusedAsAlreadyIn, report).toBeGreaterThan(0);
    expect(
      {
        healed: run.healedAfterS !== null,
        lost: f.lost,
        doubled: f.doubled,
        undoNotApplied: f.undoNotApplied,
        leftInOutbox: f.leftInOutbox,
        doorsDisagreeing: f.doorsDisagreeing,
        takenAsOwn: f.takenAsOwn,
        alreadyInUnshown: f.alreadyInUnshown,
        heldTwice: f.heldTwiceByRefusingService,
      },
      report,
    ).toEqual({
      healed: true,
      lost: 0,
      doubled: 0,
      undoNotApplied: 0,
      leftInOutbox: 0,
      doorsDisagreeing: 0,
      takenAsOwn: 0,
      alreadyInUnshown: 0,
      heldTwice: 0,
    });
    expect(f.onServiceOnce + f.cancelledBeforeSending + f.refusedWithReason, report).toBe(f.admissions);
  }, 180_000);
});
