// Every request is a transaction that commits only on 2xx (../service.ts). One refusal commits
// all the same: a batch of check-ins whose only refused items are tickets already checked in
// (MOCK_DUPLICATE_CHECKINS=refuse), where the other items went in. The handler marks that answer
// with this header; the service commits it and takes the header off before it leaves.
export const KEEP_WRITES_HEADER = 'x-mock-keep-writes';

export function keepWrites(response: Response): Response {
  response.headers.set(KEEP_WRITES_HEADER, '1');
  return response;
}

/** Whether the answer's writes are kept; the mark never leaves the service. */
export function takeKeepWrites(response: Response): boolean {
  const kept = response.headers.has(KEEP_WRITES_HEADER);
  if (kept) response.headers.delete(KEEP_WRITES_HEADER);
  return kept;
}
