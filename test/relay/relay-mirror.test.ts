// The venue mirror over real processes: two doors (HTTP clients doing what the door does: POST
// check-ins with their uuids, GET check-ins `since`) keep admitting through the relay while the
// upstream is killed (kill -9); each sees the other's check-ins at once, a ticket admitted at
// both is two active check-ins to both, and once the upstream is back each check-in is there
// exactly once. Then kill -9 of the relay before and during forwarding: nothing lost or doubled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayPair, startMirroredPair, until, fetchJson, type Json } from './relay-setup';

/**
 * How long the upstream stays killed: 20 s in `npm test`, long enough for eight rounds of
 * admissions at alternating doors; `RELAY_OUTAGE_MS=60000` runs the venue's minute.
 */
const OUTAGE_MS = Number(process.env.RELAY_OUTAGE_MS ?? 20_000);

let pair: RelayPair;
let slug = '';

beforeAll(async () => {
  ({ pair, slug } = await startMirroredPair());
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

const call = fetchJson;

const relay = (path: string, init?: RequestInit) => call(pair.relay.origin, path, init);
const list = (rest = '') => `/checkin/checkin_lists/${slug}${rest}`;
const post = (body: unknown) =>
  relay(list('/checkins'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const admit = (tickets: number[], uuids: string[]) =>
  post({
    batch: {
      checkins: Object.fromEntries(tickets.map((t, i) => [String(i), { ticket_id: t, uuid: uuids[i] }])),
    },
  });

const mirrored = async () => (await relay('/__service')).body.mirrored_lists as Json[];
const upstreamCheckins = async (): Promise<Json[]> =>
  (await call(pair.upstream.origin, `/checkin/checkin_lists/${slug}/checkins?page=1`)).body;

let tickets: number[] = [];

describe('the venue mirror', () => {
  it('mirrors a list a door joined, and serves it from the mirror', async () => {
    expect((await relay(list())).status).toBe(200);
    await until(async () => (await mirrored())[0]?.ready === true);
    const served = await relay(list('/tickets'));
    expect(served.status).toBe(200);
    tickets = (served.body as Json[]).map((t) => t.id);
    expect(tickets.length).toBeGreaterThan(8);
    expect(JSON.stringify(await mirrored())).not.toContain(slug);
    // Doors on this relay read it and sync every 3 s (src/ui/app/door-runtime.ts).
    expect((await relay('/__service')).body.mirror).toBe(true);
    const record = await relay(list());
    expect(record.body.slug).toBe(slug);
    expect(record.body.total_ticket_pages).toBe(1);
  }, 60_000);

  it(
    'keeps two doors in step while the upstream is killed, and sends everything once when it returns',
    async () => {
      const since = (Date.now() - 1000) / 1000;
      await pair.killUpstream();
      const outageEnds = Date.now() + OUTAGE_MS;
      const [t1, t2, t3] = tickets as [number, number, number];
      const a = await admit([t1, t3], ['door-a-0001', 'door-a-0003']);
      expect(a.status).toBe(201);
      expect(a.body[0]).toMatchObject({ uuid: 'door-a-0001', ticket_id: t1, ticket: expect.any(Object) });
      const b = await admit([t2, t3], ['door-b-0002', 'door-b-0003']);
      expect(b.status).toBe(201);
      // Each door's next `since` pull shows the other's check-ins.
      const seen = await relay(list(`/checkins?since=${since.toFixed(3)}`));
      const uuids = (seen.body as Json[]).map((c) => c.uuid);
      expect(uuids).toEqual(
        expect.arrayContaining(['door-a-0001', 'door-a-0003', 'door-b-0002', 'door-b-0003']),
      );
      // Admitted at both doors: two active check-ins, a double admission on both.
      const onT3 = (seen.body as Json[]).filter((c) => c.ticket_id === t3 && c.deleted_at === null);
      expect(onT3).toHaveLength(2);
      // An undo at door A during the outage.
      const undo = await relay(list('/checkins/door-a-0001'), { method: 'DELETE' });
      expect(undo.status).toBe(200);
      expect(undo.body.deleted_at).not.toBeNull();
      // A retry of a batch whose answer was lost is the same check-ins, not new ones.
      expect((await admit([t2, t3], ['door-b-0002', 'door-b-0003'])).status).toBe(200);
      // The doors keep admitting for the rest of the outage; each sees the other's within 5 s.
      const made = ['door-a-0001', 'door-a-0003', 'door-b-0002', 'door-b-0003'];
      for (let round = 0; Date.now() < outageEnds; round++) {
        const door = round % 2 === 0 ? 'a' : 'b';
        const uuid = `door-${door}-round-${round}`;
        const at = Date.now();
        expect((await admit([tickets[10 + (round % 20)] as number], [uuid])).status).toBe(201);
        made.push(uuid);
        await until(async () => {
          const other = (await relay(list(`/checkins?since=${((at - 2000) / 1000).toFixed(3)}`)))
            .body as Json[];
          return other.some((c) => c.uuid === uuid);
        }, 5000);
        await new Promise((r) => setTimeout(r, 2000));
      }
      expect((await mirrored())[0].pending_upstream).toBe(made.length);
      expect((await mirrored())[0].age_seconds).toBeGreaterThanOrEqual(Math.floor(OUTAGE_MS / 1000) - 1);

      await pair.startUpstream();
      await until(async () => (await mirrored())[0]?.pending_upstream === 0, 30_000);
      const up = await upstreamCheckins();
      for (const uuid of made) expect(up.filter((c: Json) => c.uuid === uuid)).toHaveLength(1);
      expect(up.find((c: Json) => c.uuid === 'door-a-0001').deleted_at).not.toBeNull();
    },
    60_000 + OUTAGE_MS,
  );

  it('shows a check-in made elsewhere during an outage to the doors as a double admission', async () => {
    // The venue's internet down (the tap cuts), the service up: its own app admits a ticket
    // a door on the relay admits too.
    pair.tap.mode = 'cut';
    const t6 = tickets[5] as number;
    expect((await admit([t6], ['door-a-0006'])).status).toBe(201);
    const direct = await call(pair.upstream.origin, `/checkin/checkin_lists/${slug}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: t6, uuid: 'elsewhere-0006' } }),
    });
    expect(direct.status).toBe(201);
    pair.tap.mode = 'pass';
    // The relay's rounds back off while the upstream fails (up to 10 s apart), and on a loaded
    // machine an answer slower than UPSTREAM_TIMEOUT_MS is a failure too: a few rounds' time.
    const both = await until(async () => {
      const all = (await relay(list('/checkins'))).body as Json[];
      const active = all.filter((c) => c.ticket_id === t6 && c.deleted_at === null);
      return active.length === 2 && active;
    }, 45_000);
    expect(both.map((c: Json) => c.uuid).sort()).toEqual(['door-a-0006', 'elsewhere-0006']);
    await until(async () => (await mirrored())[0]?.pending_upstream === 0, 45_000);
    const up = (await upstreamCheckins()).filter((c: Json) => c.ticket_id === t6);
    expect(up.map((c: Json) => c.uuid).sort()).toEqual(['door-a-0006', 'elsewhere-0006']);
  }, 120_000);

  it('loses nothing it answered when killed before forwarding, and replays its journal', async () => {
    pair.tap.mode = 'cut';
    const t4 = tickets[3] as number;
    expect((await admit([t4], ['killed-0004'])).status).toBe(201);
    await pair.restartRelay();
    // Replayed: the check-in is served while the upstream is still cut off.
    const served = await relay(list('/checkins'));
    expect((served.body as Json[]).some((c) => c.uuid === 'killed-0004')).toBe(true);
    pair.tap.mode = 'pass';
    await until(async () => (await upstreamCheckins()).some((c: Json) => c.uuid === 'killed-0004'), 30_000);
    expect((await upstreamCheckins()).filter((c: Json) => c.uuid === 'killed-0004')).toHaveLength(1);
  }, 90_000);

  it('neither loses nor resends a batch when killed mid-forward (the answer lost)', async () => {
    await until(async () => (await mirrored())[0]?.pending_upstream === 0, 30_000);
    pair.tap.mode = 'drop';
    const before = pair.tap.seen.length;
    const t5 = tickets[4] as number;
    expect((await admit([t5], ['midway-0005'])).status).toBe(201);
    await until(async () => pair.tap.seen.slice(before).some((s) => s.method === 'POST'));
    await until(async () => (await upstreamCheckins()).some((c: Json) => c.uuid === 'midway-0005'));
    await pair.restartRelay();
    const restarted = pair.tap.seen.length;
    pair.tap.mode = 'pass';
    await until(async () => (await mirrored())[0]?.pending_upstream === 0, 30_000);
    expect((await upstreamCheckins()).filter((c: Json) => c.uuid === 'midway-0005')).toHaveLength(1);
    // Recovered by a `since` pull, not sent again.
    expect(pair.tap.seen.slice(restarted).filter((s) => s.method === 'POST')).toHaveLength(0);
  }, 90_000);

  it('refuses bad input to the mirror with a clear 4xx', async () => {
    const bad = await relay(list('/checkins'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"checkin":',
    });
    expect(bad.status).toBe(400);
    expect((await post({ checkin: {} })).status).toBe(422);
    expect((await post({ nothing: 1 })).status).toBe(422);
    expect((await post({ checkin: { ticket_id: tickets[0], uuid: 'x' } })).status).toBe(422);
    const many = Object.fromEntries(
      Array.from({ length: 1001 }, (_, i) => [String(i), { ticket_id: tickets[0] }]),
    );
    expect((await post({ batch: { checkins: many } })).status).toBe(422);
    const mixed = await post({
      batch: { checkins: { 0: { ticket_id: tickets[0] }, 1: { ticket_slug: 1, ticket_id: 2 } } },
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors['1']).toBeDefined();
    expect((await relay(list('/checkins?since=soon'))).status).toBe(400);
    expect((await relay(list('/tickets?page=0'))).status).toBe(400);
    expect((await post({ checkin: { ticket_id: tickets[0], __proto__: { a: 1 } } })).status).toBeLessThan(
      500,
    );
  });
});
