// A camera sees the same code many times a second while it is held up: only the first read
// within the window counts. A different code always counts at once.

export function createRepeatGuard(windowMs = 3000) {
  let lastText: string | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  return {
    /** True when this read should be judged; false when it repeats the previous one too soon. */
    accept(text: string, nowMs: number): boolean {
      if (text === lastText && nowMs - lastAt < windowMs) {
        lastAt = nowMs; // Still held up: keep ignoring until it has been away for the window.
        return false;
      }
      lastText = text;
      lastAt = nowMs;
      return true;
    },
    reset() {
      lastText = null;
      lastAt = Number.NEGATIVE_INFINITY;
    },
  };
}
