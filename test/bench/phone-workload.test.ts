import { describe, expect, it } from 'vitest';
import { phoneWorkload, workloadExpression } from './browser/phone-workload';

describe('the phone calibration workload', () => {
  it('does the same work in every round, on every run: only the host decides the score', () => {
    const a = phoneWorkload(60, false);
    const b = phoneWorkload(30, false);
    expect(a.rounds).toBeGreaterThan(0);
    expect(b.rounds).toBeGreaterThan(0);
    // Each round adds the same amount to the check: the same page, rows and searches.
    expect(a.check / a.rounds).toBe(b.check / b.rounds);
    // Rounds a second over the time the rounds took (at least the 60 ms asked for): how far a
    // busy host overshoots the 60 ms is the host's, so it is not asserted.
    expect(a.elapsedMs).toBeGreaterThanOrEqual(60);
    expect(a.score).toBe((a.rounds * 1000) / a.elapsedMs);
  });

  it('runs from its source text alone, as it is sent to a page or a worker', () => {
    // No closure over this module: the expression a page evaluates, in a bare scope.
    const result = new Function(`return ${workloadExpression(20, false)}`)() as { rounds: number };
    expect(result.rounds).toBeGreaterThan(0);
  });
});
