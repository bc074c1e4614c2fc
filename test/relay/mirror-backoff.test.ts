// The mirror's rounds while the upstream keeps failing: with a hand-moved clock, each failed
// round doubles the wait up to the cap and a round that gets through goes back to the interval;
// a door's write starts no round during the wait. Then over real processes (the relay with its
// mirror, the recording tap cutting every connection to the upstream): doors admitting for five
// seconds cost the upstream a handful of attempts, not one per round and per write, and once it
// answers again every check-in goes up once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIRROR_BACKOFF_MAX_MS, createRoundBackoff } from '../../src/relay/mirror/mirror-backoff';
import { type RelayPair, startRelayPair, upstreamListAddresses } from './relay-setup';

describe('the backoff of a list’s rounds', () => {
  it('doubles the wait after each failed round, up to the cap, and starts over once one gets through', () => {
    let now = 1_000_000;
    const backoff = createRoundBackoff(2_000, 30_000);
    expect(backoff.delay()).toBe(2_000);
    expect(backoff.allows(now)).toBe(true);
    const waits = [1, 2, 3, 4, 5, 6].map(() => backoff.note(false, now));
    expect(waits).toEqual([4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(backoff.failures()).toBe(6);
    // A door's write during the wait starts no round; at its end one may go.
    expect(backoff.allows(now + 29_999)).toBe(false);
    now += 30_000;
    expect(backoff.allows(now)).toBe(true);
    expect(backoff.note(true, now)).toBe(2_000);
    expect(backoff.failures()).toBe(0);
    expect(backoff.allows(now)).toBe(true);
  });

  it('never waits less than the interval, and caps at 10 s by default', () => {
    // An interval longer than the cap: failed rounds keep the interval.
    const slow = createRoundBackoff(60_000);
    expect(slow.note(false, 0)).toBe(60_000);
    expect(slow.note(false, 0)).toBe(60_000);
    // The default interval (2 s): 4, 8, then every 10 s, so a list is back within 10 s of the
    // upstream's return.
    expect(MIRROR_BACKOFF_MAX_MS).toBe(10_000);
    const usual = createRoundBackoff(2_000);
    expect([1, 2, 3, 4].map(() => usual.note(false, 0))).toEqual([4_000, 8_000, 10_000, 10_000]);
  });
});

describe('a relay whose upstream keeps failing', () => {
  let pair: RelayPair;
  let slug = '';
  beforeAll(async () => {
    pair = await startRelayPair({ RELAY_MIRROR_INTERVAL_MS: '100' });
    slug = new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });

  const relay = (path: string, init?: RequestInit) => fetch(`${pair.relay.origin}${path}`, init);
  const mirrored = async () =>
    (
      (await (await relay('/__service')).json()) as {
        mirrored_lists: { ready: boolean; pending_upstream: number }[];
      }
    ).mirrored_lists[0];

  it('tries the upstream a handful of times, not once per round and per write, and sends all once after', async () => {
    const list = `/checkin/checkin_lists/${slug}`;
    await (await relay(list)).text();
    for (let i = 0; !(await mirrored())?.ready; i++) {
      if (i > 200) throw new Error('the mirror never became ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    const tickets = ((await (await relay(`${list}/tickets`)).json()) as { id: number }[]).map((t) => t.id);

    pair.tap.mode = 'cut';
    const before = pair.tap.seen.length;
    const end = Date.now() + 5_000;
    const uuids: string[] = [];
    for (let i = 0; Date.now() < end; i++) {
      const uuid = `backoff-door-${i}`;
      const answer = await relay(`${list}/checkins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ checkin: { ticket_id: tickets[i % tickets.length], uuid } }),
      });
      expect(answer.status).toBe(201);
      uuids.push(uuid);
      await new Promise((r) => setTimeout(r, 50));
    }
    const attempts = pair.tap.seen.length - before;
    // A round every 100 ms and one per write would be well over fifty; doubling from 200 ms
    // over five seconds is about six rounds (the 10 s cap is not reached).
    expect(uuids.length).toBeGreaterThanOrEqual(3);
    expect(attempts).toBeGreaterThan(0);
    expect(attempts).toBeLessThanOrEqual(12);
    expect((await mirrored())?.pending_upstream).toBe(uuids.length);

    pair.tap.mode = 'pass';
    for (let i = 0; (await mirrored())?.pending_upstream !== 0; i++) {
      if (i > 150) throw new Error('the journal never reached the upstream');
      await new Promise((r) => setTimeout(r, 100));
    }
    const held = new Map<string, number>();
    for (let page = 1; ; page++) {
      const url = `${pair.upstream.origin}/checkin/checkin_lists/${slug}/checkins?page=${page}`;
      const items = (await (await fetch(url)).json()) as { uuid: string }[];
      if (items.length === 0) break;
      for (const c of items) held.set(c.uuid, (held.get(c.uuid) ?? 0) + 1);
    }
    for (const uuid of uuids) expect(held.get(uuid)).toBe(1);
  }, 60_000);
});
