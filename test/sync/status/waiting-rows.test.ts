import { describe, expect, it } from 'vitest';
import { WaitingRows } from '../../../src/sync/status/stored-status';

describe('WaitingRows', () => {
  it('counts each row once and says when the oldest was scanned, as rows are read and added', () => {
    const waiting = new WaitingRows('chk_list', [
      { id: 'b', scannedAt: 2_000 },
      { id: 'a', scannedAt: 1_500 },
    ]);
    expect(waiting.words()).toEqual({ pending: 2, oldestPendingAt: 1_500 });
    waiting.add([{ id: 'c', scannedAt: 3_000 }]);
    waiting.add([{ id: 'a', scannedAt: 1_500 }]);
    expect(waiting.words()).toEqual({ pending: 3, oldestPendingAt: 1_500 });
    waiting.add([{ id: 'd', scannedAt: 1_000 }]);
    expect(waiting.words()).toEqual({ pending: 4, oldestPendingAt: 1_000 });
  });

  it('says nothing is waiting when nothing is', () => {
    expect(new WaitingRows('chk_list', []).words()).toEqual({ pending: 0, oldestPendingAt: null });
  });
});
