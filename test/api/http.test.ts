import { describe, expect, it } from 'vitest';
import { createCheckinClient, sinceParam } from '../../src/api/checkin-client';
import { describeError } from '../../src/ui/error-words';
import { createTransport } from '../../src/api/http';
import { unanswered } from '../fixtures/unanswered';

const BASE = 'https://checkin.example/checkin';

function clientAnswering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
  };
  return { client: createCheckinClient(createTransport({ baseUrl: `${BASE}/`, fetch })), seen };
}

const checkin = {
  id: 1,
  uuid: 'u-1',
  ticket_id: 7,
  created_at: '2026-06-15T12:00:00.000Z',
  updated_at: '2026-06-15T12:00:00.000Z',
  deleted_at: null,
};

describe('the Check-in API client', () => {
  it('sends the documented batch body and parses times once', async () => {
    const { client, seen } = clientAnswering(200, [checkin]);
    const result = await client.createCheckins('chk_pabc1', [{ ticketId: 7 }, { ticketId: 8 }]);
    expect(result).toMatchObject({
      ok: true,
      value: [{ uuid: 'u-1', ticketId: 7, createdAt: Date.parse(checkin.created_at) }],
    });
    expect(seen[0]?.url).toBe(`${BASE}/checkin_lists/chk_pabc1/checkins`);
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
    // Answers name attendees: the browser's HTTP cache must not keep them on its disk.
    expect(seen[0]?.cache).toBe('no-store');
    expect(await seen[0]?.json()).toEqual({
      batch: { checkins: { '0': { ticket_id: 7 }, '1': { ticket_id: 8 } } },
    });
  });

  it('sends since as Unix seconds with a fraction', async () => {
    const { client, seen } = clientAnswering(200, []);
    await client.listPage('tickets', 'chk_pabc1', 3, Date.parse('2026-06-15T12:00:00.250Z'));
    expect(new URL(seen[0]!.url).search).toBe(
      `?page=3&since=${sinceParam(Date.parse('2026-06-15T12:00:00.250Z'))}`,
    );
    expect(sinceParam(1_781_524_800_250)).toBe('1781524800.250');
  });

  it('turns statuses into reasons, honouring Retry-After', async () => {
    expect(
      await clientAnswering(429, { message: 'Slow down' }, { 'retry-after': '7' }).client.getList(
        'chk_pabc1',
      ),
    ).toMatchObject({
      ok: false,
      reason: 'rate-limited',
      retryAfterMs: 7000,
    });
    expect(
      await clientAnswering(404, { status: 404, message: 'Not found' }).client.getList('chk_pabc1'),
    ).toMatchObject({
      reason: 'not-found',
      detail: 'Not found',
    });
    expect(await clientAnswering(503, null).client.getList('chk_pabc1')).toMatchObject({ reason: 'server' });
    expect(
      await clientAnswering(422, { message: 'void' }).client.createCheckin('chk_pabc1', { ticketId: 1 }),
    ).toMatchObject({
      reason: 'rejected',
      status: 422,
    });
    expect(describeError('rate-limited')).toMatch(/slow down/i);
  });

  it('names the field of an unexpected shape instead of crashing later', async () => {
    const result = await clientAnswering(200, [{ ...checkin, ticket_id: 'seven' }]).client.listPage(
      'checkins',
      'chk_pabc1',
      1,
    );
    expect(result).toMatchObject({ ok: false, reason: 'bad-response' });
    expect(!result.ok && result.detail).toMatch(/^0\.ticket_id/);
  });

  it('reports a dropped connection as network and a slow one as timeout', async () => {
    const dropped = createCheckinClient(
      createTransport({ baseUrl: BASE, fetch: async () => Promise.reject(new TypeError('Failed to fetch')) }),
    );
    expect(await dropped.getList('chk_pabc1')).toMatchObject({ ok: false, reason: 'network' });
    const slow = createCheckinClient(
      createTransport({
        baseUrl: BASE,
        timeoutMs: 20,
        fetch: unanswered,
      }),
    );
    expect(await slow.getList('chk_pabc1')).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('reads the service clock from the Date header of the list', async () => {
    const list = { id: 1, title: 'Main', slug: 'chk_pabc1', expires_at: null, total_ticket_pages: 2 };
    const { client } = clientAnswering(200, list, { date: 'Mon, 15 Jun 2026 12:00:00 GMT' });
    expect(await client.getList('chk_pabc1')).toMatchObject({
      ok: true,
      value: { serverTime: Date.parse('2026-06-15T12:00:00Z'), pages: { tickets: 2, checkins: 0 } },
    });
  });

  it('tells the service clock of every answer as it arrives, a refusal’s too', async () => {
    const told: number[] = [];
    const answers = [
      new Response('[]', { status: 200, headers: { date: 'Mon, 15 Jun 2026 12:00:00 GMT' } }),
      new Response('{"message":"no"}', { status: 404, headers: { date: 'Mon, 15 Jun 2026 12:00:05 GMT' } }),
      new Response('[]', { status: 200 }),
    ];
    const client = createCheckinClient(
      createTransport({
        baseUrl: BASE,
        fetch: async () => answers.shift()!,
        onServerTime: (serverTime) => told.push(serverTime),
      }),
    );
    await client.listPage('tickets', 'chk_pabc1', 1);
    await client.getTicket('chk_pabc1', 'ti_nothere');
    await client.listPage('tickets', 'chk_pabc1', 2);
    expect(told).toEqual([Date.parse('2026-06-15T12:00:00Z'), Date.parse('2026-06-15T12:00:05Z')]);
  });
});

describe("an answer's body", () => {
  it('is decoded as UTF-8 whatever its headers say, a BOM dropped and a bad sequence replaced, as text() does', async () => {
    const json = new TextEncoder().encode(
      JSON.stringify([{ id: 1, slug: 'ti_p1', reference: 'R-1', first_name: 'ü-1 東京' }]),
    );
    const bodies = [
      new Uint8Array([0xef, 0xbb, 0xbf, ...json]),
      // A Latin-1 byte in the name: not UTF-8, so one replacement character.
      new Uint8Array([...json].flatMap((b, i, all) => (b === 0x31 && all[i - 1] === 0x2d ? [0xe9] : [b]))),
    ];
    for (const body of bodies) {
      const fetch = async () =>
        new Response(body.slice(), {
          status: 200,
          headers: { 'content-type': 'application/json; charset=iso-8859-1' },
        });
      const client = createCheckinClient(createTransport({ baseUrl: BASE, fetch }));
      const answer = await client.listPage('tickets', 'chk_pabc1', 1);
      const [expected] = JSON.parse(await new Response(body.slice()).text()) as { first_name: string }[];
      expect(answer).toMatchObject({ ok: true, value: [{ firstName: expected!.first_name }] });
    }
    const [replaced] = JSON.parse(await new Response(bodies[1]!.slice()).text()) as { first_name: string }[];
    expect(replaced!.first_name).toBe('ü-\ufffd 東京');
  });
});
