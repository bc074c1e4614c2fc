import { describe, expect, it } from 'vitest';
import { describeCameraFailure } from '../../src/scanner/camera';
import { restartDelayMs, restartsByItself } from '../../src/scanner/camera-recovery';
import { frameChange, lumaOf, MOTION_THRESHOLD } from '../../src/scanner/motion';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('camera recovery', () => {
  it('tries a busy or lost camera again by itself, but not one refused by the person', () => {
    expect(restartsByItself(describeCameraFailure(named('NotReadableError')))).toBe(true);
    expect(restartsByItself(describeCameraFailure(named('AbortError')))).toBe(true);
    expect(restartsByItself(describeCameraFailure(named('NotFoundError')))).toBe(true);
    expect(restartsByItself(describeCameraFailure(named('NotAllowedError')))).toBe(false);
    expect(restartsByItself(describeCameraFailure(named('InsecureContext')))).toBe(false);
  });

  it('waits longer after each failure, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(restartDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

function picture(fill: (i: number) => number, pixels = 32 * 24): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const v = fill(i);
    rgba.set([v, v, v, 255], i * 4);
  }
  return rgba;
}

describe('motion check on a tiny frame', () => {
  it('sees a hand (a dark block over a third of the picture) but not sensor noise', () => {
    const still = lumaOf(picture(() => 200));
    const noisy = lumaOf(picture((i) => 200 + ((i * 7) % 9) - 4));
    const hand = lumaOf(picture((i) => (i % 32 < 11 ? 40 : 200)));
    expect(frameChange(still, noisy)).toBeLessThan(MOTION_THRESHOLD);
    expect(frameChange(still, hand)).toBeGreaterThan(MOTION_THRESHOLD);
  });

  it('weighs green most, as the eye does', () => {
    const [luma] = lumaOf(new Uint8ClampedArray([0, 255, 0, 255]));
    const [blue] = lumaOf(new Uint8ClampedArray([0, 0, 255, 255]));
    expect(luma).toBeGreaterThan(140);
    expect(blue).toBeLessThan(30);
  });

  it('reports no change between pictures of different sizes rather than a false wake', () => {
    expect(frameChange(new Uint8Array(4), new Uint8Array(8))).toBe(0);
  });
});
