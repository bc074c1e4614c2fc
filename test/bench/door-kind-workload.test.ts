import { describe, expect, it } from 'vitest';
import { doorKindPageBundle, PAGE_ECHO, WORKER_SOURCE } from './browser/door-kind-workload';

/** The worker's part in a scope of its own: `self` a worker whose page echoes as PAGE_ECHO does. */
function workerScope() {
  const scope: Record<string, unknown> = {};
  const pageWorker = {
    onmessage: null as null | ((e: { data: unknown }) => void),
    postMessage: (data: unknown) =>
      setTimeout(() => (scope.onmessage as (e: { data: unknown }) => void)({ data })),
  };
  new Function('globalThis', PAGE_ECHO)(scope);
  (scope.echoWorker as (w: typeof pageWorker) => void)(pageWorker);
  const self = {
    postMessage: (data: unknown) => setTimeout(() => pageWorker.onmessage?.({ data })),
  };
  new Function('self', 'postMessage', 'indexedDB', WORKER_SOURCE)(
    self,
    self.postMessage,
    globalThis.indexedDB,
  );
  scope.onmessage = (self as { onmessage?: (e: { data: unknown }) => void }).onmessage;
  return self as unknown as { doorKindWorker(ms: number): Promise<{ rounds: number; check: number }> };
}

describe("the door's kinds of work, as a host score", () => {
  it('worker: each round reads its three tickets by key and has one message come back', async () => {
    const { rounds, check } = await workerScope().doorKindWorker(40);
    expect(rounds).toBeGreaterThan(0);
    // The page echoes the first ticket's number + 1: round r reads ticket (37 r) % 2000.
    let expected = 0;
    for (let r = 0; r < rounds; r++) expected += ((r * 37) % 2000) + 1;
    expect(check).toBe(expected);
  });

  it("page: React and react-dom's production builds, bundled whole, define the round", async () => {
    const bundle = await doorKindPageBundle();
    expect(bundle.includes('globalThis.doorKindPage=')).toBe(true);
    // The production build (no development warnings): what the app ships.
    expect(bundle.includes('Warning:')).toBe(false);
    expect(bundle.length).toBeGreaterThan(150_000);
  });
});
