// The fault matrix (test/sync/fault-matrix-case.ts), first half: the request answered, its
// answer lost, cut before sending, or a 5xx after the service committed. Split in two files so
// the two halves run side by side.
import { describe } from 'vitest';
import { matrixFor } from './fault-matrix-case';

describe('the fault matrix: every door action against every send outcome, at every point', () => {
  matrixFor(['answered', 'answer lost', 'cut before sending', '5xx']);
});
