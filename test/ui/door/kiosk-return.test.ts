// The kiosk's verdicts always go back to "Scan your ticket" by themselves: it faces attendees,
// its camera is paused and hidden under a verdict, and no one stands by to tap. Whatever the
// device's staff chose (the fast lane, auto-return "only on tap"), the next attendee never reads
// the last one's verdict.
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../../src/domain/verdict';
import { cameraJudges } from '../../../src/scanner/fast-lane';
import {
  KIOSK_REFUSAL_MS,
  KIOSK_WELCOME_MS,
  outcomeFor,
  type ReturnRules,
  returnDelay,
  runsFastLane,
} from '../../../src/ui/door/auto-return';
import { initialScanFlow, type Outcome, occupied, scanFlow } from '../../../src/ui/door/scan-flow';
import { doorCheckin, doorTicket } from '../../fixtures/door-verdicts';

const NOW = Date.parse('2026-11-28T19:00:00Z');
const ticket = doorTicket();

const VERDICTS: Record<string, Verdict> = {
  welcome: { kind: 'admitted', ticket },
  'just used here': {
    kind: 'just-admitted',
    ticket,
    previous: doorCheckin({ createdAt: NOW - 4000, mine: true }),
  },
  'already checked in': {
    kind: 'already-checked-in',
    ticket,
    previous: doorCheckin({ createdAt: NOW - 60_000 }),
    count: 1,
  },
  unpaid: { kind: 'unpaid', ticket },
  'not on this list': { kind: 'not-on-list', text: 'ti_pNOWHERE1xxxxxxxxxxxxxxx' },
  'scan again': { kind: 'scan-again', text: 'YSM-1' },
};

const outcome = (verdict: Verdict): Outcome => ({
  verdict,
  checkin: null,
  basis: { kind: 'local' },
  order: null,
});

/** The device's settings as staff may have left them before starting the kiosk. */
const STAFF_CHOICES = [
  { fastLane: true, autoReturnSeconds: 3 },
  { fastLane: false, autoReturnSeconds: 0 },
  { fastLane: true, autoReturnSeconds: 0 },
  { fastLane: false, autoReturnSeconds: 10 },
];

describe("the kiosk's return to the prompt", () => {
  for (const choice of STAFF_CHOICES) {
    const kiosk: ReturnRules = { attendeeFacing: true, ...choice };
    const label = `fast lane ${choice.fastLane ? 'on' : 'off'}, auto-return ${choice.autoReturnSeconds || 'only on tap'}`;

    it(`returns by itself after its own delays with ${label}: a refusal stays longer than a welcome`, () => {
      expect(runsFastLane(kiosk)).toBe(false);
      for (const [name, verdict] of Object.entries(VERDICTS)) {
        const shown = { ...outcome(verdict), at: NOW };
        const expected = name === 'welcome' ? KIOSK_WELCOME_MS : KIOSK_REFUSAL_MS;
        expect([name, returnDelay(shown, kiosk)]).toEqual([name, expected]);
      }
      expect(KIOSK_REFUSAL_MS).toBeGreaterThan(KIOSK_WELCOME_MS);
    });

    it(`walks the flow back to the prompt, camera judging again, with ${label}`, () => {
      for (const [name, verdict] of Object.entries(VERDICTS)) {
        // The flow as the kiosk runs it: a decision, its verdict, then the timer's return.
        let state = scanFlow(initialScanFlow(), { type: 'decision-asked' });
        state = scanFlow(state, {
          type: 'decided',
          outcome: outcome(verdict),
          now: NOW,
          fastLane: runsFastLane(kiosk),
        });
        state = scanFlow(state, { type: 'decision-settled' });
        const shown = state.shown!;
        expect([name, state.lane.stoppedBy]).toEqual([name, null]);
        const delay = returnDelay(shown, kiosk);
        expect([name, typeof delay]).toEqual([name, 'number']);
        state = scanFlow(state, { type: 'returned', at: shown.at });
        expect([name, state.shown]).toEqual([name, null]);
        const next = {
          fastLane: runsFastLane(kiosk),
          lane: state.lane,
          verdictUp: false,
          deciding: occupied(state),
        };
        expect([name, cameraJudges(next)]).toEqual([name, true]);
      }
    });
  }

  it('is dismissed by a tap before its delay, for the next attendee', () => {
    const up = scanFlow(initialScanFlow(), {
      type: 'decided',
      outcome: outcome(VERDICTS['not on this list']!),
      now: NOW,
      fastLane: false,
    });
    expect(scanFlow(up, { type: 'dismissed' }).shown).toBeNull();
  });
});

describe("the staff's screens keep the staff's choices", () => {
  const refusal = { ...outcome(VERDICTS.unpaid!), at: NOW };
  const welcome = { ...outcome(VERDICTS.welcome!), at: NOW };

  it('the fast lane holds a refusal until seen; "only on tap" holds every verdict', () => {
    const lane: ReturnRules = { attendeeFacing: false, fastLane: true, autoReturnSeconds: 3 };
    expect(runsFastLane(lane)).toBe(true);
    expect(returnDelay(refusal, lane)).toBeNull();
    expect(returnDelay(welcome, lane)).toBe(3000);
    const onTap: ReturnRules = { attendeeFacing: false, fastLane: false, autoReturnSeconds: 0 };
    expect(returnDelay(welcome, onTap)).toBeNull();
    expect(returnDelay(refusal, { ...onTap, autoReturnSeconds: 3 })).toBe(6000);
  });
});

describe("what the kiosk's screen keeps of a verdict", () => {
  it("keeps neither the order's other tickets nor the holder's answers, which staff's screen keeps", () => {
    const full = {
      ...outcome(VERDICTS.welcome!),
      order: {
        reference: 'YSM',
        buyerName: 'Buyer',
        buyerEmail: null,
        tickets: [{ ticket, state: 'not-in' as const, since: null }],
      },
      answers: [{ questionId: 1, question: 'Dietary requirements', response: 'Vegetarian' }],
    };
    const atKiosk = outcomeFor(full, true);
    expect(atKiosk).toEqual({ ...full, order: null, answers: undefined });
    expect(JSON.stringify(atKiosk)).not.toContain('Vegetarian');
    expect(outcomeFor(full, false)).toBe(full);
  });
});
