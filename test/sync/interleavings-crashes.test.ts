// The fault matrix (test/sync/fault-matrix-case.ts), second half: 429, the server killed
// mid-batch, and the page closed mid-send with its request landing late.
import { describe } from 'vitest';
import { matrixFor } from './fault-matrix-case';

describe('the fault matrix: every door action against every send outcome, at every point', () => {
  matrixFor(['429', 'server killed mid-batch', 'page closed mid-send']);
});
