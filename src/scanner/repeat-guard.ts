// A camera sees a code many times a second while it is held up, and keeps seeing it while its
// verdict is on screen. A code is judged once per presentation: it counts again only after it
// has been out of view for `goneMs`. Reads while the camera is not judging (a verdict is up)
// still count as "in view", or a held ticket would be judged again the moment its verdict
// closes and the guest just admitted would be shown as "already checked in".

export function createRepeatGuard(goneMs = 2000) {
  /** Codes judged in this presentation, by when each was last in view. */
  const inView = new Map<string, number>();
  const forgetGone = (nowMs: number) => {
    for (const [text, at] of inView) if (nowMs - at >= goneMs) inView.delete(text);
  };
  return {
    /** A read while scanning: true when it is a new presentation to judge. */
    accept(text: string, nowMs: number): boolean {
      forgetGone(nowMs);
      const fresh = !inView.has(text);
      inView.set(text, nowMs);
      return fresh;
    },
    /** A read while a verdict is up: keeps an already judged code in view; judges nothing. */
    sighting(text: string, nowMs: number): void {
      forgetGone(nowMs);
      if (inView.has(text)) inView.set(text, nowMs);
    },
    /** A code accepted but never judged (its turn was dropped): judged when next seen. */
    forget(text: string): void {
      inView.delete(text);
    },
    reset() {
      inView.clear();
    },
  };
}
