// The mirror's forwarder against a small upstream in this process that can ignore client uuids
// (it makes its own, as a real service may) and lose answers: each door check-in reaches it
// exactly once, matched after a lost answer by uuid or, for such an upstream, by ticket and time
// (a lost lone probe, before the kind is known, goes again: such an upstream then holds it twice);
// a scan time alone never takes another client's check-in;
// a refused item is parked and the others still go; a delete goes by the upstream's uuid.
import { type Server, createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ListMirror } from '../../src/relay/mirror/list-mirror';
import { forwardRound } from '../../src/relay/mirror/mirror-forward';
import type { Entry, Rec } from '../../src/relay/mirror/mirror-types';
import { freePort } from '../server/server-process';

interface Fake {
  base: URL;
  checkins: Rec[];
  keepUuids: boolean;
  /** Record the next POST, then close the connection without answering. */
  loseNext: boolean;
  /** Close the connection of the next POST without recording it (cut before the upstream). */
  cutNext: boolean;
  posts: number;
  refuse: Set<number>;
  server: Server;
}

let fake: Fake | null = null;
afterEach(() => new Promise<void>((resolve) => (fake ? fake.server.close(() => resolve()) : resolve())));

async function startFake(keepUuids: boolean): Promise<Fake> {
  const port = await freePort();
  const f: Fake = {
    base: new URL(`http://127.0.0.1:${port}/checkin`),
    checkins: [],
    keepUuids,
    loseNext: false,
    cutNext: false,
    posts: 0,
    refuse: new Set(),
    server: createServer(),
  };
  let next = 1;
  f.server.on('request', (req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const at = new Date().toISOString();
      if (req.method === 'GET') return send(200, (req.url ?? '').includes('page=1') ? f.checkins : []);
      if (req.method === 'DELETE') {
        const uuid = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
        const c = f.checkins.find((x) => x.uuid === uuid);
        if (!c) return send(404, { status: 404, message: 'Check-in not found' });
        c.deleted_at = at;
        return send(200, c);
      }
      f.posts++;
      if (f.cutNext) {
        f.cutNext = false;
        return req.socket.destroy();
      }
      const body = JSON.parse(text);
      const items: Rec[] = body.checkin ? [body.checkin] : Object.values(body.batch.checkins);
      const bad = items.findIndex((i) => f.refuse.has(Number(i.ticket_id)));
      if (bad >= 0)
        return send(422, { status: 422, message: 'Some check-ins could not be recorded; none were' });
      const made = items.map((i) => {
        const c = {
          id: next++,
          uuid: f.keepUuids ? i.uuid : `up-${next}`,
          ticket_id: i.ticket_id,
          created_at: i.created_at,
          updated_at: at,
          deleted_at: null,
        };
        f.checkins.push(c);
        return c;
      });
      if (f.loseNext) {
        f.loseNext = false;
        return req.socket.destroy();
      }
      send(201, body.checkin ? made[0] : made);
    });
  });
  await new Promise<void>((resolve) => f.server.listen(port, '127.0.0.1', resolve));
  fake = f;
  return f;
}

function mirrorWith(tickets: number[]) {
  const m = new ListMirror('chk_test');
  let at = Date.now();
  const commit = async (entries: Entry[]) => {
    for (const e of entries) m.apply(e);
  };
  for (const [i, t] of tickets.entries())
    m.apply({
      k: 'door-checkin',
      at: at++,
      uuid: `door-uuid-${i}`,
      id: m.nextLocalId(),
      ticket_id: t,
      created_at: at,
    });
  return { m, commit, now: () => Date.now() };
}

const up = (f: Fake) => ({
  base: f.base,
  limits: { timeoutMs: 1000, maxResponseBytes: 1 << 20 },
  clock: { heard() {} },
});

/** Rounds until one ends `ok`: at most ten, so a regression fails rather than spins. */
async function forwardUntilOk(
  m: ListMirror,
  f: Fake,
  commit: (e: Entry[]) => Promise<void>,
  now: () => number,
) {
  for (let round = 1; round <= 10; round++) if ((await forwardRound(m, up(f), commit, now)) === 'ok') return;
  throw new Error('no round ended ok in ten');
}

describe('the mirror forwarder', () => {
  it('sends to an upstream that ignores uuids once each, but for the lone probe whose answer was lost', async () => {
    const f = await startFake(false);
    const { m, commit, now } = mirrorWith([11, 12, 13]);
    f.loseNext = true;
    expect(await forwardRound(m, up(f), commit, now)).toBe('failed');
    // Only a lone probe went while it was unknown whether the upstream keeps uuids.
    expect(f.checkins).toHaveLength(1);
    await forwardUntilOk(m, f, commit, now);
    // Its time alone settled nothing, so it went again alone: this upstream holds that one
    // check-in twice, once in the relay's life, and every other once.
    expect(f.checkins.map((c) => c.ticket_id).sort()).toEqual([11, 11, 12, 13]);
    expect(m.clientUuids).toBe('ignored');
    expect([...m.writes.values()].every((w) => w.state === 'sent')).toBe(true);
    // Served under the door's uuids, linked to the upstream's.
    expect([...m.checkins.keys()].sort()).toEqual(['door-uuid-0', 'door-uuid-1', 'door-uuid-2']);
    // Another answer lost, now that the kind is known: matched by ticket and time, not resent.
    m.apply({
      k: 'door-checkin',
      at: m.nextAt(Date.now()),
      uuid: 'door-uuid-3',
      id: m.nextLocalId(),
      ticket_id: 14,
      created_at: Date.now(),
    });
    f.loseNext = true;
    const posts = f.posts;
    expect(await forwardRound(m, up(f), commit, now)).toBe('failed');
    expect(await forwardRound(m, up(f), commit, now)).toBe('ok');
    expect(f.posts).toBe(posts + 1);
    expect(f.checkins.filter((c) => c.ticket_id === 14)).toHaveLength(1);
    // A door's delete goes under the upstream's uuid.
    m.apply({ k: 'door-delete', at: m.nextAt(Date.now()), uuid: 'door-uuid-1' });
    expect(await forwardRound(m, up(f), commit, now)).toBe('ok');
    expect(f.checkins.find((c) => c.ticket_id === 12)?.deleted_at).not.toBeNull();
    expect(m.pending()).toBe(0);
  });

  it('settles a lost answer by uuid when the upstream keeps them, and parks only a refused item', async () => {
    const f = await startFake(true);
    const { m, commit, now } = mirrorWith([21]);
    expect(await forwardRound(m, up(f), commit, now)).toBe('ok');
    expect(m.clientUuids).toBe('kept');
    for (const [i, t] of [22, 23, 24].entries())
      m.apply({
        k: 'door-checkin',
        at: m.nextAt(Date.now()),
        uuid: `kept-${i}`,
        id: m.nextLocalId(),
        ticket_id: t,
        created_at: Date.now(),
      });
    f.loseNext = true;
    expect(await forwardRound(m, up(f), commit, now)).toBe('failed');
    const posts = f.posts;
    expect(await forwardRound(m, up(f), commit, now)).toBe('ok');
    expect(f.posts).toBe(posts);
    expect(f.checkins).toHaveLength(4);
    f.refuse.add(26);
    for (const [i, t] of [25, 26, 27].entries())
      m.apply({
        k: 'door-checkin',
        at: m.nextAt(Date.now()),
        uuid: `split-${i}`,
        id: m.nextLocalId(),
        ticket_id: t,
        created_at: Date.now(),
      });
    expect(await forwardRound(m, up(f), commit, now)).toBe('ok');
    expect(f.checkins.map((c) => c.ticket_id)).toEqual([21, 22, 23, 24, 25, 27]);
    expect(m.writes.get('split-1')?.state).toBe('parked');
  });
  it.each([
    ['before it knows whether the upstream keeps uuids', false],
    ['once it knows the upstream keeps them', true],
  ])(
    "never takes another client's check-in of the ticket with the same millisecond for a lost one, %s",
    async (_, knownFirst) => {
      const f = await startFake(true);
      const { m, commit, now } = mirrorWith(knownFirst ? [40] : []);
      if (knownFirst) {
        // The first write goes alone and is answered: the upstream keeps uuids.
        expect(await forwardRound(m, up(f), commit, now)).toBe('ok');
        expect(m.clientUuids).toBe('kept');
      }
      m.apply({
        k: 'door-checkin',
        at: m.nextAt(Date.now()),
        uuid: 'door-write',
        id: m.nextLocalId(),
        ticket_id: 41,
        created_at: Date.now(),
      });
      const row = m.writes.get('door-write')!;
      // The service's own app admitted ticket 41, stamped by the service in the very millisecond
      // the relay stamped its door's write with; the relay has not pulled it yet.
      f.checkins.push({
        id: 900,
        uuid: 'service-app-check-in',
        ticket_id: 41,
        created_at: new Date(row.createdAt).toISOString(),
        updated_at: new Date().toISOString(),
        deleted_at: null,
      });
      f.cutNext = true;
      expect(await forwardRound(m, up(f), commit, now)).toBe('failed');
      expect(row.state).toBe('sending');
      await forwardUntilOk(m, f, commit, now);
      expect(row.state).toBe('sent');
      expect(row.upstreamUuid).toBe(row.uuid);
      expect(m.clientUuids).toBe('kept');
      expect(
        f.checkins
          .filter((c) => c.ticket_id === 41)
          .map((c) => c.uuid)
          .sort(),
      ).toEqual([row.uuid, 'service-app-check-in'].sort());
    },
  );
  it("once the upstream is known to ignore uuids, takes each lost check-in's exact scan time before any other of its ticket", async () => {
    const f = await startFake(false);
    const { m, commit, now } = mirrorWith([60]);
    expect(await forwardRound(m, up(f), commit, now)).toBe('ok');
    expect(m.clientUuids).toBe('ignored');
    // Two check-ins of ticket 61 here, a second apart, go in one batch whose answer is lost.
    const scans = [Date.now() - 2000, Date.now() - 1000];
    for (const [i, at] of scans.entries())
      m.apply({
        k: 'door-checkin',
        at: m.nextAt(Date.now()),
        uuid: `twin-${i}`,
        id: m.nextLocalId(),
        ticket_id: 61,
        created_at: at,
      });
    f.loseNext = true;
    expect(await forwardRound(m, up(f), commit, now)).toBe('failed');
    expect(f.checkins.filter((c) => c.ticket_id === 61)).toHaveLength(2);
    // The upstream lists the later one first: taken in its order, each would get the other's.
    f.checkins.reverse();
    const posts = f.posts;
    await forwardUntilOk(m, f, commit, now);
    expect(f.posts).toBe(posts);
    for (const [i, at] of scans.entries())
      expect(m.checkins.get(`twin-${i}`)?.rec.created_at).toBe(new Date(at).toISOString());
  });
});
