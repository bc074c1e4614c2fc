// Where the organiser's arrivals screen finds a list's Check-in API, over real HTTP-shaped
// requests to the mock service in process (global fetch stood in for by its `handle`).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkinCandidates, checkinClientFor } from '../../../src/ui/organiser/arrivals/list-service';
import { doorService, LIST } from '../../sync/support';

/** Requests to `checkinOrigin` reach the mock's Check-in API; any other host is unreachable. */
async function serviceAt(checkinOrigin: string, prefix: string) {
  const { service } = await doorService(3);
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.origin}${url.pathname}`);
    if (url.origin !== checkinOrigin || !url.pathname.startsWith(`${prefix}/checkin_lists/`))
      throw new TypeError('Failed to fetch');
    return service.handle(
      new Request(`http://mock.test/checkin${url.pathname.slice(prefix.length)}`, request),
    );
  });
  return asked;
}

const remote = { kind: 'remote' as const, baseUrl: 'unused', token: 't' };

describe('reaching a check-in list from the organiser screens', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tries the Admin API’s host first, then where the web check-in address points', () => {
    expect(
      checkinCandidates('http://127.0.0.1:4173/v3', `http://127.0.0.1:4173/checkin_lists/${LIST}`),
    ).toEqual(['http://127.0.0.1:4173/checkin', 'http://127.0.0.1:4173']);
    expect(
      checkinCandidates('https://api.example.com/v3', `https://checkin.example.com/checkin_lists/${LIST}`),
    ).toEqual([
      'https://api.example.com/checkin',
      'https://checkin.example.com',
      'https://checkin.example.com/checkin',
    ]);
    expect(checkinCandidates('https://api.example.com/v3', '')).toEqual(['https://api.example.com/checkin']);
  });

  it('finds the list next to this app’s Node server, which answers both APIs', async () => {
    const asked = await serviceAt('http://127.0.0.1:4173', '/checkin');
    const client = await checkinClientFor(remote, 'http://127.0.0.1:4173/v3', {
      slug: LIST,
      web_checkin_url: `http://127.0.0.1:4173/checkin_lists/${LIST}`,
    });
    expect(client.ok && client.value.baseUrl).toBe('http://127.0.0.1:4173/checkin');
    expect(asked).toHaveLength(1);
  });

  it('finds a real service’s Check-in API on another host, from the list’s web check-in address', async () => {
    await serviceAt('https://checkin.example.com', '');
    const client = await checkinClientFor(remote, 'https://api.example.com/v3', {
      slug: LIST,
      web_checkin_url: `https://checkin.example.com/checkin_lists/${LIST}`,
    });
    if (!client.ok) throw new Error(client.reason);
    expect(client.value.baseUrl).toBe('https://checkin.example.com');
    const tickets = await client.value.listPage('tickets', LIST, 1);
    expect(tickets.ok && tickets.value).toHaveLength(3);
  });

  it('says why when no candidate knows the list', async () => {
    await serviceAt('https://checkin.example.com', '');
    const client = await checkinClientFor(remote, 'https://api.example.com/v3', {
      slug: 'chk_unknown',
      web_checkin_url: 'https://checkin.example.com/checkin_lists/chk_unknown',
    });
    expect(client).toMatchObject({ ok: false });
  });
});
