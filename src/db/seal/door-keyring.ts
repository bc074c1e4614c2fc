// The door's keyring in its database: choosing the passcode once, and typing it after a start.
// Guarantees: a keyring is made once (a second choice is refused, never a second secret that
// would leave rows sealed under the first unreadable), and the gate opens only on the box the
// stored keyring yields.
import { fail, ok, type Result } from '../../domain/result';
import type { CheckinDatabase } from '../database';
import { makeKeyring, openKeyring, passcodeProblem, PASSCODE_ROUNDS } from './keyring';
import { canSeal } from './seal-box';
import type { SealState } from './seal-gate';

/** Where this door's seal stands now. */
export async function sealState(db: CheckinDatabase): Promise<SealState> {
  if (!canSeal()) return 'unavailable';
  if (db.seal.current()) return 'open';
  return (await db.keyring.get('door')) ? 'locked' : 'none';
}

/** Makes the door's keyring under `passcode` and opens the gate with it. */
export async function choosePasscode(
  db: CheckinDatabase,
  passcode: string,
  now: number,
  rounds = PASSCODE_ROUNDS,
): Promise<Result<void>> {
  if (!canSeal()) return fail('cannot-seal');
  if (passcodeProblem(passcode)) return fail('passcode-too-short');
  if (await db.keyring.get('door')) return fail('rejected', { detail: 'passcode-chosen' });
  const made = await makeKeyring(passcode, now, rounds);
  // Added, not put: of two choices racing, the second fails here and its secret is dropped.
  await db.keyring.add(made.row);
  db.seal.unlock(made.box);
  return ok(undefined);
}

/** Opens the gate with the passcode typed after a start. */
export async function unlock(db: CheckinDatabase, passcode: string): Promise<Result<void>> {
  if (db.seal.current()) return ok(undefined);
  if (!canSeal()) return fail('cannot-seal');
  const row = await db.keyring.get('door');
  if (!row) return fail('passcode-needed');
  const box = await openKeyring(row, passcode);
  if (!box) return fail('wrong-passcode');
  db.seal.unlock(box);
  return ok(undefined);
}
