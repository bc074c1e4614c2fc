// Five doors, a few hundred operations, three seeds: the partition simulation (runner.ts) with
// the app's own sync engine against the real server through the fault proxy. A failure prints
// the seed and every invariant with its count; `SIM_SEED=<seed> npx vitest run test/sim` runs
// that seed alone.
import { describe, expect, it } from 'vitest';
import { describeRun, invariantsHold, runSimulation } from './runner';

const seeds = process.env.SIM_SEED ? [Number(process.env.SIM_SEED)] : [11, 23, 37];

describe('forty doors, one list (five here): every admission reaches the service exactly once', () => {
  it.each(seeds)(
    'seed %i: after partitions, lost answers, restarts and a server kill, every door agrees',
    async (seed) => {
      const run = await runSimulation({
        seed,
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
      });
      const report = describeRun(run).join('\n');
      if (!invariantsHold(run)) console.log(report);
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
