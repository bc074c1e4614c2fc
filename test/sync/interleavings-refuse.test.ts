// The fault matrix (test/sync/fault-matrix-case.ts) against a service that refuses a second
// active check-in of a ticket (MOCK_DUPLICATE_CHECKINS=refuse), first half: the request
// answered, its answer lost, cut before sending, or a 5xx after the service committed.
import { describe } from 'vitest';
import { matrixFor } from './fault-matrix-case';

describe('the fault matrix, duplicates refused: every door action against every send outcome', () => {
  matrixFor(['answered', 'answer lost', 'cut before sending', '5xx'], 'refuse');
});
