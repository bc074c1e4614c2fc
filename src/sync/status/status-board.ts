// The door's status as the screens see it, and how storage failures reach it. Guarantees: every
// change goes out whole through `report`, in order, each with a revision one higher than the
// last (so a reader can tell an older status from a newer one); a storage failure (full, unavailable)
// becomes a status value, never a throw into the screens; any other error is a fault and is
// thrown on.
import type { Failure, Result } from '../../domain/result';
import { storageFailure } from '../../db/storage';
import { initialSyncStatus, type SyncStatus } from './sync-status';

export interface StatusBoard {
  status(): SyncStatus;
  publish(patch: Partial<SyncStatus>): void;
  /** Publishes a storage failure (others are not the status's to show). */
  storageTrouble(failure: Failure): void;
  /** A failure to read or load is a storage failure, published as one; a fault is thrown. */
  storageTroubleOrThrow(error: unknown): void;
  /** Runs storage work: a storage failure is published and answered as a value. */
  guarded<T>(work: () => Promise<Result<T>>): Promise<Result<T>>;
  /** Back to a blank status (the device's data is gone); online stays as the platform says. */
  reset(): void;
}

export function createStatusBoard(
  report: ((status: SyncStatus) => void) | undefined,
  online: boolean,
): StatusBoard {
  let status: SyncStatus = { ...initialSyncStatus, online };
  const publish = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch, revision: status.revision + 1 };
    report?.(status);
  };
  const storageTrouble = (failure: Failure) => {
    if (failure.reason === 'storage-full' || failure.reason === 'storage-unavailable')
      publish({ storage: failure });
  };
  return {
    status: () => status,
    publish,
    storageTrouble,
    storageTroubleOrThrow(error) {
      const failure = storageFailure(error);
      if (!failure) throw error;
      storageTrouble(failure);
    },
    async guarded(work) {
      try {
        return await work();
      } catch (error) {
        const failure = storageFailure(error);
        if (!failure) throw error;
        storageTrouble(failure);
        return failure;
      }
    },
    reset() {
      status = { ...initialSyncStatus, online: status.online, revision: status.revision + 1 };
      report?.(status);
    },
  };
}
