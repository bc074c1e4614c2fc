// Attempt limiting for the PINs (kiosk and supervisor share one count: one pad, one person
// guessing). A few wrong PINs are free, for fat fingers; after that each wrong one makes the
// pad wait longer, doubling to a cap. The count is kept in localStorage, so reloading the
// page does not reset it.

export interface PinAttempts {
  /** Wrong PINs in a row. */
  failures: number;
  /** Epoch ms before which no PIN is checked. */
  lockedUntil: number;
}

export const FREE_TRIES = 5;
export const FIRST_WAIT_MS = 30_000;
export const MAX_WAIT_MS = 15 * 60_000;

export type PinAnswer = { kind: 'right' } | { kind: 'wrong' } | { kind: 'wait'; ms: number };

const KEY = 'venue-checkin.pin-attempts';
const NONE: PinAttempts = { failures: 0, lockedUntil: 0 };

/** The wait after `failures` wrong PINs in a row. */
export function waitAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES));
}

export function readAttempts(): PinAttempts {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? 'null') as Partial<PinAttempts> | null;
    const failures = Number(saved?.failures);
    const lockedUntil = Number(saved?.lockedUntil);
    return Number.isSafeInteger(failures) && failures >= 0 && Number.isFinite(lockedUntil)
      ? { failures: Math.min(failures, 1000), lockedUntil }
      : NONE;
  } catch {
    return NONE;
  }
}

function writeAttempts(attempts: PinAttempts): void {
  try {
    if (attempts.failures === 0) globalThis.localStorage?.removeItem(KEY);
    else globalThis.localStorage?.setItem(KEY, JSON.stringify(attempts));
  } catch {
    // Storage refused (private window): the count holds for this page only.
  }
}

/** Checks a PIN unless the pad must wait; counts a wrong one, clears the count on a right one. */
export async function checkLimited(verify: () => Promise<boolean>, now = Date.now()): Promise<PinAnswer> {
  const before = readAttempts();
  if (now < before.lockedUntil) return { kind: 'wait', ms: before.lockedUntil - now };
  if (await verify()) {
    writeAttempts(NONE);
    return { kind: 'right' };
  }
  const failures = before.failures + 1;
  const wait = waitAfter(failures);
  writeAttempts({ failures, lockedUntil: wait ? now + wait : 0 });
  return wait ? { kind: 'wait', ms: wait } : { kind: 'wrong' };
}
