// The relay's side of the outbox algorithm (src/outbox/): the mirror's writes as the storage,
// every change a journal entry committed (written and synced) before it is applied, and the
// upstream's Check-in API as the service. Guarantees, on top of the algorithm's: a check-in goes
// with the door's uuid and its scan time as `created_at` (when the relay took the door's write),
// so once the upstream is known to ignore uuids a recovery takes the check-in of the ticket with
// that exact time as ours before any other made since the attempt; an answer is an answer only
// when it parses (a 2xx that is not the check-in(s) asked for is a refusal, never a success);
// 5xx and no answer are an unknown outcome.
import type { Done, OutboxService, OutboxShapes, OutboxStorage, Sent } from '../../outbox/outbox-ports';
import type { OutboxSide } from '../../outbox/send-checkins';
import type { ListMirror } from './list-mirror';
import type { Commit } from './mirror-pull';
import { type Call, type Upstream, allPages, callUpstream } from './mirror-upstream';
import { type Entry, type Rec, type Write, isRec } from './mirror-types';

const RECOVER_MARGIN_MS = 60_000;
/** The failure of a call with no usable answer (its outcome unknown). */
const NO_ANSWER = 'no answer';

/** The upstream's message for a refusal, or its status. */
export const reason = (json: unknown, status: number) =>
  isRec(json) && typeof json.message === 'string' ? json.message.slice(0, 200) : `HTTP ${status}`;

const item = (w: Write) => ({
  ticket_id: w.ticketId,
  uuid: w.uuid,
  created_at: new Date(w.createdAt).toISOString(),
});

const shapes: OutboxShapes<Write, Rec> = {
  rowUuid: (w) => w.uuid,
  rowTicket: (w) => w.ticketId,
  rowFloor: (w) => w.floor,
  answerUuid: (c) => String(c.uuid),
  answerTicket: (c) => c.ticket_id,
  answerActive: (c) => !c.deleted_at,
  answerMadeAt: (c) => Date.parse(String(c.updated_at)),
  sameScanTime: (w, c) => Date.parse(String(c.created_at)) === w.createdAt,
};

function sent<T>(answer: Call, parse: (json: unknown) => T | null): Sent<T, string> {
  if (answer.kind === 'failed') return { kind: 'unknown', failure: NO_ANSWER };
  const value = answer.status < 300 ? parse(answer.json) : null;
  if (value !== null) return { kind: 'answered', value };
  if (answer.status === 429) return { kind: 'rate-limited', failure: reason(answer.json, answer.status) };
  return { kind: 'refused', failure: reason(answer.json, answer.status) };
}

function mirrorService(m: ListMirror, up: Upstream): OutboxService<Write, Rec, string> {
  return {
    async sendBatch(writes) {
      const body = { batch: { checkins: Object.fromEntries(writes.map((w, i) => [String(i), item(w)])) } };
      const answer = await callUpstream(up, m.slug, 'POST', '/checkins', { body });
      return sent(answer, (json) => (Array.isArray(json) ? json.filter(isRec) : null));
    },
    async sendOne(w) {
      const answer = await callUpstream(up, m.slug, 'POST', '/checkins', { body: { checkin: item(w) } });
      return sent(answer, (json) => (isRec(json) ? json : null));
    },
    async checkinsSince(floor): Promise<Done<Rec[], string>> {
      const pulled = await allPages(up, m.slug, 'checkins', floor > 0 ? floor - RECOVER_MARGIN_MS : null);
      return pulled ? { ok: true, value: pulled.records } : { ok: false, failure: NO_ANSWER };
    },
  };
}

function mirrorStorage(m: ListMirror, commit: Commit, now: () => number): OutboxStorage<Write, Rec, string> {
  const writesIn = (state: Write['state']) => [...m.writes.values()].filter((w) => w.state === state);
  const sending = (writes: Write[]): Entry => ({
    k: 'sending',
    at: m.nextAt(now()),
    uuids: writes.map((w) => w.uuid),
    floor: m.cursors.checkins ?? null,
  });
  const requeue = async (writes: Write[]) => {
    await commit([{ k: 'requeue', at: m.nextAt(now()), uuids: writes.map((w) => w.uuid) }]);
  };
  return {
    clientUuids: async () => m.clientUuids,
    noteClientUuids: async (mode) => {
      await commit([{ k: 'uuids', at: m.nextAt(now()), mode }]);
    },
    async claimBatch(max) {
      const batch = writesIn('queued').slice(0, max);
      if (batch.length > 0) await commit([sending(batch)]);
      return batch;
    },
    async claimOne(w) {
      await commit([sending([w])]);
      return w;
    },
    async settle(pairs) {
      const at = m.nextAt(now());
      const entries = pairs.map(
        ({ row, remote }, i): Entry => ({ k: 'sent', at: at + i, uuid: row.uuid, record: remote }),
      );
      if (entries.length > 0) await commit(entries);
      return null;
    },
    requeue,
    requeueRefused: requeue,
    async park(w, why) {
      await commit([{ k: 'parked', at: m.nextAt(now()), uuid: w.uuid, op: 'checkin', reason: why }]);
      return null;
    },
    unanswered: async () => writesIn('sending'),
    // Every check-in the mirror holds is someone's already: its own doors' or pulled before.
    claimedAlready: async () => ({ ok: true, value: new Set([...m.links.keys(), ...m.checkins.keys()]) }),
    async settleRecovered(found, again) {
      let at = m.nextAt(now());
      const entries: Entry[] = found.map(({ row, remote }) => ({
        k: 'sent',
        at: at++,
        uuid: row.uuid,
        record: remote,
      }));
      if (again.length > 0) entries.push({ k: 'requeue', at: at++, uuids: again.map((w) => w.uuid) });
      if (entries.length > 0) await commit(entries);
      return null;
    },
  };
}

/** A list's mirror as one side of the outbox algorithm, for one forwarding round. */
export function mirrorOutbox(
  m: ListMirror,
  up: Upstream,
  commit: Commit,
  now: () => number,
): OutboxSide<Write, Rec, string> {
  return { shapes, storage: mirrorStorage(m, commit, now), service: mirrorService(m, up) };
}
