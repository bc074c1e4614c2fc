// Exports read every page of an event resource from the mock's Admin API, in process.
import { describe, expect, it } from 'vitest';
import { createAdminClient, eventPath } from '../../src/api/admin-client';
import { EXPORT_PAGE_SIZE, listAllPages } from '../../src/api/admin-export';
import { recordsToCsv } from '../../src/domain/csv';
import { createTestService, TOKENS } from '../mock-api/support';

async function eventWithRegistrations(count: number) {
  const { service } = createTestService();
  const requests: URL[] = [];
  const client = createAdminClient({
    baseUrl: 'http://mock.test/v3',
    token: TOKENS.live31,
    fetch: (r) => {
      requests.push(new URL(r.url));
      return service.handle(r);
    },
  });
  const event = await client.create('acme/events', 'event', {
    title: 'Gala',
    email_address: 'team@acme.example',
  });
  if (!event.ok) throw new Error(event.reason);
  const slug = String(event.value.slug);
  const release = await client.create(eventPath('acme', slug, 'releases'), 'release', {
    title: 'Standard',
    price: '20.00',
    quantity: 1000,
  });
  if (!release.ok) throw new Error(release.reason);
  await client.action('PATCH', eventPath('acme', slug, 'releases', String(release.value.slug), 'activation'));
  for (let i = 0; i < count; i++) {
    const made = await client.create(eventPath('acme', slug, 'registrations'), 'registration', {
      name: i === 0 ? '=HYPERLINK("http://x")' : `Person ${i}`,
      email: `p${i}@example.com`,
      line_items: [{ release_id: release.value.id, quantity: 1 }],
    });
    if (!made.ok) throw new Error(made.reason);
  }
  return { client, slug, requests };
}

describe('exporting an event resource', () => {
  it('reads every page, not only the first, and writes each record once', async () => {
    const count = EXPORT_PAGE_SIZE + 5;
    const { client, slug, requests } = await eventWithRegistrations(count);
    requests.length = 0;
    const pages: number[] = [];
    const all = await listAllPages(client, eventPath('acme', slug, 'tickets'), 'tickets', {}, (done) =>
      pages.push(done),
    );
    if (!all.ok) throw new Error(all.reason);
    expect(all.value).toHaveLength(count);
    expect(new Set(all.value.map((t) => t.reference)).size).toBe(count);
    expect(pages).toEqual([1, 2]);
    expect(requests.map((u) => u.searchParams.get('page[number]'))).toEqual(['1', '2']);

    const csv = recordsToCsv(all.value, ['reference', 'email']);
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(count + 1);
    expect(lines[0]!.startsWith('\uFEFF"reference","email"')).toBe(true);
  });

  it('passes on a failure of any page as the failure of the export', async () => {
    const { client } = await eventWithRegistrations(0);
    const result = await listAllPages(
      client,
      eventPath('acme', 'no-such-event', 'registrations'),
      'registrations',
    );
    expect(result).toMatchObject({ ok: false, reason: 'not-found' });
  });
});
