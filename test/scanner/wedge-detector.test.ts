import { describe, expect, it } from 'vitest';
import { parseScannedCode } from '../../src/domain/scan-code';
import { createWedgeDetector, type WedgeDetector, type WedgeRead } from '../../src/scanner/wedge-detector';

const recognise = (text: string) => parseScannedCode(text).kind !== 'not-a-ticket';
const detector = () => createWedgeDetector({ recognise });

/** One key as the page sees it: typed at `typedAt`, handled at `handledAt` (the same unless late). */
interface Stroke {
  key: string;
  typedAt: number;
  handledAt?: number;
}

function feed(wedge: WedgeDetector, strokes: readonly Stroke[], intoField = false): WedgeRead | null {
  let read: WedgeRead | null = null;
  for (const { key, typedAt, handledAt = typedAt } of strokes) {
    const out = wedge.key({ key, typedAt, handledAt, intoField });
    if (out) read = out;
  }
  return read;
}

/** `text` and Enter, `gapMs` apart from `start`; `stalls` adds a pause before the key at that index. */
function strokes(text: string, gapMs: number, start = 1000, stalls: Record<number, number> = {}): Stroke[] {
  let t = start;
  return [...text, 'Enter'].map((key, i) => {
    t += (i === 0 ? 0 : gapMs) + (stalls[i] ?? 0);
    return { key, typedAt: t };
  });
}

function type(wedge: WedgeDetector, text: string, gapMs: number, start = 1000, intoField = false) {
  return feed(wedge, strokes(text, gapMs, start), intoField);
}

const code = (text: string): WedgeRead => ({ kind: 'code', text });
const cut = (text: string): WedgeRead => ({ kind: 'cut', text });

describe('wedge detector', () => {
  it('returns the code of a fast burst ending in Enter, at the page or in a text field', () => {
    expect(type(detector(), 'ti_abc12345', 8)).toEqual(code('ti_abc12345'));
    expect(type(detector(), 'ti_abc12345', 8, 1000, true)).toEqual(code('ti_abc12345'));
  });

  it('leaves a person typing in a text field alone', () => {
    expect(type(detector(), 'ti_abc12345', 120, 1000, true)).toBeNull();
    expect(type(detector(), 'Anna', 90, 1000, true)).toBeNull();
  });

  it('judges a code typed at the page at any speed: no one else takes those keys', () => {
    expect(type(detector(), 'AB12-1', 150)).toEqual(code('AB12-1'));
  });

  it('ignores a short burst such as a key held down', () => {
    expect(type(detector(), 'aa', 5)).toBeNull();
    expect(type(detector(), 'aa', 5, 1000, true)).toBeNull();
  });

  it('starts a new read after a long pause, dropping what a person typed before', () => {
    const wedge = detector();
    wedge.key({ key: 'x', typedAt: 0, handledAt: 0, intoField: true });
    wedge.key({ key: 'y', typedAt: 300, handledAt: 300, intoField: true });
    expect(type(wedge, 'AB12-1', 6, 5000, true)).toEqual(code('AB12-1'));
  });

  it('takes a scanner burst typed right after a person’s keys in a field, without them', () => {
    const wedge = detector();
    wedge.key({ key: 'x', typedAt: 0, handledAt: 0, intoField: true });
    wedge.key({ key: 'y', typedAt: 300, handledAt: 300, intoField: true });
    expect(type(wedge, 'AB12-1', 6, 700, true)).toEqual(code('AB12-1'));
  });

  it('skips modifier keys between characters', () => {
    const keys = ['A', 'Shift', 'B', '1', 'Shift', '2', '-', '1', 'Enter'];
    const read = feed(
      detector(),
      keys.map((key, i) => ({ key, typedAt: i * 5 })),
    );
    expect(read).toEqual(code('AB12-1'));
  });

  it('does not fire when Enter comes long after the burst', () => {
    const wedge = detector();
    for (const [i, ch] of [...'ti_abc12345'].entries())
      wedge.key({ key: ch, typedAt: i * 5, handledAt: i * 5, intoField: false });
    expect(wedge.key({ key: 'Enter', typedAt: 5000, handledAt: 5000, intoField: false })).toBeNull();
  });
});

describe('wedge detector: a read that arrives split', () => {
  it('joins a code cut by a gap over the threshold (the issue’s 8YSM-1, never YSM-1)', () => {
    const split = strokes('8YSM-1', 5, 1000, { 1: 300 });
    expect(feed(detector(), split)).toEqual(code('8YSM-1'));
    expect(feed(detector(), split, true)).toEqual(code('8YSM-1'));
  });

  it('joins a code whose every key came late (a busy page: 50 to 470 ms a key)', () => {
    const late = [60, 470, 120, 50, 300, 90, 200];
    const keys = [...'8YSM-1', 'Enter'].map((key, i) => ({
      key,
      typedAt: late.slice(0, i + 1).reduce((sum, gap) => sum + gap, 0),
    }));
    expect(feed(detector(), keys)).toEqual(code('8YSM-1'));
  });

  it('joins a code across a long stall between two keys', () => {
    const split = strokes('ti_demo0123456789', 4, 1000, { 9: 1800 });
    expect(feed(detector(), split)).toEqual(code('ti_demo0123456789'));
    expect(feed(detector(), split, true)).toEqual(code('ti_demo0123456789'));
  });

  it('takes the stalled Enter of a fast burst instead of dropping the scan', () => {
    expect(feed(detector(), strokes('AB12-1', 5, 1000, { 6: 400 }))).toEqual(code('AB12-1'));
    expect(feed(detector(), strokes('AB12-1', 5, 1000, { 6: 400 }), true)).toEqual(code('AB12-1'));
  });

  it('joins a burst the page delivered all at once after a stall, however far apart it was typed', () => {
    // Typed 100 ms apart (a jittery Bluetooth link), handled back to back after a long task.
    const keys = [...'ti_queued42', 'Enter'].map((key, i) => ({
      key,
      typedAt: i * 100,
      handledAt: 2000 + i * 0.2,
    }));
    expect(feed(detector(), keys, true)).toEqual(code('ti_queued42'));
  });

  it('reads the whole slug, not its tail that looks like an order’s reference', () => {
    // "EFGH" alone would be judged as an order; the keys before it are the slug's start.
    expect(feed(detector(), strokes('ti_abcdEFGH', 5, 1000, { 7: 300 }))).toEqual(code('ti_abcdEFGH'));
  });

  it('asks for the scan again when the split keys make no code', () => {
    const split = strokes('4006381333931', 5, 1000, { 7: 300 });
    expect(feed(detector(), split)).toEqual(cut('4006381333931'));
    expect(feed(detector(), split, true)).toEqual(cut('4006381333931'));
  });

  it('asks for the scan again for a fragment whose start came before it within the window', () => {
    // The start of a ticket's code, then a fragment: together no code, the tail alone not one either.
    const keys = [...strokes('8Y', 5, 1000).slice(0, 2), ...strokes('SM-', 5, 1900)];
    expect(feed(detector(), keys)).toEqual(cut('8YSM-'));
  });

  it('still refuses a whole read that is no ticket: one unbroken burst', () => {
    expect(type(detector(), '4006381333931', 5)).toEqual(code('4006381333931'));
  });

  it('never judges a cut code on its tail, wherever the stall falls', () => {
    const codes = [
      '8YSM-1',
      'H9B6',
      'ti_abcd1234EFGH',
      'https://tickets.example/t/ti_Zx81yq_2',
      'AB12-12345',
    ];
    for (const whole of codes)
      for (let at = 1; at <= whole.length; at++)
        for (const stall of [46, 120, 470, 1500])
          for (const intoField of [false, true]) {
            const read = feed(detector(), strokes(whole, 5, 1000, { [at]: stall }), intoField);
            const what = `${whole} stalled ${stall} ms before key ${at}${intoField ? ' in a field' : ''}`;
            // In a field a split that leaves no scanner's burst is a person's typing, left to the
            // field (its own Enter judges or searches it whole).
            if (read === null) expect(intoField, what).toBe(true);
            else expect(read, what).toEqual(code(whole));
          }
  });
});
