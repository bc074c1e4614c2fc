// A camera left running for a whole shift meets other apps, calls and unplugged cables. These
// rules say which failures are worth trying again by themselves, and how soon.
import type { CameraProblem } from './camera';

/** The camera pauses after this long with no code in view, to save the battery. */
export const IDLE_PAUSE_MS = 120_000;

/** Refused access or an insecure page need a person; a busy or lost camera may come back. */
export function restartsByItself(problem: CameraProblem): boolean {
  return problem === 'busy' || problem === 'failed' || problem === 'no-camera';
}

/** 1 s, 2 s, 4 s ... at most 30 s between attempts. */
export function restartDelayMs(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures));
}
