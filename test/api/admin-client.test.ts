// The Admin API client against the mock service's `handle`, in process, in both versions.
import { describe, expect, it } from 'vitest';
import { type AdminClient, createAdminClient, eventPath } from '../../src/api/admin-client';
import { parseErrorBody } from '../../src/api/admin-failure';
import { createTestService, TOKENS, type TokenName } from '../mock-api/support';

function setup(token: TokenName = 'test31') {
  const { service } = createTestService();
  const client = (name: TokenName): AdminClient =>
    createAdminClient({
      baseUrl: 'http://mock.test/v3',
      token: TOKENS[name],
      fetch: (r) => service.handle(r),
    });
  return { service, client: client(token), clientFor: client };
}

async function newEvent(client: AdminClient, title = 'Spring Gala') {
  const created = await client.create('acme/events', 'event', { title, email_address: 'team@acme.example' });
  if (!created.ok) throw new Error(`event not created: ${created.reason}`);
  return String(created.value.slug);
}

describe('admin client', () => {
  it('says who the token belongs to, its mode and accounts', async () => {
    const { client } = setup('test31');
    const hello = await client.hello();
    expect(hello).toMatchObject({
      ok: true,
      value: { authenticated: true, lookup_mode: 'test', accounts: ['acme'] },
    });
    if (hello.ok) expect(hello.value.access_token).toBe(`*${TOKENS.test31.slice(-4)}`);
  });

  it('turns a refused token into "unauthorised" without leaking it', async () => {
    const { service } = setup();
    const client = createAdminClient({
      baseUrl: 'http://mock.test/v3',
      token: 'nope',
      fetch: (r) => service.handle(r),
    });
    const result = await client.hello();
    expect(result).toMatchObject({ ok: false, reason: 'unauthorised', status: 401 });
    expect(JSON.stringify(result)).not.toContain('nope');
  });

  it.each(['test30', 'test31'] as const)(
    'creates, reads, lists, updates and deletes an event with %s',
    async (token) => {
      const { client } = setup(token);
      const slug = await newEvent(client);
      const got = await client.get(eventPath('acme', slug), 'event');
      expect(got).toMatchObject({ ok: true, value: { title: 'Spring Gala' } });
      const list = await client.list('acme/events', 'events', { page: 1, pageSize: 10 });
      expect(list.ok && list.value.records.map((r) => r.slug)).toContain(slug);
      expect(list.ok && list.value.meta.current_page).toBe(1);
      const updated = await client.update(eventPath('acme', slug), 'event', { location: 'Main hall' });
      expect(updated).toMatchObject({ ok: true, value: { location: 'Main hall' } });
      expect(await client.remove(eventPath('acme', slug))).toEqual({ ok: true, value: null });
      expect(await client.get(eventPath('acme', slug), 'event')).toMatchObject({
        ok: false,
        reason: 'not-found',
      });
    },
  );

  it.each(['test30', 'test31'] as const)('places 422 messages at their fields with %s', async (token) => {
    const { client } = setup(token);
    const empty = await client.create('acme/events', 'event', { title: '' });
    expect(empty).toMatchObject({ ok: false, reason: 'invalid', status: 422 });
    if (!empty.ok) expect(empty.fieldErrors?.title).toContain("can't be blank");

    const slug = await newEvent(client);
    const path = eventPath('acme', slug, 'discount_codes');
    const code = { code: 'EARLY', type: 'PercentOffDiscountCode', value: '10' };
    expect((await client.create(path, 'discount_code', code)).ok).toBe(true);
    const duplicate = await client.create(path, 'discount_code', code);
    expect(!duplicate.ok && duplicate.fieldErrors?.code).toContain('has already been taken');
    const unknown = await client.create(path, 'discount_code', { ...code, code: 'OTHER', type: 'HalfOff' });
    expect(!unknown.ok && unknown.fieldErrors?.type).toContain('is not included in the list');
  });

  it('creates a live registration with line items, whose tickets reach a check-in list of that release', async () => {
    const { client } = setup('live31');
    const slug = await newEvent(client);
    const releases = eventPath('acme', slug, 'releases');
    const a = await client.create(releases, 'release', { title: 'Standard', price: '20.00', quantity: 100 });
    const b = await client.create(releases, 'release', { title: 'VIP' });
    if (!a.ok || !b.ok) throw new Error('releases not created');
    const onSale = await client.action(
      'PATCH',
      eventPath('acme', slug, 'releases', String(a.value.slug), 'activation'),
    );
    expect(onSale.ok).toBe(true);
    const registration = await client.create(eventPath('acme', slug, 'registrations'), 'registration', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      line_items: [{ release_id: a.value.id, quantity: 2 }],
    });
    expect(registration.ok ? registration.value.tickets_count : registration).toBe(2);
    const offSale = await client.create(eventPath('acme', slug, 'registrations'), 'registration', {
      email: 'bob@example.com',
      line_items: [{ release_id: b.value.id, quantity: 1 }],
    });
    expect(!offSale.ok && offSale.fieldErrors?.base).toEqual(['VIP is currently unavailable']);
    const list = await client.create(eventPath('acme', slug, 'checkin_lists'), 'checkin_list', {
      title: 'Main door',
      release_ids: [a.value.id],
    });
    if (!list.ok) throw new Error(`list not created: ${list.reason}`);
    const read = await client.get(
      eventPath('acme', slug, 'checkin_lists', String(list.value.slug)),
      'checkin_list',
    );
    expect(read).toMatchObject({ ok: true, value: { tickets_count: 2, checked_in_count: 0 } });
  });

  it('sends search, states, sort and paging as list parameters', async () => {
    const requests: URL[] = [];
    const client = createAdminClient({
      baseUrl: 'http://x.test/v3/',
      token: 't',
      fetch: async (request) => {
        requests.push(new URL(request.url));
        expect(request.headers.get('authorization')).toBe('Token token=t');
        return Response.json({
          registrations: [],
          meta: { current_page: 2, total_pages: 2, total_count: 0 },
        });
      },
    });
    const page = await client.list('a/e/registrations', 'registrations', {
      page: 2,
      pageSize: 50,
      q: ' ada ',
      states: ['paid', 'unpaid'],
      sort: 'created_at',
      direction: 'desc',
    });
    expect(page.ok).toBe(true);
    const params = requests[0]?.searchParams;
    expect(requests[0]?.pathname).toBe('/v3/a/e/registrations');
    expect(params?.get('page[number]')).toBe('2');
    expect(params?.get('page[size]')).toBe('50');
    expect(params?.get('q')).toBe('ada');
    expect(params?.getAll('search[states][]')).toEqual(['paid', 'unpaid']);
    expect(params?.get('search[direction]')).toBe('desc');
  });

  it('reports a network failure and a 429 with its wait', async () => {
    const offline = createAdminClient({
      baseUrl: 'http://x.test/v3',
      token: 't',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await offline.hello()).toMatchObject({ ok: false, reason: 'network' });
    expect(
      parseErrorBody(429, { errors: { status: 429, title: 'Rate limited', detail: 'Slow down' } }, '3'),
    ).toMatchObject({
      reason: 'rate-limited',
      retryAfterMs: 3000,
      message: 'Rate limited',
      hint: 'Slow down',
    });
    expect(
      parseErrorBody(403, { status: 403, message: 'Forbidden', hint: 'no discount_codes' }, null),
    ).toMatchObject({
      reason: 'forbidden',
      message: 'Forbidden',
    });
  });
});
