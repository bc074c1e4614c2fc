// Who may do what at the door. A device with no supervisor PIN is "open": every action is
// allowed, as before roles existed. Once a PIN is set the device works as a door, and the
// actions that override or erase what the door decided need a supervisor, unlocked with the
// PIN for a few minutes.

export type DoorRole = 'open' | 'door' | 'supervisor';

/** What the device knows of its supervisor lock: whether a PIN is set, and until when it is unlocked. */
export interface DoorAccess {
  supervisorPinSet: boolean;
  /** Epoch ms the supervisor unlock ends; null while locked. */
  supervisorUntil: number | null;
}

export type SupervisorAction = 'admit-anyway' | 'undo-any' | 'forget-list' | 'settings' | 'leave-kiosk';

/** How long a supervisor unlock lasts before the device locks itself again. */
export const SUPERVISOR_UNLOCK_MS = 5 * 60_000;
/** Door staff may take back their own last admission for this long. */
export const OWN_UNDO_MS = 30_000;

export const LOCKED: DoorAccess = { supervisorPinSet: false, supervisorUntil: null };

export function roleAt(access: DoorAccess, now: number): DoorRole {
  if (!access.supervisorPinSet) return 'open';
  return access.supervisorUntil !== null && now < access.supervisorUntil ? 'supervisor' : 'door';
}

/** Milliseconds of supervisor time left; 0 when locked or open. */
export function supervisorLeft(access: DoorAccess, now: number): number {
  if (roleAt(access, now) !== 'supervisor') return 0;
  return Math.max(0, access.supervisorUntil! - now);
}

export function mayDo(role: DoorRole, _action: SupervisorAction): boolean {
  return role !== 'door';
}

export interface UndoCandidate {
  key: string;
  createdAt: number;
  /** Made on this device. */
  mine: boolean;
}

/**
 * Door staff undo only this device's last admission (one scan, or every ticket of one "Admit
 * all"), within OWN_UNDO_MS of making it: a mistaken tap is put right at once, anything older
 * or anyone else's needs a supervisor.
 */
export function mayUndo(
  role: DoorRole,
  checkin: UndoCandidate,
  lastOwnKeys: ReadonlySet<string>,
  now: number,
): boolean {
  if (role !== 'door') return true;
  return checkin.mine && lastOwnKeys.has(checkin.key) && now - checkin.createdAt <= OWN_UNDO_MS;
}

export const MAX_REASON_LENGTH = 200;

/** A reason as kept in the audit log: trimmed, one line, bounded. */
export function cleanReason(reason: string): string {
  return reason.replace(/\s+/g, ' ').trim().slice(0, MAX_REASON_LENGTH);
}
