import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoorTicket, Verdict } from '../../src/domain/verdict';
import { verdictTone } from '../../src/domain/verdict';
import { playTone, vibrate } from '../../src/platform/feedback';

const repeat: Verdict = {
  kind: 'just-admitted',
  ticket: { id: 7, reference: 'AB12-1' } as DoorTicket,
  previous: { uuid: 'u1', ticketId: 7, createdAt: 0, deletedAt: null, deviceName: null, mine: true },
};

/** An AudioContext that only records the notes it is asked to play, as "type frequency". */
function recordingAudio(notes: string[]) {
  const param = () => ({ value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} });
  return class {
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      const osc = {
        type: 'sine',
        frequency: param(),
        connect: (next: unknown) => next,
        start: () => notes.push(`${osc.type} ${osc.frequency.value}`),
        stop() {},
      };
      return osc;
    }
    createGain() {
      return { gain: param(), connect: (next: unknown) => next };
    }
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('feedback for the same ticket again (staff door and kiosk alike)', () => {
  // One short buzz or beep is what "in" feels like: a repeat is never one.
  it('never vibrates like an admission: more than one pulse', () => {
    const patterns: number[][] = [];
    vi.stubGlobal('navigator', { vibrate: (p: number[]) => patterns.push(p) });
    vibrate('go');
    vibrate(verdictTone(repeat));
    const [go, again] = patterns;
    expect(go).toHaveLength(1);
    expect(again).not.toEqual(go);
    expect(again!.filter((_, i) => i % 2 === 0).length).toBeGreaterThan(1);
  });

  it('never sounds like an admission, a warning or a refusal: a falling pair of soft notes', () => {
    const notes: string[] = [];
    vi.stubGlobal('AudioContext', recordingAudio(notes));
    const heard = (tone: Parameters<typeof playTone>[0]) => {
      notes.length = 0;
      playTone(tone);
      return [...notes];
    };
    const again = heard(verdictTone(repeat));
    expect(again).toHaveLength(2);
    expect(again.every((n) => n.startsWith('sine '))).toBe(true);
    const [first, second] = again.map((n) => Number(n.split(' ')[1]));
    expect(second).toBeLessThan(first!);
    for (const other of ['go', 'caution', 'stop', 'info'] as const) expect(again).not.toEqual(heard(other));
  });
});
