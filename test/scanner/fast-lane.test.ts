import { describe, expect, it } from 'vitest';
import { type DoorTicket, stopsTheLane, type Verdict } from '../../src/domain/verdict';
import {
  cameraJudges,
  EMPTY_LANE,
  type Lane,
  laneAcknowledged,
  laneAfterUndo,
  laneAfterVerdict,
  STRIP_LENGTH,
} from '../../src/scanner/fast-lane';
import { createRepeatGuard } from '../../src/scanner/repeat-guard';

function ticket(id: number, overrides: Partial<DoorTicket> = {}): DoorTicket {
  return {
    id,
    slug: `ti_${id}`,
    reference: `REF${id}-1`,
    firstName: 'Guest',
    lastName: String(id),
    email: null,
    companyName: null,
    releaseTitle: 'General admission',
    state: 'complete',
    paid: true,
    ...overrides,
  };
}

const admitted = (id: number): Verdict => ({ kind: 'admitted', ticket: ticket(id) });

/**
 * A camera in front of a queue: each code is in view for `showMs`, read every 80 ms (as the
 * decoder does), with one frame at each change where the old code is still read. Codes go
 * through the repeat guard and the lane as the scan screen wires them; the judge admits a
 * ticket once and calls a second presentation "already checked in".
 */
function runQueue(codes: string[], showMs: number, refuse = new Set<string>()) {
  const guard = createRepeatGuard(2000);
  const admittedOnce = new Set<string>();
  const judged: string[] = [];
  let lane: Lane = EMPTY_LANE;
  let verdictUp = false;
  let at = 0;
  const read = (code: string, now: number) => {
    if (!cameraJudges({ fastLane: true, lane, verdictUp, deciding: false })) return guard.sighting(code, now);
    if (!guard.accept(code, now)) return;
    judged.push(code);
    const id = Number(code.slice(3));
    const verdict: Verdict = refuse.has(code)
      ? { kind: 'not-on-list', text: code }
      : admittedOnce.has(code)
        ? { kind: 'already-checked-in', ticket: ticket(id), previous: {} as never, count: 1 }
        : admitted(id);
    if (verdict.kind === 'admitted') admittedOnce.add(code);
    lane = laneAfterVerdict(lane, verdict, ++at);
    verdictUp = true;
  };
  let now = 0;
  codes.forEach((code, i) => {
    const start = i * showMs;
    if (i > 0) read(codes[i - 1]!, start); // the last frame of the one before
    for (now = start; now < start + showMs; now += 80) read(code, now);
  });
  return { judged, lane, admittedOnce };
}

describe('fast lane', () => {
  it('judges each of sixty codes once at one a second and at two a second', () => {
    const codes = Array.from({ length: 60 }, (_, i) => `ti_${i + 1}`);
    for (const showMs of [1000, 500]) {
      const run = runQueue(codes, showMs);
      expect(run.judged).toEqual(codes);
      expect(run.admittedOnce.size).toBe(60);
      expect(run.lane.stoppedBy).toBeNull();
      expect(run.lane.strip.map((e) => e.reference)).toEqual(
        codes
          .slice(-STRIP_LENGTH)
          .reverse()
          .map((c) => `REF${c.slice(3)}-1`),
      );
    }
  });

  it('stops at a refusal: codes shown after it are only kept in view until staff acknowledge it', () => {
    const run = runQueue(['ti_1', 'ti_2', 'ti_3', 'ti_4'], 1000, new Set(['ti_2']));
    expect(run.judged).toEqual(['ti_1', 'ti_2']);
    expect(run.lane.stoppedBy?.kind).toBe('not-on-list');
    const resumed = laneAcknowledged(run.lane);
    expect(resumed.stoppedBy).toBeNull();
    expect(cameraJudges({ fastLane: true, lane: resumed, verdictUp: true, deciding: false })).toBe(true);
  });

  it('keeps the names in the strip, newest first, at most a few', () => {
    let lane = EMPTY_LANE;
    for (let i = 1; i <= STRIP_LENGTH + 2; i++) lane = laneAfterVerdict(lane, admitted(i), i);
    expect(lane.strip).toHaveLength(STRIP_LENGTH);
    expect(lane.strip[0]).toMatchObject({ name: `Guest ${STRIP_LENGTH + 2}`, kind: 'admitted', tone: 'go' });
    lane = laneAfterUndo(lane, STRIP_LENGTH + 2);
    expect(lane.strip[0]?.undone).toBe(true);
    expect(lane.strip[1]?.undone).toBe(false);
  });

  it('lets only an admission pass; stops for everything else', () => {
    expect(stopsTheLane(admitted(1))).toBe(false);
    expect(stopsTheLane({ kind: 'unpaid', ticket: ticket(1, { paid: false }) })).toBe(true);
    expect(stopsTheLane({ kind: 'still-downloading', text: 'ti_9', percent: 40 })).toBe(true);
    expect(stopsTheLane({ kind: 'not-a-ticket', text: 'WIFI:' })).toBe(true);
  });

  it('runs on past a read that came split: it judged nothing, the next read replaces it', () => {
    expect(stopsTheLane({ kind: 'scan-again', text: 'YSM-1' })).toBe(false);
  });

  it('stops for the same ticket again, so its name stays up until staff have looked at the person', () => {
    // A screenshot passed back down the queue: the ticket was admitted here seconds ago.
    const again: Verdict = { kind: 'just-admitted', ticket: ticket(1), previous: {} as never };
    let lane = laneAfterVerdict(EMPTY_LANE, admitted(1), 1);
    lane = laneAfterVerdict(lane, admitted(2), 2);
    lane = laneAfterVerdict(lane, again, 3);
    expect(lane.stoppedBy).toMatchObject({ kind: 'just-admitted', name: 'Guest 1', tone: 'look' });
    expect(cameraJudges({ fastLane: true, lane, verdictUp: true, deciding: false })).toBe(false);
    expect(laneAcknowledged(lane).stoppedBy).toBeNull();
  });

  it('outside the fast lane the camera waits while any verdict is up', () => {
    expect(cameraJudges({ fastLane: false, lane: EMPTY_LANE, verdictUp: true, deciding: false })).toBe(false);
    expect(cameraJudges({ fastLane: false, lane: EMPTY_LANE, verdictUp: false, deciding: false })).toBe(true);
    expect(cameraJudges({ fastLane: false, lane: EMPTY_LANE, verdictUp: false, deciding: true })).toBe(false);
    // In the lane a code read during a decision waits its turn instead of passing unjudged.
    expect(cameraJudges({ fastLane: true, lane: EMPTY_LANE, verdictUp: true, deciding: true })).toBe(true);
  });
});
