// Time comes in from outside so tests can pin it and nothing reads the wall clock directly.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** `base` moved by `offsetMs` (negative: behind). */
export function offsetClock(base: Clock, offsetMs: number): Clock {
  return offsetMs === 0 ? base : { now: () => new Date(base.now().getTime() + offsetMs) };
}

/** A clock that stands still until moved: for tests. */
export function fixedClock(
  start: Date | string,
): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}
