// The overview's requests against the mock service's real handler: what it asks for and what
// it makes of the answers, in both API versions.
import { describe, expect, it } from 'vitest';
import { createAdminClient } from '../../../src/api/admin-client';
import { summariseReleases } from '../../../src/ui/organiser/event-overview';
import { collect, countRegistrations } from '../../../src/ui/organiser/overview-data';
import {
  makeCheckinList,
  makeRegistration,
  makeRelease,
  makeTicket,
  serviceWithBasics,
} from '../../mock-api/factories';
import { NOW, TOKENS } from '../../mock-api/support';

async function setup(token: 'live30' | 'live31' = 'live31') {
  const t = await serviceWithBasics();
  const urls: URL[] = [];
  const client = createAdminClient({
    baseUrl: 'http://mock.test/v3',
    token: TOKENS[token],
    fetch: (request) => {
      urls.push(new URL(request.url));
      return t.service.handle(request);
    },
  });
  return { ...t, client, urls };
}

describe('event overview data', () => {
  it('counts registrations by state from one-record pages, never loading them', async () => {
    const { service, ctx, event, client, urls } = await setup();
    await service.write(() => {
      for (let i = 0; i < 30; i++) makeRegistration(ctx, event, { state: 'complete', receipt_paid: true });
      makeRegistration(ctx, event, { state: 'complete', receipt_paid: false, invoice: true });
      makeRegistration(ctx, event, { state: 'incomplete', receipt_paid: false });
      makeRegistration(ctx, event, { state: 'cancelled', receipt_paid: true });
      makeRegistration(ctx, event, { state: 'confirmed', receipt_paid: true });
    });
    const counts = await countRegistrations(client, 'acme/conf-2026/registrations');
    expect(counts).toEqual({
      ok: true,
      value: {
        all: 34,
        byState: { complete: 31, confirmed: 1, incomplete: 1, cancelled: 1, paid: 32, unpaid: 2 },
      },
    });
    expect(urls).toHaveLength(6);
    for (const url of urls) {
      expect(url.searchParams.get('page[size]')).toBe('1');
      expect(url.searchParams.getAll('search[states][]')).toHaveLength(1);
    }
  });

  it('collects every release across pages, and says when the cap cut them short', async () => {
    const { service, ctx, event, client, urls } = await setup();
    await service.write(() => {
      for (let i = 1; i <= 120; i++) makeRelease(ctx, event, { slug: `r${i}`, title: `R${i}`, position: i });
    });
    const all = await collect(client, 'acme/conf-2026/releases', 'releases');
    expect(all.ok && all.value.records.length).toBe(121);
    expect(all.ok && all.value.complete).toBe(true);
    expect(urls.map((u) => u.searchParams.get('page[number]'))).toEqual(['1', '2']);
    const capped = await collect(client, 'acme/conf-2026/releases', 'releases', 50, 2);
    expect(capped.ok && capped.value).toMatchObject({ total: 121, complete: false });
    expect(capped.ok && capped.value.records).toHaveLength(100);
  });

  it.each(['live30', 'live31'] as const)('sums what each release sold and took with %s', async (token) => {
    const { service, ctx, event, release, client } = await setup(token);
    await service.write(() => {
      const vip = makeRelease(ctx, event, {
        slug: 'vip',
        title: 'VIP',
        price: '120.00',
        quantity: 2,
        position: 1,
      });
      makeRelease(ctx, event, {
        slug: 'late',
        title: 'Late',
        start_at: '2026-07-01T00:00:00.000Z',
        position: 2,
      });
      const reg = makeRegistration(ctx, event, { total: '220.00' });
      makeTicket(ctx, reg, release);
      makeTicket(ctx, reg, release);
      makeTicket(ctx, reg, vip);
      makeTicket(ctx, reg, vip, { state: 'void' });
      makeCheckinList(ctx, event, { release_ids: [release.id] });
    });
    const releases = await collect(client, 'acme/conf-2026/releases', 'releases');
    if (!releases.ok) throw new Error(releases.reason);
    const summary = summariseReleases(releases.value.records, Date.parse(NOW));
    expect(summary.sold).toBe(3);
    expect(summary.revenue).toBe(220);
    expect(summary.available).toBeNull();
    expect(summary.lines.map((l) => [l.title, l.sale.kind, l.sold, l.available])).toEqual([
      ['General', 'on-sale', 2, null],
      ['VIP', 'on-sale', 1, 1],
      ['Late', 'upcoming', 0, null],
    ]);
    const lists = await collect(client, 'acme/conf-2026/checkin_lists', 'checkin_lists');
    expect(lists.ok && lists.value.records[0]).toMatchObject({ title: 'Main door', tickets_count: 2 });
  });
});
