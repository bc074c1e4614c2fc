// Sends the doors' journalled writes upstream, exactly once. The check-ins follow the outbox
// algorithm the doors run too (src/outbox/), over the mirror's journal (./mirror-outbox):
// - a check-in goes with the door's uuid (and its scan time), oldest first, in batches; it is
//   journalled `sending` (with the upstream-time floor of the attempt) before the request
//   leaves, and `sent` only on the upstream's answer naming it;
// - an attempt whose outcome is unknown (no answer, 5xx, a kill -9 of the relay) is never sent
//   blindly again: the upstream's check-ins since the floor are pulled first, and a check-in
//   holding the uuid settles it; an upstream seen to ignore client uuids is matched by ticket
//   and the exact scan time sent as `created_at`, else by ticket and time (never one already
//   claimed); while the kind is unknown every send is one check-in alone, and its answer says
//   which. Until then a scan time settles nothing: the relay stamps a door's write with its own
//   clock, and another client's check-in of the ticket can carry the same millisecond (on an
//   upstream that ignores uuids such a claim is the best there is, and can still be wrong);
// - a batch the upstream refuses (4xx) is split: one bad item is parked with its reason, the
//   others still go (sent alone with their uuids, so an item the upstream took from the refused
//   batch is answered as held, not made twice, by an upstream that keeps uuids); 429 leaves
//   everything queued;
// - a check-in refused because its ticket is already in upstream (a service that refuses a
//   second active check-in) is parked the same way, never sent again: the mirror keeps it, so
//   beside the upstream's check-in every door shows the ticket as a double admission, and
//   `/__service` counts it in `already_in`; its delete is then the mirror's alone;
// - a DELETE goes only once its check-in is known upstream, by the upstream's uuid.
import { recoverUnanswered } from '../../outbox/recover-unanswered';
import { sendCheckins } from '../../outbox/send-checkins';
import type { ListMirror } from './list-mirror';
import { mirrorOutbox, reason } from './mirror-outbox';
import type { Commit } from './mirror-pull';
import { type Upstream, callUpstream } from './mirror-upstream';
import { isRec } from './mirror-types';

const BATCH = 200;

type Outcome = 'ok' | 'failed';

async function sendDeletes(m: ListMirror, up: Upstream, commit: Commit, now: () => number): Promise<Outcome> {
  for (const w of [...m.writes.values()]) {
    if (w.deleteState !== 'queued') continue;
    if (w.state === 'parked') {
      // Its check-in never reached the upstream: there is nothing there to delete.
      await commit([{ k: 'deleted-up', at: m.nextAt(now()), uuid: w.uuid, record: null }]);
      continue;
    }
    if (w.state !== 'sent' && w.state !== 'upstream') continue; // waits for its check-in
    const answer = await callUpstream(
      up,
      m.slug,
      'DELETE',
      `/checkins/${encodeURIComponent(w.upstreamUuid ?? w.uuid)}`,
    );
    if (answer.kind === 'failed' || answer.status === 429) return 'failed';
    if (answer.status < 300 || answer.status === 404)
      await commit([
        {
          k: 'deleted-up',
          at: m.nextAt(now()),
          uuid: w.uuid,
          record: answer.status < 300 && isRec(answer.json) ? answer.json : null,
        },
      ]);
    else
      await commit([
        {
          k: 'parked',
          at: m.nextAt(now()),
          uuid: w.uuid,
          op: 'delete',
          reason: reason(answer.json, answer.status),
        },
      ]);
  }
  return 'ok';
}

/** One forwarding round for a list: recover, send check-ins, then deletes. */
export async function forwardRound(
  m: ListMirror,
  up: Upstream,
  commit: Commit,
  now: () => number,
): Promise<Outcome> {
  const outbox = mirrorOutbox(m, up, commit, now);
  if (!(await recoverUnanswered(outbox, 'first-send')).ok) return 'failed';
  // A batch the answer did not wholly cover (`incomplete`) waits for the next round's recovery.
  const checkins = await sendCheckins(outbox, { batchSize: BATCH, probe: 'first-send' });
  if (checkins.end.end !== 'done') return 'failed';
  return sendDeletes(m, up, commit, now);
}
