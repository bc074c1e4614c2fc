import { type RefObject, useLayoutEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A part of a verdict that folds to one line while the verdict's body overflows (a short
 * screen), until staff tap it open: the verdict and its buttons stay in view without scrolling.
 * Measured before paint, so a short screen never flashes the whole part; and only when what it
 * shows (`content`) changes, not on every render. Measured in the frame's own layout, not by
 * reading the height in the commit: a ResizeObserver's first report comes after the frame has
 * laid the verdict out and before it paints, so the verdict is laid out once, in its frame,
 * instead of there and then in the commit (and again if anything changes before the frame).
 * A fold found there is drawn at once (flushSync), and the frame lays out again before it
 * paints. With nothing to fold (`enabled` false: most verdicts have no answers, and every
 * verdict until its answers arrive) nothing is measured.
 */
export function useFoldOnOverflow(
  body: RefObject<HTMLElement | null>,
  content: unknown,
  enabled: boolean,
  onInteract?: () => void,
): { folded: boolean; open(): void } {
  const [folded, setFolded] = useState(false);
  const [opened, setOpened] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when its content changes
  useLayoutEffect(() => {
    const el = body.current;
    if (!enabled || !el || folded || opened) return;
    const overflows = () => el.scrollHeight > el.clientHeight + 1;
    // Without ResizeObserver (a test's DOM): measured here, as before.
    if (typeof ResizeObserver === 'undefined') {
      if (overflows()) setFolded(true);
      return;
    }
    // The first report comes once the frame has laid the body out; later ones when the body
    // (a screen turned or resized) or what is in it changes size, until it folds: a body that
    // comes to overflow after its first layout folds then too.
    const observer = new ResizeObserver(() => {
      if (!overflows()) return;
      observer.disconnect();
      flushSync(() => setFolded(true));
    });
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, [content, enabled, folded, opened]);
  return {
    folded: folded && !opened,
    open: () => {
      onInteract?.();
      setOpened(true);
    },
  };
}
