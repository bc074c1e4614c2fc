import { describe, expect, it } from 'vitest';
import { createRepeatGuard } from '../../src/scanner/repeat-guard';

describe('repeat guard', () => {
  it('ignores the same code within three seconds and accepts it after', () => {
    const guard = createRepeatGuard();
    expect(guard.accept('ti_a', 0)).toBe(true);
    expect(guard.accept('ti_a', 1000)).toBe(false);
    expect(guard.accept('ti_a', 3500)).toBe(false); // held up all along: still the same presentation
    expect(guard.accept('ti_a', 7000)).toBe(true);
  });

  it('accepts a different code at once', () => {
    const guard = createRepeatGuard();
    expect(guard.accept('ti_a', 0)).toBe(true);
    expect(guard.accept('ti_b', 10)).toBe(true);
    expect(guard.accept('ti_a', 20)).toBe(true);
  });
});
