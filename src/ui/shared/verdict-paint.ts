// A verdict reaches the screen before the door's status does. The worker sends a scan's reply,
// then the status that scan changed (counts, unsent) as its next message; rendered at once, that
// status re-rendered the scan screen between the verdict's render and its first frame (14 ms at
// a phone's speed, test/bench/cold-marks.ts). A status that comes while a verdict waits for its
// first paint is applied just after that paint; only the latest one is kept (each is whole).

let holding = false;
let held: (() => void) | null = null;

function release() {
  if (!holding) return;
  holding = false;
  const run = held;
  held = null;
  run?.();
}

/** A verdict was just rendered: what `afterVerdictPaint` is given waits for its first frame. */
export function verdictRendered(): void {
  if (holding || typeof requestAnimationFrame !== 'function') return;
  holding = true;
  // After the frame's paint (a task queued from the frame's callbacks runs once it is drawn).
  requestAnimationFrame(() => setTimeout(release, 0));
  // A hidden page draws no frames: it does not hold anything for long.
  setTimeout(release, 100);
}

/** Runs `apply` now, or just after the verdict on its way is painted (the latest call wins). */
export function afterVerdictPaint(apply: () => void): void {
  if (holding) held = apply;
  else apply();
}
