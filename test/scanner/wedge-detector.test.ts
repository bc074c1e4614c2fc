import { describe, expect, it } from 'vitest';
import { createWedgeDetector } from '../../src/scanner/wedge-detector';

function type(detector: ReturnType<typeof createWedgeDetector>, text: string, gapMs: number, start = 1000) {
  let t = start;
  let result: string | null = null;
  for (const ch of [...text, 'Enter']) {
    result = detector.key(ch, t);
    t += gapMs;
  }
  return result;
}

describe('wedge detector', () => {
  it('returns the code of a fast burst ending in Enter', () => {
    expect(type(createWedgeDetector(), 'ti_abc12345', 8)).toBe('ti_abc12345');
  });

  it('ignores a person typing at human speed', () => {
    expect(type(createWedgeDetector(), 'ti_abc12345', 120)).toBeNull();
  });

  it('ignores a short burst such as a key held down', () => {
    expect(type(createWedgeDetector(), 'aa', 5)).toBeNull();
  });

  it('starts a new burst after a pause, dropping what a person typed before', () => {
    const detector = createWedgeDetector();
    detector.key('x', 0);
    detector.key('y', 300);
    expect(type(detector, 'AB12-1', 6, 2000)).toBe('AB12-1');
  });

  it('skips modifier keys between characters', () => {
    const detector = createWedgeDetector();
    const keys = ['A', 'Shift', 'B', '1', 'Shift', '2', '-', '1', 'Enter'];
    let out: string | null = null;
    keys.forEach((k, i) => {
      out = detector.key(k, i * 5);
    });
    expect(out).toBe('AB12-1');
  });

  it('does not fire when Enter comes long after the burst', () => {
    const detector = createWedgeDetector();
    for (const [i, ch] of [...'ti_abc12345'].entries()) detector.key(ch, i * 5);
    expect(detector.key('Enter', 5000)).toBeNull();
  });
});
