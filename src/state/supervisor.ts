// The supervisor PIN and the unlock it gives. The PIN is kept only as its salted PBKDF2 hash
// (src/platform/pin-hash.ts), like the kiosk PIN; the unlock lives in memory only, so a reload
// or a restart leaves the device locked.
import { type DoorAccess, SUPERVISOR_UNLOCK_MS } from '../domain/door-roles';
import { hashPin, verifyPin } from '../platform/pin-hash';
import type { AppState, AppStore } from './app-store';
import { checkLimited, type PinAnswer } from './pin-attempts';

export function accessOf(state: Pick<AppState, 'settings' | 'shell'>): DoorAccess {
  return {
    supervisorPinSet: state.settings.supervisorPin !== null,
    supervisorUntil: state.shell.supervisorUntil,
  };
}

/**
 * Sets, changes or removes the supervisor PIN. Setting one leaves the person who set it
 * unlocked (they were allowed everything a moment ago), for the usual few minutes.
 */
export async function setSupervisorPin(store: AppStore, pin: string, now = Date.now()): Promise<void> {
  const supervisorPin = pin === '' ? null : await hashPin(pin);
  store.getState().setSettings({ supervisorPin });
  store.getState().setShell({ supervisorUntil: supervisorPin ? now + SUPERVISOR_UNLOCK_MS : null });
}

/** Checks the PIN (attempt-limited) and, when right, unlocks supervisor actions for a few minutes. */
export async function unlockSupervisor(store: AppStore, pin: string, now = Date.now()): Promise<PinAnswer> {
  const stored = store.getState().settings.supervisorPin;
  if (!stored) return { kind: 'right' };
  const answer = await checkLimited(() => verifyPin(pin, stored), now);
  if (answer.kind === 'right') store.getState().setShell({ supervisorUntil: now + SUPERVISOR_UNLOCK_MS });
  return answer;
}

export function lockSupervisor(store: AppStore): void {
  store.getState().setShell({ supervisorUntil: null });
}
