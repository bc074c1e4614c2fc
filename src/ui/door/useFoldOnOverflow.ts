import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * A part of a verdict that folds to one line while the verdict's body overflows (a short
 * screen), until staff tap it open: the verdict and its buttons stay in view without scrolling.
 * Measured before paint, so a short screen never flashes the whole part; and only when what it
 * shows (`content`) changes, not on every render: reading the height lays the page out there and
 * then, and the verdict re-renders as the door's status moves. With nothing to fold (`enabled`
 * false: most verdicts have no answers, and every verdict until its answers arrive) nothing is
 * measured, so the verdict's own commit does not lay the page out.
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
    if (el.scrollHeight > el.clientHeight + 1) setFolded(true);
  }, [content, enabled, folded, opened]);
  return {
    folded: folded && !opened,
    open: () => {
      onInteract?.();
      setOpened(true);
    },
  };
}
