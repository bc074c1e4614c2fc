// The scan screen beneath its verdict: a verdict over the whole screen is drawn alone, and what
// came with it for the screen beneath is drawn once the verdict's frame is painted; a fast-lane
// read that leaves the lane running shows with the picture in view, so the screen beneath is
// drawn as it is.
import { describe, expect, it } from 'vitest';
import { beneathVerdict, coversScreen } from '../../../src/ui/door/beneath-verdict';

const entry = (at: number) => ({ at }) as never;
const shown = { at: 10 };

describe('what a verdict covers', () => {
  it('covers the whole screen outside the fast lane, shown or not', () => {
    expect(coversScreen({ fastLane: false, shown, lane: { stoppedBy: null } })).toBe(true);
    expect(coversScreen({ fastLane: false, shown: null, lane: { stoppedBy: null } })).toBe(true);
  });

  it('in the fast lane, covers it only for the read that stopped the lane', () => {
    expect(coversScreen({ fastLane: true, shown, lane: { stoppedBy: null } })).toBe(false);
    expect(coversScreen({ fastLane: true, shown, lane: { stoppedBy: entry(10) } })).toBe(true);
    expect(coversScreen({ fastLane: true, shown, lane: { stoppedBy: entry(9) } })).toBe(false);
    expect(coversScreen({ fastLane: true, shown: null, lane: { stoppedBy: entry(9) } })).toBe(false);
  });
});

describe('the status beneath a verdict', () => {
  const drawn = { pending: 0 };
  const live = { pending: 1 };

  it('stays as drawn in the render that brings a verdict over it', () => {
    expect(beneathVerdict(drawn, live, true, null)).toBe(drawn);
    // Let through for an older value: still the one drawn.
    expect(beneathVerdict(drawn, live, true, { pending: 1 })).toBe(drawn);
  });

  it('is the live one once let through after the verdict is painted', () => {
    expect(beneathVerdict(drawn, live, true, live)).toBe(live);
  });

  it('is the live one whenever nothing covers the screen', () => {
    expect(beneathVerdict(drawn, live, false, null)).toBe(live);
  });
});
