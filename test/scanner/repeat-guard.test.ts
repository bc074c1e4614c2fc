import { describe, expect, it } from 'vitest';
import { createRepeatGuard } from '../../src/scanner/repeat-guard';

describe('repeat guard', () => {
  it('judges a held code once, and again only after it has left the view', () => {
    const guard = createRepeatGuard(2000);
    expect(guard.accept('ti_a', 0)).toBe(true);
    expect(guard.accept('ti_a', 1000)).toBe(false);
    expect(guard.accept('ti_a', 2900)).toBe(false); // held up all along: still the same presentation
    expect(guard.accept('ti_a', 5000)).toBe(true); // away for over two seconds: shown anew
  });

  it('keeps a code in view while its verdict is up, so closing the verdict does not read it again', () => {
    const guard = createRepeatGuard(2000);
    expect(guard.accept('ti_a', 0)).toBe(true);
    // The verdict is on screen for 3 s; the camera keeps seeing the same ticket.
    for (let at = 100; at <= 10_000; at += 100) guard.sighting('ti_a', at);
    expect(guard.accept('ti_a', 10_050)).toBe(false);
    expect(guard.accept('ti_a', 12_100)).toBe(true);
  });

  it('does not swallow a new code that only appeared while a verdict was up', () => {
    const guard = createRepeatGuard(2000);
    expect(guard.accept('ti_a', 0)).toBe(true);
    guard.sighting('ti_b', 500);
    expect(guard.accept('ti_b', 600)).toBe(true);
  });

  it('accepts a different code at once', () => {
    const guard = createRepeatGuard();
    expect(guard.accept('ti_a', 0)).toBe(true);
    expect(guard.accept('ti_b', 10)).toBe(true);
  });

  it('judges a forgotten code again at its next read, though it never left the view', () => {
    const guard = createRepeatGuard(2000);
    expect(guard.accept('ti_a', 0)).toBe(true);
    guard.forget('ti_a');
    expect(guard.accept('ti_a', 100)).toBe(true);
    expect(guard.accept('ti_a', 200)).toBe(false);
  });
});
