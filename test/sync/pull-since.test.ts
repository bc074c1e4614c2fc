import { describe, expect, it } from 'vitest';
import { readSyncState } from '../../src/db/local-copy';
import { createListIndex } from '../../src/sync/index/list-index';
import { loadListIndex } from '../../src/sync/open-list/open-list';
import { downloadAll } from '../../src/sync/pull/download-all';
import { pullSince } from '../../src/sync/pull/pull-since';
import { forgetList } from '../../src/sync/lists/forget-list';
import { joinList } from '../../src/sync/lists/join-list';
import { BASE, clientOver, doorService, freshDb, LIST, rowsOf } from './support';

const NOW_MS = Date.parse('2026-06-15T12:00:00.000Z');

async function joined(tickets: number) {
  const setup = await doorService(tickets);
  const db = freshDb();
  const requests: string[] = [];
  let failOn: ((url: URL) => boolean) | null = null;
  let beforeAnswer: ((url: URL) => Promise<void>) | null = null;
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname.replace(LIST, 'L')}${url.search}`);
    if (failOn?.(url)) throw new TypeError('Failed to fetch');
    const answer = await setup.service.handle(request);
    await beforeAnswer?.(url);
    return answer;
  };
  const clientFor = clientOver(fetch);
  const join = await joinList(db, clientFor, { code: LIST, defaultBaseUrl: BASE, now: NOW_MS });
  expect(join.ok).toBe(true);
  return {
    ...setup,
    db,
    api: clientFor(BASE),
    requests,
    failWhen: (f: typeof failOn) => (failOn = f),
    meanwhile: (f: typeof beforeAnswer) => (beforeAnswer = f),
  };
}

describe('pulling a list into the local copy', () => {
  it('downloads every page of tickets and check-ins on the first pull', async () => {
    const { db, api, service, tickets } = await joined(2300);
    const first = tickets[0]!;
    await service.handle(
      new Request(`${BASE}/checkin_lists/${LIST}/checkins`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ checkin: { ticket_id: first.id } }),
      }),
    );
    const index = createListIndex();
    const result = await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index });
    expect(result.ok).toBe(true);
    expect(index.counts()).toEqual({ tickets: 2300, checkedIn: 1, inside: 1 });
    const reopened = await loadListIndex(db, LIST);
    expect(reopened.counts()).toEqual({ tickets: 2300, checkedIn: 1, inside: 1 });
    expect(reopened.ticketByReference(first.reference)?.id).toBe(first.id);
    expect(reopened.ticketBySlug(first.slug)?.id).toBe(first.id);
    expect((await readSyncState(db, LIST, 'tickets')).firstDownload).toBeNull();
  });

  it('resumes an interrupted first download at the page it stopped, not at page 1', async () => {
    const { db, api, requests, failWhen } = await joined(3500);
    failWhen((url) => url.pathname.endsWith('/tickets') && url.searchParams.get('page') === '3');
    const broken = await downloadAll(db, api, { listSlug: LIST, now: NOW_MS, concurrency: 1 });
    expect(broken.ok && broken.value.errors.tickets?.reason).toBe('network');
    failWhen(null);
    requests.length = 0;
    const resumed = await downloadAll(db, api, { listSlug: LIST, now: NOW_MS, concurrency: 1 });
    expect(resumed.ok).toBe(true);
    const ticketPages = requests.filter((r) => r.includes('/tickets?'));
    expect(ticketPages).toEqual([
      'GET /checkin/checkin_lists/L/tickets?page=3',
      'GET /checkin/checkin_lists/L/tickets?page=4',
    ]);
    expect((await loadListIndex(db, LIST)).counts().tickets).toBe(3500);
  });

  it('pulls since a cursor from the service data, catching records committed late and ignoring the device clock', async () => {
    const { db, api, service, tickets, clock, requests } = await joined(20);
    await pullSince(db, api, { listSlug: LIST, now: NOW_MS });
    const cursor = (await readSyncState(db, LIST, 'checkins')).cursor;
    expect(cursor).toBe(NOW_MS - 10_000);
    // A check-in committed late: its updated_at is 5 s before the newest record already seen.
    clock.set(new Date(NOW_MS - 5_000));
    await service.write(() =>
      service.context.store.insert('checkins', {
        checkin_list_id: 1,
        ticket_id: tickets[3]!.id,
        uuid: 'late-commit-0001',
        created_at: new Date(NOW_MS - 5_000).toISOString(),
        updated_at: new Date(NOW_MS - 5_000).toISOString(),
        deleted_at: null,
      }),
    );
    requests.length = 0;
    const index = await loadListIndex(db, LIST);
    // The device believes it is a year later: nothing of that reaches the cursor.
    const later = await pullSince(db, api, { listSlug: LIST, now: NOW_MS + 365 * 86_400_000, index });
    expect(later.ok).toBe(true);
    expect(requests.some((r) => r.includes(`since=${((NOW_MS - 10_000) / 1000).toFixed(3)}`))).toBe(true);
    expect(index.checkinsOf(tickets[3]!.id)).toHaveLength(1);
  });

  it('applies updates and deletions that arrive after the first download', async () => {
    const { db, api, service, tickets, clock } = await joined(10);
    const index = createListIndex();
    const post = await api.createCheckin(LIST, { ticketId: tickets[1]!.id });
    expect(post.ok).toBe(true);
    await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index });
    expect(index.checkinsOf(tickets[1]!.id)[0]?.deletedAt).toBeNull();
    clock.advance(60_000);
    await service.write(() =>
      service.context.store.update('tickets', tickets[2]!.id, {
        first_name: 'Renée',
        updated_at: new Date(NOW_MS + 60_000).toISOString(),
      }),
    );
    if (post.ok) await api.deleteCheckin(LIST, post.value.uuid);
    await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index });
    expect(index.ticketById(tickets[2]!.id)?.firstName).toBe('Renée');
    expect(index.search('renee').map((h) => h.ticket.id)).toEqual([tickets[2]!.id]);
    expect(index.checkinsOf(tickets[1]!.id)[0]?.deletedAt).not.toBeNull();
    const reopened = await loadListIndex(db, LIST);
    expect(reopened.ticketById(tickets[2]!.id)?.firstName).toBe('Renée');
    expect(reopened.counts().checkedIn).toBe(0);
  });

  it('finds tickets by accent- and case-insensitive prefixes of name, email, company and reference', async () => {
    const { db, api, tickets } = await joined(12);
    const index = createListIndex();
    await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index });
    const zoe = tickets[0]!.id;
    expect(index.search('ZOE').map((h) => h.ticket.id)).toEqual([zoe]);
    expect(index.search('alv').map((h) => h.ticket.id)).toEqual([zoe]);
    expect(index.search('zoë ålv').map((h) => h.ticket.id)).toEqual([zoe]);
    expect(index.search('person0@').map((h) => h.ticket.id)).toEqual([zoe]);
    expect(index.search('cafe').length).toBe(4);
    expect(index.search(tickets[5]!.reference.toLowerCase()).map((h) => h.ticket.id)).toEqual([
      tickets[5]!.id,
    ]);
    expect(index.search('nobody')).toEqual([]);
  });

  it('builds the search index in slices before the first search, with tickets renamed while it builds', async () => {
    const { db, api, service, tickets, clock } = await joined(300);
    const index = createListIndex();
    await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index });
    expect(index.indexSearchFor(0)).toBe(false);
    clock.advance(60_000);
    for (const ticket of [tickets[3]!, tickets[290]!])
      await service.write(() =>
        service.context.store.update('tickets', ticket.id, {
          first_name: 'Renée',
          updated_at: new Date(NOW_MS + 60_000).toISOString(),
        }),
      );
    await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index });
    expect(index.indexSearchFor(0)).toBe(true);
    expect(
      index
        .search('renee')
        .map((h) => h.ticket.id)
        .sort((a, b) => a - b),
    ).toEqual([tickets[3]!.id, tickets[290]!.id].sort((a, b) => a - b));
    expect(index.search(tickets[150]!.reference).map((h) => h.ticket.id)).toEqual([tickets[150]!.id]);
  });

  it('takes the cursor from the service clock when a long download began, so changes made during it are not missed', async () => {
    const setup = await doorService(2100);
    const { service, clock, tickets } = setup;
    const db = freshDb();
    let pagesServed = 0;
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      const answer = await service.handle(request);
      const headers = new Headers(answer.headers);
      headers.set('date', clock.now().toUTCString());
      if (url.pathname.endsWith('/tickets') && ++pagesServed === 2) {
        // While page 2 is served, a ticket of page 1 changes and time moves on a minute.
        clock.advance(1_000);
        await service.write(() =>
          service.context.store.update('tickets', tickets[0]!.id, {
            first_name: 'Changed',
            updated_at: clock.now().toISOString(),
          }),
        );
        clock.advance(60_000);
        await service.write(() =>
          service.context.store.update('tickets', tickets[2050]!.id, {
            updated_at: clock.now().toISOString(),
          }),
        );
      }
      return new Response(await answer.text(), { status: answer.status, headers });
    };
    const clientFor = clientOver(fetch);
    await joinList(db, clientFor, { code: LIST, defaultBaseUrl: BASE, now: NOW_MS });
    const index = createListIndex();
    await pullSince(db, clientFor(BASE), { listSlug: LIST, now: NOW_MS, index, concurrency: 1 });
    expect((await readSyncState(db, LIST, 'tickets')).cursor).toBe(NOW_MS - 10_000);
    await pullSince(db, clientFor(BASE), { listSlug: LIST, now: NOW_MS, index });
    expect(index.ticketById(tickets[0]!.id)?.firstName).toBe('Changed');
  });

  it('pages a timer pull without the list GET, stopping at the first page shorter than a full one', async () => {
    const { db, api, service, tickets, clock, requests } = await joined(2300);
    const index = createListIndex();
    await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index });
    clock.advance(60_000);
    await service.write(() => {
      for (const t of tickets.slice(0, 1500))
        service.context.store.update('tickets', t.id, {
          company_name: 'Renamed',
          updated_at: clock.now().toISOString(),
        });
    });
    requests.length = 0;
    const result = await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index, withList: false });
    expect(result.ok && result.value.errors).toEqual({});
    expect(
      requests.filter((r) => !r.includes('/tickets') && !r.includes('/checkins') && !r.includes('/answers')),
    ).toEqual([]);
    // Without a Date header the cursor is the newest record less the margin: all 2,300 come back,
    // on pages of 1000, 1000 and 300; the short third page ends it, with no fourth request.
    expect(requests.filter((r) => r.includes('/tickets?'))).toHaveLength(3);
    expect(index.search('renamed')).toHaveLength(50);
    expect(index.ticketById(tickets[1499]!.id)?.companyName).toBe('Renamed');
  });
  it('takes "not found" for a page past the count as the end, when its last page was full', async () => {
    // The service's documents say nothing of a page past the count; many services answer 404.
    // A pull reads past the count only while its last page is full (a relay's tail may have
    // moved on), so such a service must not make every pull of a full last page fail.
    const { db, api, service, tickets } = await joined(1000);
    const index = createListIndex();
    expect((await pullSince(db, api, { listSlug: LIST, now: NOW_MS, index })).ok).toBe(true);
    // A full page of check-ins since: the window's last page is full.
    for (const ticket of tickets)
      await service.handle(
        new Request(`${BASE}/checkin_lists/${LIST}/checkins`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ checkin: { ticket_id: ticket.id } }),
        }),
      );
    const asked: string[] = [];
    const fetch = async (request: Request) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? '1');
      if (url.pathname.endsWith('/checkins')) asked.push(`checkins ${page}`);
      if (url.pathname.endsWith('/checkins') && page > 1)
        return new Response(JSON.stringify({ detail: 'Invalid page.' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
      return service.handle(request);
    };
    const result = await pullSince(db, clientOver(fetch)(BASE), {
      listSlug: LIST,
      now: NOW_MS + 60_000,
      index,
    });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.errors).toEqual({});
    expect(asked).toEqual(['checkins 1', 'checkins 2']);
    expect(index.counts()).toMatchObject({ tickets: 1000, checkedIn: 1000 });
  });

  it('never brings back a list forgotten (here or in another tab), whenever the forget lands', async () => {
    // Forgotten between two pulls: its sync state went with it, and the next pull would have
    // been a first download of the whole list again.
    const { db, api, requests } = await joined(300);
    expect((await pullSince(db, api, { listSlug: LIST, now: NOW_MS })).ok).toBe(true);
    expect(await rowsOf(db, LIST)).toMatchObject({ lists: 1, syncState: 3 });
    expect((await forgetList(db, LIST, { confirmed: true })).ok).toBe(true);
    requests.length = 0;
    const after = await pullSince(db, api, { listSlug: LIST, now: NOW_MS + 1000 });
    expect(!after.ok && after.reason).toBe('no-list');
    expect(requests).toEqual([]);
    expect(await rowsOf(db, LIST)).toEqual({});
  });

  it("never brings back a list forgotten while the pull waited for the list's own answer", async () => {
    for (const first of [true, false]) {
      const { db, api, meanwhile } = await joined(300);
      if (!first) expect((await pullSince(db, api, { listSlug: LIST, now: NOW_MS })).ok).toBe(true);
      meanwhile(async (url) => {
        if (url.pathname.endsWith(`/checkin_lists/${LIST}`)) {
          meanwhile(null);
          expect((await forgetList(db, LIST, { confirmed: true })).ok).toBe(true);
        }
      });
      const pulled = await pullSince(db, api, { listSlug: LIST, now: NOW_MS + 1000 });
      expect(!pulled.ok && pulled.reason).toBe('no-list');
      expect(await rowsOf(db, LIST)).toEqual({});
    }
  });

  it('leaves nothing of a list forgotten while its pages came, first download or pull since', async () => {
    for (const first of [true, false]) {
      const { db, api, meanwhile } = await joined(2300);
      if (!first) expect((await pullSince(db, api, { listSlug: LIST, now: NOW_MS })).ok).toBe(true);
      // The forget lands while the tickets' first page (or their changes since) is on its way.
      meanwhile(async (url) => {
        if (url.pathname.endsWith(`/checkin_lists/${LIST}/tickets`)) {
          meanwhile(null);
          expect((await forgetList(db, LIST, { confirmed: true })).ok).toBe(true);
        }
      });
      const pulled = await pullSince(db, api, { listSlug: LIST, now: NOW_MS + 1000, concurrency: 1 });
      expect(!pulled.ok && pulled.reason).toBe('no-list');
      // Check-ins name no attendee (ids and times): a pull's own stay, as an unsent one would.
      const { checkins: _, ...left } = await rowsOf(db, LIST);
      expect(left).toEqual({});
    }
  });
});
