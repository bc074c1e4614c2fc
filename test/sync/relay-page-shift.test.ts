// A door's pull of several pages from its relay while the relay takes in check-ins must still get
// every check-in of its window. The relay serves a page of check-ins by id: its doors' check-ins
// that the service has not taken (parked as already in there) keep the relay's own ids, above any
// of the service's, so they are the last page's tail; a check-in it learns from the service meanwhile
// has a lower id and pushes that tail one place on. A door that stopped at the page count the list
// gave it lost the tail for good: its cursor moved past the tail's stamps, which never change.
// Found by the relay simulation (test/sim/relay-sim-*.test.ts, full size): a door back after a long
// time offline, idle, nothing pending, short of its relay by the relay's parked check-ins.
// Here the relay is its own mirror (src/relay/mirror/) serving the door from memory.
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import { CHECKIN_PAGE_SIZE } from '../../src/http/checkin-paging';
import { ListMirror } from '../../src/relay/mirror/list-mirror';
import { serveRead } from '../../src/relay/mirror/mirror-serve';
import type { Entry, Rec } from '../../src/relay/mirror/mirror-types';
import { BASE, doorDevice, doorService, LIST } from './support';

const RELAY_BASE = 'http://relay.test/checkin';

describe("a door's pull of several pages from its relay", () => {
  it("gets the relay's parked check-ins a check-in learnt meanwhile pushed past the last counted page", async () => {
    const { service, tickets } = await doorService(6);
    const read = async (path: string) =>
      (await service.handle(new Request(`${BASE}${path}`))).json() as Promise<unknown>;
    // The relay's clock and its mirror of the list, ready, as after its first full download.
    let relayNow = Date.parse('2026-12-02T10:00:00Z');
    const m = new ListMirror(LIST);
    const apply = (e: Record<string, unknown>) => {
      relayNow += 1;
      m.apply({ ...e, at: m.nextAt(relayNow) } as Entry);
    };
    apply({ k: 'list', list: (await read(`/checkin_lists/${LIST}`)) as Rec });
    apply({ k: 'questions', records: (await read(`/checkin_lists/${LIST}/questions`)) as Rec[] });
    apply({ k: 'pulled', res: 'tickets', records: (await read(`/checkin_lists/${LIST}/tickets`)) as Rec[] });
    apply({ k: 'pulled', res: 'checkins', records: [] });
    apply({ k: 'pulled', res: 'answers', records: [] });
    apply({ k: 'ready' });
    let upstreamId = 0;
    const learnt = (n: number) => {
      const records: Rec[] = [];
      for (let i = 0; i < n; i++) {
        const id = ++upstreamId;
        const at = new Date(relayNow).toISOString();
        records.push({
          id,
          uuid: `up-${id}`,
          ticket_id: tickets[id % tickets.length]!.id,
          created_at: at,
          updated_at: at,
          deleted_at: null,
        });
      }
      apply({ k: 'pulled', res: 'checkins', records });
    };
    // Between the door's read of the list (its page counts) and its read of the check-ins.
    let meanwhile: (() => void) | null = null;
    const relay: FetchLike = async (request) => {
      const url = new URL(request.url.replace(RELAY_BASE, 'http://relay'));
      const [, , , resource, ...rest] = url.pathname.split('/');
      if (resource === 'checkins' && meanwhile) {
        meanwhile();
        meanwhile = null;
      }
      const served = serveRead(m, resource, rest, url.search.slice(1));
      if (!served) throw new Error(`the mirror would not serve ${url.pathname}`);
      return new Response(JSON.stringify(served.body), {
        status: served.status,
        headers: { 'content-type': 'application/json', date: new Date(relayNow).toUTCString() },
      });
    };
    const device = await doorDevice({ fetch: relay });
    const { engine } = device;
    expect(await engine.join(LIST, { baseUrl: RELAY_BASE })).toMatchObject({ ok: true });
    await engine.syncNow();
    engine.setOnline(false);

    // While the door is offline a minute, another door of the hall admits through the relay (its
    // uplink down: the relay keeps it under its own id; the service later refuses it as already
    // in, so it keeps that id and its stamp), and the relay learns a page's worth from the service.
    relayNow += 5_000;
    apply({
      k: 'door-checkin',
      uuid: 'hall-door-0001',
      id: m.nextLocalId(),
      ticket_id: tickets[0]!.id,
      created_at: relayNow,
    });
    apply({ k: 'parked', uuid: 'hall-door-0001', op: 'checkin', reason: '422: already checked in' });
    relayNow += 5_000;
    learnt(CHECKIN_PAGE_SIZE - 1);
    relayNow += 50_000;
    await device.clock.advance(60_000);

    // Back online: the list says one page of check-ins; one more is learnt before the door reads it.
    meanwhile = () => learnt(1);
    engine.setOnline(true);
    await engine.syncNow();
    for (let i = 0; i < 3; i++) {
      relayNow += 3_000;
      await device.clock.advance(3_000);
      await engine.syncNow();
    }

    // Every check-in the service sent through the relay arrived: only the relay's own is missing without the fix.
    const rows = await device.db.checkins.toArray();
    expect(rows.filter((c) => c.uuid?.startsWith('up-')).length).toBe(CHECKIN_PAGE_SIZE);
    const held = await device.db.checkins.where('[listSlug+uuid]').equals([LIST, 'hall-door-0001']).first();
    expect(held?.uuid).toBe('hall-door-0001');
  });
});
