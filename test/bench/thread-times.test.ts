import { describe, expect, it } from 'vitest';
import type { SimThread } from './browser/phone-sim';
import { type Recording, userTimeOnly } from './browser/phone-trace';
import { type ThreadTimes, userShares } from './browser/thread-times';

const times = (user: number, system: number): ThreadTimes => ({ name: 't', user, system });

describe("a thread's kernel time, for the bound without it", () => {
  it("gives each thread's user share between two samples, leaving out those with too few ticks", () => {
    const before = new Map([
      ['1:1', times(100, 50)],
      ['1:2', times(10, 10)],
    ]);
    const after = new Map([
      ['1:1', times(160, 90)], // 60 user, 40 system
      ['1:2', times(12, 11)], // 3 ticks: too few
      ['1:3', times(30, 10)], // new since the first sample
    ]);
    const shares = userShares(before, after);
    expect(shares.get('1:1')).toBeCloseTo(0.6);
    expect(shares.has('1:2')).toBe(false);
    expect(shares.get('1:3')).toBeCloseTo(0.75);
  });

  it('takes the kernel share off each task of a thread whose share is known, and no other', () => {
    const thread = (key: string): SimThread => ({
      name: key,
      key,
      kind: 'worker',
      tasks: [{ start: 0, end: 1000, onCpu: 0.8 }],
    });
    const recording = {
      threads: [thread('1:1'), thread('1:2')],
      events: [],
      clock: {} as Recording['clock'],
      userShare: new Map([['1:1', 0.5]]),
    } satisfies Recording;
    const user = userTimeOnly(recording);
    expect(user.threads[0]!.tasks[0]!.onCpu).toBeCloseTo(0.4);
    expect(user.threads[1]!.tasks[0]!.onCpu).toBe(0.8);
    // The recording itself is left as it was.
    expect(recording.threads[0]!.tasks[0]!.onCpu).toBe(0.8);
  });
});
