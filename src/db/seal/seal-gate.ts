// Where the door's open box is, while the door runs. Guarantees: `box()` answers only once the
// door is unlocked, so work that reads or writes personal data waits for the passcode instead
// of failing, and work that needs none (sending the outbox) never asks; the box lives in this
// worker's memory alone, and is gone when the worker is.
import type { SealBox } from './seal-box';

/**
 * Where a door's seal stands: `none` before a passcode is chosen, `locked` until it is typed
 * after a start, `open` once it is, `unavailable` where the platform cannot seal.
 */
export type SealState = 'none' | 'locked' | 'open' | 'unavailable';

export interface SealGate {
  /** The open box; waits until the door is unlocked. */
  box(): Promise<SealBox>;
  /** The open box now, or null while the door is locked. */
  current(): SealBox | null;
  unlock(box: SealBox): void;
}

export function createSealGate(): SealGate {
  let open: SealBox | null = null;
  let opened: (box: SealBox) => void = () => {};
  const unlocked = new Promise<SealBox>((resolve) => {
    opened = resolve;
  });
  return {
    box: () => (open ? Promise.resolve(open) : unlocked),
    current: () => open,
    unlock(box) {
      if (open) return;
      open = box;
      opened(box);
    },
  };
}
