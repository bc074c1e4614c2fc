import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../../src/domain/verdict';
import {
  initialScanFlow,
  type Outcome,
  occupied,
  type ScanFlowEvent,
  type ScanFlowState,
  scanFlow,
} from '../../../src/ui/door/scan-flow';
import { doorCheckin, doorTicket } from '../../fixtures/door-verdicts';
import { autoReturnDelay } from '../../../src/ui/door/auto-return';

const NOW = Date.parse('2026-11-28T19:00:00Z');

const admitted = (id = 7): Outcome => ({
  verdict: { kind: 'admitted', ticket: doorTicket({ id, reference: `AB12-${id}` }) },
  checkin: null,
  basis: { kind: 'local' },
  order: null,
});
const refused: Outcome = {
  verdict: {
    kind: 'already-checked-in',
    ticket: doorTicket({ id: 9 }),
    previous: doorCheckin({ createdAt: NOW - 60_000 }),
    count: 1,
  } satisfies Verdict,
  checkin: null,
  basis: { kind: 'local' },
  order: null,
};

/** The state after each event in turn, from a fresh flow. */
function through(...events: ScanFlowEvent[]): ScanFlowState {
  return events.reduce(scanFlow, initialScanFlow());
}

const decided = (outcome: Outcome, now = NOW, fastLane = false): ScanFlowEvent => ({
  type: 'decided',
  outcome,
  now,
  fastLane,
});

describe('scan flow: a decision', () => {
  it('shows its verdict at the time it came, clears the notice and lets go of a hold', () => {
    const state = through(
      { type: 'problem', notice: 'Could not check' },
      { type: 'held' },
      decided(admitted()),
    );
    expect(state.shown).toEqual({ ...admitted(), at: NOW, replaced: false });
    expect(state.notice).toBeNull();
    expect(state.held).toBe(false);
    // Outside the fast lane the strip stays empty.
    expect(state.lane.strip).toEqual([]);
  });

  it('gives two verdicts in one millisecond different times, later each time', () => {
    const state = through(decided(admitted(1)), decided(admitted(2)), decided(admitted(3), NOW - 5));
    expect(state.shown?.at).toBe(NOW + 2);
    expect(state.lastAt).toBe(NOW + 2);
  });

  it('marks a verdict that takes the place of another on screen, and none that follows a dismissal or an undo', () => {
    expect(through(decided(admitted(1))).shown?.replaced).toBe(false);
    expect(through(decided(admitted(1)), decided(admitted(2))).shown?.replaced).toBe(true);
    expect(through(decided(admitted(1)), { type: 'dismissed' }, decided(admitted(2))).shown?.replaced).toBe(
      false,
    );
    expect(
      through(decided(admitted(1)), { type: 'undone', at: NOW, notice: 'Undone' }, decided(refused)).shown
        ?.replaced,
    ).toBe(false);
    // Timed out and gone back to the camera: the next one is drawn whole too.
    expect(
      through(decided(admitted(1)), { type: 'returned', at: NOW }, decided(admitted(2))).shown?.replaced,
    ).toBe(false);
  });

  it('keeps a notice when a problem comes instead of a verdict, and the verdict on screen', () => {
    const state = through(decided(admitted()), { type: 'problem', notice: 'Could not check' });
    expect(state.notice).toBe('Could not check');
    expect(state.shown?.at).toBe(NOW);
  });
});

describe('scan flow: "Deciding…"', () => {
  it('holds buttons at once but says "Deciding…" only when overdue, until the last decision settles', () => {
    const asked = through({ type: 'decision-asked' });
    expect(occupied(asked)).toBe(true);
    expect(asked.deciding).toBe(false);
    const two = through({ type: 'decision-asked' }, { type: 'deciding-overdue' }, { type: 'decision-asked' });
    expect(two.deciding).toBe(true);
    const one = scanFlow(two, { type: 'decision-settled' });
    expect(one.deciding).toBe(true);
    const none = scanFlow(one, { type: 'decision-settled' });
    expect(none.deciding).toBe(false);
    expect(occupied(none)).toBe(false);
  });

  it('ignores an overdue timer that fires after the decisions settled', () => {
    const settled = through({ type: 'decision-asked' }, { type: 'decision-settled' });
    expect(scanFlow(settled, { type: 'deciding-overdue' })).toBe(settled);
  });

  it('says "Deciding…" at once for "Admit all", and keeps it after only for decisions under way', () => {
    const started = through({ type: 'action-started', showsDeciding: true });
    expect(started.deciding).toBe(true);
    expect(occupied(started)).toBe(true);
    const ended = scanFlow(started, { type: 'action-ended' });
    expect(ended.deciding).toBe(false);
    expect(occupied(ended)).toBe(false);
    const behind = through(
      { type: 'action-started', showsDeciding: true },
      { type: 'decision-asked' },
      { type: 'action-ended' },
    );
    expect(behind.deciding).toBe(true);
    expect(occupied(behind)).toBe(true);
  });

  it('does not say "Deciding…" for "Admit anyway"', () => {
    expect(through({ type: 'action-started', showsDeciding: false }).deciding).toBe(false);
  });
});

describe('scan flow: returning to scanning', () => {
  it('returns after the delay unless staff hold the verdict', () => {
    expect(through(decided(admitted()), { type: 'returned', at: NOW }).shown).toBeNull();
    const held = through(decided(admitted()), { type: 'held' }, { type: 'returned', at: NOW });
    expect(held.shown?.at).toBe(NOW);
  });

  it('never takes down a newer verdict for an older one’s delay', () => {
    const state = through(decided(admitted(1)), decided(admitted(2), NOW + 10), {
      type: 'returned',
      at: NOW,
    });
    expect(state.shown?.at).toBe(NOW + 10);
  });

  it('a new verdict lets go of the last one’s hold', () => {
    const state = through(decided(admitted(1)), { type: 'held' }, decided(admitted(2), NOW + 10));
    expect(state.held).toBe(false);
    expect(through(decided(admitted(1)), { type: 'held' }, { type: 'dismissed' }).held).toBe(false);
  });
});

describe('scan flow: the fast lane', () => {
  it('puts each verdict on the strip; a refusal stops the lane until staff dismiss it, in a new run', () => {
    const stopped = through(
      { type: 'lane-restarted' },
      decided(admitted(), NOW, true),
      decided(refused, NOW + 10, true),
    );
    expect(stopped.lane.strip.map((e) => e.kind)).toEqual(['already-checked-in', 'admitted']);
    expect(stopped.lane.stoppedBy?.at).toBe(NOW + 10);
    const run = stopped.laneRun;
    const seen = scanFlow(stopped, { type: 'dismissed' });
    expect(seen.shown).toBeNull();
    expect(seen.lane.stoppedBy).toBeNull();
    expect(seen.laneRun).toBe(run + 1);
    // Dismissing an admission (no stop) keeps the run.
    const admittedOnly = through(decided(admitted(), NOW, true));
    expect(scanFlow(admittedOnly, { type: 'dismissed' }).laneRun).toBe(admittedOnly.laneRun);
  });

  it('"Admit anyway" in the lane is the stop seen: a new run, the admission on the strip, the notice kept', () => {
    const stopped = through({ type: 'problem', notice: 'Badge failed' }, decided(refused, NOW, true), {
      type: 'problem',
      notice: 'Badge failed',
    });
    const anyway = scanFlow(stopped, {
      type: 'admitted-anyway',
      outcome: { ...refused, verdict: { kind: 'admitted', ticket: doorTicket({ id: 9 }) } },
      now: NOW + 20,
      fastLane: true,
    });
    expect(anyway.laneRun).toBe(stopped.laneRun + 1);
    expect(anyway.lane.stoppedBy).toBeNull();
    expect(anyway.lane.strip.map((e) => [e.kind, e.at])).toEqual([
      ['admitted', NOW + 20],
      ['already-checked-in', NOW],
    ]);
    expect(anyway.notice).toBe('Badge failed');
    expect(anyway.shown?.verdict.kind).toBe('admitted');
  });

  it('an undo marks the verdict undone on the strip and takes it off screen; a failed one marks nothing', () => {
    const shown = through(decided(admitted(1), NOW, true), decided(admitted(2), NOW + 10, true));
    const undone = scanFlow(shown, { type: 'undone', notice: 'Check-in undone', at: NOW + 10 });
    expect(undone.lane.strip.map((e) => e.undone)).toEqual([true, false]);
    expect(undone.shown).toBeNull();
    expect(undone.notice).toBe('Check-in undone');
    const failed = scanFlow(shown, { type: 'undone', notice: 'Could not undo', at: null });
    expect(failed.lane).toBe(shown.lane);
    expect(failed.shown).toBeNull();
  });

  it('restarting the lane empties the strip and starts a new run', () => {
    const state = through(decided(refused, NOW, true));
    const restarted = scanFlow(state, { type: 'lane-restarted' });
    expect(restarted.lane).toEqual({ strip: [], stoppedBy: null });
    expect(restarted.laneRun).toBe(state.laneRun + 1);
  });
});

describe('scan flow: whole orders', () => {
  it('"Admit all" shows its verdict without touching the lane; "Undo all" takes it off with its notice', () => {
    const before = through(decided(refused, NOW, true), { type: 'problem', notice: 'Old' });
    const all = scanFlow(before, {
      type: 'order-admitted',
      outcome: { ...admitted(), batch: { checkins: [], refused: [], notOnList: 0 } },
      now: NOW + 5,
    });
    expect(all.lane).toBe(before.lane);
    expect(all.notice).toBeNull();
    expect(all.shown?.at).toBe(NOW + 5);
    const undone = scanFlow(all, { type: 'order-undone', notice: '2 check-ins undone' });
    expect(undone.shown).toBeNull();
    expect(undone.notice).toBe('2 check-ins undone');
  });
});

describe('an order that comes after its verdict', () => {
  const order = {
    reference: 'AB12',
    buyerName: 'Ada Lovelace',
    buyerEmail: null,
    tickets: [{ ticket: doorTicket({ id: 8, reference: 'AB12-8' }), state: 'not-in' as const, since: null }],
  };
  const toCome: Outcome = { ...admitted(7), orderToCome: true };

  it('joins the verdict it was asked for, keeps what staff hold, and comes once', () => {
    const shown = through(decided(toCome), { type: 'held' });
    const at = shown.shown!.at;
    const joined = scanFlow(shown, { type: 'order-came', at, order });
    expect(joined.shown).toMatchObject({ at, order, orderToCome: false });
    expect(joined.held).toBe(true);
    expect(scanFlow(joined, { type: 'order-came', at, order: null })).toBe(joined);
  });

  it('is dropped when another verdict took its place, or none is shown', () => {
    const first = through(decided(toCome));
    const at = first.shown!.at;
    const next = scanFlow(first, decided(admitted(9), NOW + 1000));
    expect(scanFlow(next, { type: 'order-came', at, order })).toBe(next);
    const gone = scanFlow(first, { type: 'dismissed' });
    expect(scanFlow(gone, { type: 'order-came', at, order })).toBe(gone);
  });

  it('holds the verdict from returning by itself until it comes', () => {
    const shown = through(decided(toCome)).shown!;
    expect(autoReturnDelay(shown, 3, false)).toBeNull();
    expect(autoReturnDelay({ ...shown, order: null, orderToCome: false }, 3, false)).toBe(3000);
    expect(autoReturnDelay({ ...shown, order, orderToCome: false }, 3, false)).toBeNull();
  });
});
