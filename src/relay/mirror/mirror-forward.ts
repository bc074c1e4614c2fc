// Sends the doors' journalled writes upstream, exactly once. Guarantees, the door's own rules
// (src/sync/push-outbox.ts, src/sync/reconcile.ts) applied to the relay's journal:
// - a check-in goes with the door's uuid (and its scan time), oldest first, in batches; it is
//   journalled `sending` (with the upstream-time floor of the attempt) before the request
//   leaves, and `sent` only on the upstream's answer naming it;
// - an attempt whose outcome is unknown (no answer, 5xx, a kill -9 of the relay) is never sent
//   blindly again: the upstream's check-ins since the floor are pulled first, and a check-in
//   holding the uuid settles it; an upstream seen to ignore client uuids is matched by ticket
//   and time instead (never one already claimed); whatever the kind, the ticket with the exact
//   scan time sent as `created_at` is taken as ours; before the kind is known, one alone is sent
//   again and its answer says which;
// - a batch the upstream refuses (4xx) is split: one bad item is parked with its reason, the
//   others still go (sent alone with their uuids, so an item the upstream took from the refused
//   batch is answered as held, not made twice); 429 leaves everything queued;
// - a check-in refused because its ticket is already in upstream (a service that refuses a
//   second active check-in) is parked the same way, never sent again: the mirror keeps it, so
//   beside the upstream's check-in every door shows the ticket as a double admission, and
//   `/__service` counts it in `already_in`; its delete is then the mirror's alone;
// - a DELETE goes only once its check-in is known upstream, by the upstream's uuid.
import type { ListMirror } from './list-mirror';
import type { Commit } from './mirror-pull';
import { type Upstream, allPages, callUpstream } from './mirror-upstream';
import { type Entry, type Rec, type Write, isRec } from './mirror-types';

const BATCH = 200;
const RECOVER_MARGIN_MS = 60_000;
const SERVER_SKEW_MS = 1000;

type Outcome = 'ok' | 'failed';

const item = (w: Write) => ({
  ticket_id: w.ticketId,
  uuid: w.uuid,
  created_at: new Date(w.createdAt).toISOString(),
});
const reason = (json: unknown, status: number) =>
  isRec(json) && typeof json.message === 'string' ? json.message.slice(0, 200) : `HTTP ${status}`;

async function learn(m: ListMirror, commit: Commit, sent: Write[], answers: Rec[], at: number) {
  if (answers.length === 0) return;
  const uuids = new Set(sent.map((w) => w.uuid));
  const mode = answers.some((a) => uuids.has(String(a.uuid))) ? 'kept' : 'ignored';
  if (mode !== m.clientUuids) await commit([{ k: 'uuids', at, mode }]);
}

async function recover(m: ListMirror, up: Upstream, commit: Commit, now: () => number): Promise<Outcome> {
  const sending = [...m.writes.values()].filter((w) => w.state === 'sending');
  if (sending.length === 0) return 'ok';
  const floor = Math.min(...sending.map((w) => w.floor ?? 0));
  const pulled = await allPages(up, m.slug, 'checkins', floor > 0 ? floor - RECOVER_MARGIN_MS : null);
  if (!pulled) return 'failed';
  const byUuid = new Map(pulled.map((c) => [String(c.uuid), c]));
  const claimed = new Set<string>([...m.links.keys(), ...m.checkins.keys()]);
  const entries: Entry[] = [];
  const unmatched: Write[] = [];
  let at = m.nextAt(now());
  const unclaimed = (c: Rec, w: Write) =>
    c.ticket_id === w.ticketId && !c.deleted_at && !claimed.has(String(c.uuid));
  for (const w of sending) {
    // Ours for sure: the uuid sent, or (whatever the upstream does with uuids) the ticket with the
    // exact scan time to the millisecond the relay sent as `created_at`.
    const match =
      byUuid.get(w.uuid) ??
      pulled.find((c) => unclaimed(c, w) && Date.parse(String(c.created_at)) === w.createdAt) ??
      (m.clientUuids === 'ignored'
        ? pulled.find(
            (c) => unclaimed(c, w) && Date.parse(String(c.updated_at)) >= (w.floor ?? 0) - SERVER_SKEW_MS,
          )
        : undefined);
    if (match) {
      claimed.add(String(match.uuid));
      if (match.uuid !== w.uuid && m.clientUuids === undefined)
        entries.push({ k: 'uuids', at: at++, mode: 'ignored' });
      entries.push({ k: 'sent', at: at++, uuid: w.uuid, record: match });
    } else unmatched.push(w);
  }
  // Unknown whether the upstream keeps uuids: only one goes again (the next send is the probe).
  const again = m.clientUuids === undefined ? unmatched.slice(0, 1) : unmatched;
  if (again.length > 0) entries.push({ k: 'requeue', at: at++, uuids: again.map((w) => w.uuid) });
  if (entries.length > 0) await commit(entries);
  return 'ok';
}

async function sendSingly(m: ListMirror, up: Upstream, commit: Commit, batch: Write[], now: () => number) {
  for (const w of batch) {
    await commit([{ k: 'sending', at: m.nextAt(now()), uuids: [w.uuid], floor: m.cursors.checkins ?? null }]);
    const answer = await callUpstream(up, m.slug, 'POST', '/checkins', { body: { checkin: item(w) } });
    if (answer.kind === 'failed') return 'failed';
    if (answer.status < 300 && isRec(answer.json)) {
      await learn(m, commit, [w], [answer.json], m.nextAt(now()));
      await commit([{ k: 'sent', at: m.nextAt(now()), uuid: w.uuid, record: answer.json }]);
    } else if (answer.status === 429) {
      await commit([{ k: 'requeue', at: m.nextAt(now()), uuids: [w.uuid] }]);
      return 'failed';
    } else
      await commit([
        {
          k: 'parked',
          at: m.nextAt(now()),
          uuid: w.uuid,
          op: 'checkin',
          reason: reason(answer.json, answer.status),
        },
      ]);
  }
  return 'ok';
}

async function sendCheckins(
  m: ListMirror,
  up: Upstream,
  commit: Commit,
  now: () => number,
): Promise<Outcome> {
  for (;;) {
    const batch = [...m.writes.values()].filter((w) => w.state === 'queued').slice(0, BATCH);
    if (batch.length === 0) return 'ok';
    // Before either is known, a lone probe: a second copy is then at most one check-in.
    const sent = m.clientUuids === undefined ? batch.slice(0, 1) : batch;
    await commit([
      {
        k: 'sending',
        at: m.nextAt(now()),
        uuids: sent.map((w) => w.uuid),
        floor: m.cursors.checkins ?? null,
      },
    ]);
    const body = { batch: { checkins: Object.fromEntries(sent.map((w, i) => [String(i), item(w)])) } };
    const answer = await callUpstream(up, m.slug, 'POST', '/checkins', { body });
    if (answer.kind === 'failed') return 'failed';
    if (answer.status < 300 && Array.isArray(answer.json)) {
      const answers = answer.json.filter(isRec);
      await learn(m, commit, sent, answers, m.nextAt(now()));
      const pool = [...answers];
      const entries: Entry[] = [];
      for (const [i, w] of sent.entries()) {
        let at = pool.findIndex((c) => c?.uuid === w.uuid);
        if (at < 0)
          at = pool[i]?.ticket_id === w.ticketId ? i : pool.findIndex((c) => c?.ticket_id === w.ticketId);
        const record = at >= 0 ? pool[at] : undefined;
        if (!record) continue; // stays `sending`: recovered next round
        pool[at] = undefined as unknown as Rec;
        entries.push({ k: 'sent', at: m.nextAt(now()) + entries.length, uuid: w.uuid, record });
      }
      if (entries.length > 0) await commit(entries);
      if (entries.length < sent.length) return 'failed';
      continue;
    }
    await commit([{ k: 'requeue', at: m.nextAt(now()), uuids: sent.map((w) => w.uuid) }]);
    if (answer.status === 429) return 'failed';
    if ((await sendSingly(m, up, commit, sent, now)) === 'failed') return 'failed';
  }
}

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
  if ((await recover(m, up, commit, now)) === 'failed') return 'failed';
  if ((await sendCheckins(m, up, commit, now)) === 'failed') return 'failed';
  return sendDeletes(m, up, commit, now);
}
