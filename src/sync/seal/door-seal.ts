// The door's seal as the engine offers it: the passcode chosen once, typed after each start,
// and where the seal stands published for the screens. Guarantees: the status says `open` only
// once the gate is open, so a screen never offers what waits on a locked copy as if it would
// answer; a failure comes back as a value the screens put into words; no list is opened or
// joined before the door is unlocked and every plain row of its copy sealed (seal-copy.ts),
// and nothing that needs no key (the outbox) ever waits for it.
import { choosePasscode, sealState, unlock } from '../../db/seal/door-keyring';
import { sealPlainCopy } from '../../db/seal/seal-copy';
import type { CheckinDatabase } from '../../db/database';
import { stored } from '../../db/storage';
import { type Failure, fail, ok, type Result } from '../../domain/result';
import type { Clock } from '../clock';
import type { SyncStatus } from '../status/sync-status';

export interface DoorSealDeps {
  db: CheckinDatabase;
  clock: Clock;
  publish: (change: Partial<SyncStatus>) => void;
  /** A storage failure while sealing a plain copy: the status says so. */
  storageTrouble: (failure: Failure) => void;
}

export function createDoorSeal({ db, clock, publish, storageTrouble }: DoorSealDeps) {
  /** The pass sealing what the copy holds plain, once the door is open; dropped if it failed. */
  let sealing: Promise<Result<void>> | null = null;
  /** Whether a start is already waiting for the door to be unlocked. */
  let waiting = false;

  const told = async () => {
    const state = await stored(() => sealState(db));
    if (state.ok) publish({ seal: state.value });
  };
  const settled = async (result: Result<Result<void>>): Promise<Result<void>> => {
    await told();
    return result.ok ? result.value : result;
  };

  /** Whether the door may open and join lists now: unlocked, its copy sealed whole. */
  async function ready(): Promise<Result<void>> {
    if (!db.seal.current()) {
      const state = await stored(() => sealState(db));
      if (!state.ok) return state;
      if (state.value === 'unavailable') return fail('cannot-seal');
      return fail(state.value === 'locked' ? 'locked' : 'passcode-needed');
    }
    sealing ??= stored(async () => {
      await sealPlainCopy(db);
    }).then((sealed) => {
      if (!sealed.ok) {
        sealing = null;
        storageTrouble(sealed);
      }
      return sealed.ok ? ok(undefined) : sealed;
    });
    return sealing;
  }

  return {
    /** Reads where the seal stands and publishes it (at the engine's start). */
    told,
    ready,
    /**
     * Runs `then` once the door is unlocked (whoever unlocks it) and its copy is sealed whole;
     * never, if it stays locked. Asked for once: a second start changes nothing.
     */
    whenReady(then: () => Promise<void>): void {
      if (waiting) return;
      waiting = true;
      void db.seal.box().then(async () => {
        await told();
        if ((await ready()).ok) await then();
      });
    },
    /** Chooses the door's passcode: its copy is sealed under it from now on. */
    choosePasscode: async (passcode: string) =>
      settled(await stored(() => choosePasscode(db, passcode, clock.now()))),
    /** Opens the door's sealed copy with the passcode typed after a start. */
    unlock: async (passcode: string) => settled(await stored(() => unlock(db, passcode))),
  };
}
