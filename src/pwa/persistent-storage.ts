// Asks the browser not to evict this origin's IndexedDB under storage pressure: a door
// device holding unsent check-ins must not lose them. Asked once, when a list is joined.
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  return navigator.storage.persist();
}
