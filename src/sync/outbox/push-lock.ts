// One push per list at a time, across this engine and other tabs of the app: two pushes over
// one outbox would both send the same queued rows. Web Locks when the browser has them; a
// promise chain per engine besides, which covers this page.
export function createPushLock() {
  const chains = new Map<string, Promise<unknown>>();
  return function withPushLock<T>(listSlug: string, work: () => Promise<T>): Promise<T> {
    const name = `venue-checkin-push:${listSlug}`;
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    const run = () => (locks ? (locks.request(name, work) as Promise<T>) : work());
    const next = (chains.get(name) ?? Promise.resolve()).then(run, run);
    chains.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  };
}
