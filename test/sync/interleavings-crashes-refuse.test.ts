// The fault matrix (test/sync/fault-matrix-case.ts) against a service that refuses a second
// active check-in of a ticket (MOCK_DUPLICATE_CHECKINS=refuse), second half: 429, the server
// killed mid-batch, the page closed mid-send.
import { describe } from 'vitest';
import { matrixFor } from './fault-matrix-case';

describe('the fault matrix, duplicates refused: crashes and refusals of the batch', () => {
  matrixFor(['429', 'server killed mid-batch', 'page closed mid-send'], 'refuse');
});
