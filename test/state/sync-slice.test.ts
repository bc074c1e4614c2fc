import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { createSyncSlice, type SyncSlice, syncReporter } from '../../src/state/sync-slice';
import { createStatusBoard } from '../../src/sync/status/status-board';
import { initialSyncStatus, type SyncStatus } from '../../src/sync/status/sync-status';

const status = (revision: number, pending: number): SyncStatus => ({
  ...initialSyncStatus,
  revision,
  pending,
});

describe("the page's copy of the engine's status", () => {
  it('keeps the newest status whichever way it came: one overtaken on its way is dropped', () => {
    const store = createStore<SyncSlice>()((set) => createSyncSlice(set));
    const report = syncReporter(store);
    // A decision's answer brought revision 3 (one check-in waiting) before the report of
    // revision 2 (none waiting) arrived by the other way.
    report(status(3, 1));
    report(status(2, 0));
    expect(store.getState().sync).toMatchObject({ revision: 3, pending: 1 });
    report(status(3, 1));
    report(status(4, 0));
    expect(store.getState().sync).toMatchObject({ revision: 4, pending: 0 });
  });

  it('is told each status with a revision one higher than the last, a reset too', () => {
    const seen: SyncStatus[] = [];
    const board = createStatusBoard((s) => seen.push(s), true);
    board.publish({ pending: 1 });
    board.publish({ pending: 2 });
    board.reset();
    board.publish({ pending: 1 });
    expect(seen.map((s) => [s.revision, s.pending])).toEqual([
      [1, 1],
      [2, 2],
      [3, 0],
      [4, 1],
    ]);
  });
});
