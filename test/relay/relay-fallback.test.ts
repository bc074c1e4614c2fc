// A door's fallback to the service when its relay is down, over real processes: the relay (with
// its venue mirror) in front of a second copy of the server as the service, and the door's own
// Check-in API client routed by src/sync/relay/relay-fallback.ts over real HTTP. A check-in the relay
// answered and journalled but could not forward yet, sent again directly by the door after the
// relay died (its answer lost, say), is one check-in upstream once the relay is back; so is one
// sent only directly. The door is back on the relay as soon as it answers again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport } from '../../src/api/http';
import { createRelayFallback, type Route } from '../../src/sync/relay/relay-fallback';
import { killHard } from '../server/server-process';
import { type RelayPair, startMirroredPair, until } from './relay-setup';

let pair: RelayPair;
let slug = '';

beforeAll(async () => {
  ({ pair, slug } = await startMirroredPair());
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
type Json = any;

const json = async (url: string): Promise<Json> => (await fetch(url)).json();
const mirrored = async () => (await json(`${pair.relay.origin}/__service`)).mirrored_lists as Json[];
const upstreamCheckins = async (): Promise<Json[]> =>
  json(`${pair.upstream.origin}/checkin/checkin_lists/${slug}/checkins?page=1`);
const activeOf = async (ticketId: number) =>
  (await upstreamCheckins()).filter((c) => c.ticket_id === ticketId && c.deleted_at === null);

describe('a door whose relay is down', () => {
  it('reaches the service directly, and nothing is doubled once the relay is back', async () => {
    const routes: Route[] = [];
    const fallback = createRelayFallback({
      clientFor: (baseUrl) =>
        createCheckinClient(createTransport({ baseUrl, fetch: (request) => fetch(request) })),
      clock: { now: () => Date.now() },
      onChange: (_, route) => routes.push(route),
      relayRetryMs: 200,
    });
    // What the door keeps for a list joined through the relay: the relay's address, and the
    // service's own as the relay's /__service gave it.
    const info = await json(`${pair.relay.origin}/__service`);
    const list = {
      baseUrl: `${pair.relay.origin}/checkin`,
      directBaseUrl: info.upstream_checkin_url as string,
    };
    expect(list.directBaseUrl).toBe(`${pair.tap.origin}/checkin`);
    // The door reaches the service itself, not through the tap the relay uses.
    list.directBaseUrl = `${pair.upstream.origin}/checkin`;
    const door = fallback.clientFor(list);

    const joined = await door.getList(slug);
    expect(joined.ok).toBe(true);
    expect(fallback.routeOf(list)).toBe('relay');
    await until(async () => (await mirrored())[0]?.ready === true);
    const tickets = await door.listPage('tickets', slug, 1);
    if (!tickets.ok) throw new Error(tickets.reason);
    const [t1, t2] = tickets.value.map((t) => t.id) as [number, number];

    // The relay journals the door's check-in and answers, but cannot forward it (its link to the
    // service is cut); then it is killed.
    pair.tap.mode = 'cut';
    const first = await door.createCheckins(slug, [{ ticketId: t1, uuid: 'fallback-door-0001' }]);
    expect(first.ok).toBe(true);
    expect(fallback.routeOf(list)).toBe('relay');
    await killHard(pair.relay);
    expect(await activeOf(t1)).toEqual([]);

    // The door sends the same check-in again (its answer was lost), and a new one: both go to
    // the service directly, with their uuids.
    const again = await door.createCheckins(slug, [
      { ticketId: t1, uuid: 'fallback-door-0001' },
      { ticketId: t2, uuid: 'fallback-door-0002' },
    ]);
    expect(again.ok).toBe(true);
    expect(fallback.routeOf(list)).toBe('direct');
    expect((await activeOf(t1)).map((c) => c.uuid)).toEqual(['fallback-door-0001']);
    expect((await activeOf(t2)).map((c) => c.uuid)).toEqual(['fallback-door-0002']);
    // Reads go directly too while the relay is down.
    const pulled = await door.listPage('checkins', slug, 1, Date.now() - 60_000);
    expect(pulled.ok && pulled.value.map((c) => c.uuid)).toEqual(
      expect.arrayContaining(['fallback-door-0001', 'fallback-door-0002']),
    );

    // The relay comes back with its journal; its link to the service works again.
    pair.tap.mode = 'pass';
    await pair.restartRelay();
    await until(async () => {
      const [mirror] = await mirrored();
      return mirror?.ready === true && mirror.pending_upstream === 0;
    }, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    const back = await door.getList(slug);
    expect(back.ok).toBe(true);
    expect(fallback.routeOf(list)).toBe('relay');
    expect(routes).toEqual(['direct', 'relay']);

    // Once each upstream, and the relay serves each once.
    expect((await activeOf(t1)).map((c) => c.uuid)).toEqual(['fallback-door-0001']);
    expect((await activeOf(t2)).map((c) => c.uuid)).toEqual(['fallback-door-0002']);
    // The one sent only directly reaches the relay's copy by its next pull.
    const ours = await until(async () => {
      const served = await door.listPage('checkins', slug, 1);
      const found = served.ok ? served.value.filter((c) => c.uuid.startsWith('fallback-door-')) : [];
      return found.length >= 2 && found;
    });
    expect(ours.map((c) => c.uuid).sort()).toEqual(['fallback-door-0001', 'fallback-door-0002']);
    expect((await mirrored())[0]).toMatchObject({ pending_upstream: 0, parked: 0 });
  }, 120_000);

  it('works from its own copy when the service cannot be reached either', async () => {
    const fallback = createRelayFallback({
      clientFor: (baseUrl) =>
        createCheckinClient(createTransport({ baseUrl, fetch: (request) => fetch(request) })),
      clock: { now: () => Date.now() },
    });
    await killHard(pair.relay);
    // The service at an address this machine refuses (port 9: nothing listens there).
    const list = { baseUrl: `${pair.relay.origin}/checkin`, directBaseUrl: 'http://127.0.0.1:9/checkin' };
    const answer = await fallback.clientFor(list).getList(slug);
    expect(answer).toMatchObject({ ok: false, reason: 'network' });
    expect(fallback.routeOf(list)).toBe('offline');
    await pair.restartRelay();
  }, 60_000);
});
