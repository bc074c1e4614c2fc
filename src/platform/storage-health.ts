// How much of the browser's quota this origin uses, and whether its data is kept through
// storage pressure. Either answer is null where the browser has no way to tell.
export interface StorageHealth {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
}

export async function readStorageHealth(
  storage: StorageManager | undefined = navigator.storage,
): Promise<StorageHealth> {
  const [estimate, persisted] = await Promise.all([
    storage?.estimate ? storage.estimate().catch(() => null) : null,
    storage?.persisted ? storage.persisted().catch(() => null) : null,
  ]);
  return {
    usage: estimate?.usage ?? null,
    quota: estimate?.quota ?? null,
    persisted,
  };
}
