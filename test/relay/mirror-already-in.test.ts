// The venue mirror in front of a service that refuses a second active check-in of a ticket (a
// 422 saying "already": the upstream runs with MOCK_DUPLICATE_CHECKINS=refuse), over real
// processes. A door's check-in of a ticket already in upstream is answered by the mirror, sent
// upstream once, refused there, and then: kept and served beside the upstream's check-in (a
// double admission to every door on the relay), counted in `/__service`, never sent again, and
// never holding up the rest of the journal; the door can still take it back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayPair, startMirroredPair, until, fetchJson, type Json } from './relay-setup';

let pair: RelayPair;
let slug = '';

beforeAll(async () => {
  ({ pair, slug } = await startMirroredPair({ MOCK_DUPLICATE_CHECKINS: 'refuse' }));
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

const call = fetchJson;

const list = (rest = '') => `/checkin/checkin_lists/${slug}${rest}`;
const postTo = (origin: string, body: unknown) =>
  call(origin, list('/checkins'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const mirrored = async () => (await call(pair.relay.origin, '/__service')).body.mirrored_lists[0] as Json;
const activeOf = (checkins: Json[], ticketId: number) =>
  checkins.filter((c) => c.ticket_id === ticketId && c.deleted_at === null).map((c) => c.uuid as string);

describe('the mirror in front of a service that refuses a ticket already in', () => {
  it('keeps the refused check-in as a double admission, never resends it, and sends the rest', async () => {
    expect((await call(pair.relay.origin, list())).status).toBe(200);
    await until(async () => (await mirrored())?.ready === true);
    const tickets: Json[] = (await call(pair.relay.origin, list('/tickets'))).body;
    const [shared, other] = [tickets[0].id as number, tickets[1].id as number];
    // The ticket comes in elsewhere first (the service's own app, another hall's relay).
    const elsewhere = await postTo(pair.upstream.origin, { checkin: { ticket_id: shared } });
    expect(elsewhere.status).toBe(201);

    // A door on the relay admits the same ticket and another one: the mirror answers at once.
    const door = await postTo(pair.relay.origin, {
      batch: {
        checkins: {
          0: { ticket_id: shared, uuid: 'relay-door-already-0001' },
          1: { ticket_id: other, uuid: 'relay-door-already-0002' },
        },
      },
    });
    expect(door.status).toBe(201);

    // Forwarded: the other one goes in upstream; the duplicate is refused there and parked.
    await until(async () => {
      const m = await mirrored();
      return m.pending_upstream === 0 && m.already_in === 1;
    });
    const upstream: Json[] = (await call(pair.upstream.origin, list('/checkins'))).body;
    expect(activeOf(upstream, other)).toEqual(['relay-door-already-0002']);
    expect(activeOf(upstream, shared)).toEqual([elsewhere.body.uuid]);
    expect(await mirrored()).toMatchObject({ parked: 1, already_in: 1, pending_upstream: 0 });

    // Every door on the relay sees both check-ins of the shared ticket: a double admission.
    await until(async () => {
      const served: Json[] = (await call(pair.relay.origin, list('/checkins'))).body;
      return activeOf(served, shared).length === 2;
    });
    const served: Json[] = (await call(pair.relay.origin, list('/checkins'))).body;
    expect(activeOf(served, shared).sort()).toEqual([elsewhere.body.uuid, 'relay-door-already-0001'].sort());

    // Never sent again, round after round.
    const posted = () =>
      pair.tap.seen.filter((s) => s.method === 'POST' && s.url.endsWith(`/checkin_lists/${slug}/checkins`))
        .length;
    const before = posted();
    await new Promise((r) => setTimeout(r, 2000));
    expect(posted()).toBe(before);

    // The door takes its admission back: the mirror deletes it, nothing goes upstream for it.
    const deletesBefore = pair.tap.seen.filter((s) => s.method === 'DELETE').length;
    const undone = await call(pair.relay.origin, list('/checkins/relay-door-already-0001'), {
      method: 'DELETE',
    });
    expect(undone.status).toBe(200);
    await until(async () => (await mirrored()).pending_upstream === 0);
    await new Promise((r) => setTimeout(r, 1000));
    expect(pair.tap.seen.filter((s) => s.method === 'DELETE').length).toBe(deletesBefore);
    const after: Json[] = (await call(pair.relay.origin, list('/checkins'))).body;
    expect(activeOf(after, shared)).toEqual([elsewhere.body.uuid]);
    expect(activeOf((await call(pair.upstream.origin, list('/checkins'))).body, shared)).toEqual([
      elsewhere.body.uuid,
    ]);
  }, 90_000);
});
