// Work that can wait for the frame being drawn: it runs in a task after the next paint. React
// runs a discrete update's effects (a scan's verdict is one) in the same task as its render and
// commit, so an effect that reads layout (focus does) forces the new screen's style and layout
// there too: on a phone-class page that made the first verdict after a restart one task of
// about 100 ms. After the paint, the frame's own layout has done that work and the effect is
// cheap.

/** Runs `work` after the next paint; answers a cancel for an effect's clean-up. */
export function afterPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
