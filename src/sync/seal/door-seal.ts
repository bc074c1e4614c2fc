// The door's seal as the engine offers it: the passcode chosen once, typed after each start,
// and where the seal stands published for the screens. Guarantees: the status says `open` only
// once the gate is open, so a screen never offers what waits on a locked copy as if it would
// answer; a failure comes back as a value the screens put into words.
import { choosePasscode, sealState, unlock } from '../../db/seal/door-keyring';
import type { CheckinDatabase } from '../../db/database';
import { stored } from '../../db/storage';
import type { Result } from '../../domain/result';
import type { Clock } from '../clock';
import type { SyncStatus } from '../status/sync-status';

export interface DoorSealDeps {
  db: CheckinDatabase;
  clock: Clock;
  publish: (change: Partial<SyncStatus>) => void;
}

export function createDoorSeal({ db, clock, publish }: DoorSealDeps) {
  const told = async () => {
    const state = await stored(() => sealState(db));
    if (state.ok) publish({ seal: state.value });
  };
  const settled = async (result: Result<Result<void>>): Promise<Result<void>> => {
    await told();
    return result.ok ? result.value : result;
  };
  return {
    /** Reads where the seal stands and publishes it (at the engine's start). */
    told,
    /** Chooses the door's passcode: its copy is sealed under it from now on. */
    choosePasscode: async (passcode: string) =>
      settled(await stored(() => choosePasscode(db, passcode, clock.now()))),
    /** Opens the door's sealed copy with the passcode typed after a start. */
    unlock: async (passcode: string) => settled(await stored(() => unlock(db, passcode))),
  };
}
