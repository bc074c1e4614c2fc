import { describe, expect, it } from 'vitest';
import { bracketPath, readAttributes } from '../../src/http/body';
import { formatInZone, zonedToUtc } from '../../src/mock-api/http/format';
import { uniqueTitleSlug } from '../../src/mock-api/http/slugs';
import { Attributes } from '../../src/mock-api/http/validation';
import '../../src/mock-api/model';
import { Store } from '../../src/mock-api/store/store';
import { call, createTestService } from './support';

describe('connectivity check', () => {
  it('answers /hello with the masked token, mode and accounts', async () => {
    const { service } = createTestService();
    const res = await call(service, 'GET', '/v3/hello', { token: 'test31' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      authenticated: true,
      access_token: '*dddd',
      lookup_mode: 'test',
      accounts: ['acme'],
    });
  });

  it('accepts Bearer and quoted tokens', async () => {
    const { service } = createTestService();
    for (const header of ['Bearer live-token-30-aaaa', 'Token token="live-token-30-aaaa"']) {
      const res = await call(service, 'GET', '/v3/hello', {
        token: null,
        headers: { Authorization: header },
      });
      expect(res.status).toBe(200);
    }
  });
});

describe('errors', () => {
  it('answers 401 in the 3.1 shape with ?version=3.1 and without a token', async () => {
    const { service } = createTestService();
    const res = await call(service, 'GET', '/v3/hello?version=3.1', { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, message: 'The API token is missing.' });
    expect(typeof res.body.hint).toBe('string');
  });

  it('answers 401 in 3.0 with errors.api_token', async () => {
    const { service } = createTestService();
    const res = await call(service, 'GET', '/v3/hello', {
      token: null,
      headers: { Authorization: 'Token token=nope' },
    });
    expect(res.status).toBe(401);
    expect(res.body.errors).toEqual({ api_token: ["can't be blank"] });
  });

  it('answers an unknown endpoint with 404 per version', async () => {
    const { service } = createTestService();
    const v31 = await call(service, 'GET', '/v3/acme/conf/nonsense/1', { token: 'live31' });
    expect(v31.status).toBe(404);
    expect(v31.body).toMatchObject({
      status: 404,
      message: 'Resource not found',
      test_mode: false,
      access_token: '*bbbb',
    });
    const v30 = await call(service, 'GET', '/v3/acme/conf/nonsense/1', { token: 'live30' });
    expect(v30.body).toMatchObject({ status: 404, lookup_mode: 'live', access_token: '*aaaa' });
  });

  it('answers CORS preflight without a token, naming only a configured origin', async () => {
    const { service } = createTestService({ corsOrigins: ['https://organiser.example'] });
    const preflight = (origin: string) =>
      service.handle(
        new Request('http://mock.test/v3/hello', {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        }),
      );
    const allowed = await preflight('https://organiser.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://organiser.example');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('Authorization');
    const other = await preflight('https://elsewhere.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('store transactions', () => {
  it('rolls back inserts, updates and deletes exactly, indexes included', () => {
    const store = new Store();
    const kept = store.insert('accounts', { slug: 'a', name: 'A', created_at: '', updated_at: '' });
    store.begin();
    store.insert('accounts', { slug: 'b', name: 'B', created_at: '', updated_at: '' });
    store.update('accounts', kept.id, { slug: 'changed' });
    store.rollback();
    expect(store.all('accounts')).toEqual([kept]);
    expect(store.findOne('accounts', 'bySlug', 'a')).toEqual(kept);
    expect(store.findOne('accounts', 'bySlug', 'changed')).toBeUndefined();
    store.begin();
    store.delete('accounts', kept.id);
    expect(store.pendingChange().changes).toEqual([{ table: 'accounts', id: kept.id, row: null }]);
    store.rollback();
    expect(store.get('accounts', kept.id)).toEqual(kept);
  });

  it('replays an exported state and committed changes into the same records', () => {
    const store = new Store();
    store.begin();
    store.insert('accounts', { slug: 'a', name: 'A', created_at: '', updated_at: '' });
    const change = store.pendingChange();
    store.commit();
    const copy = new Store();
    copy.apply(change);
    copy.apply(change);
    expect(copy.exportState().tables).toEqual(store.exportState().tables);
    expect(copy.insert('accounts', { slug: 'b', name: 'B', created_at: '', updated_at: '' }).id).toBe(2);
  });
});

describe('request bodies', () => {
  const post = (body: string, type = 'application/json') =>
    new Request('http://x/', { method: 'POST', body, headers: { 'content-type': type } });

  it('reads nested JSON, flat bracket keys and form-urlencoded arrays alike', async () => {
    expect(await readAttributes(post('{"activity":{"name":"A"}}'), 'activity')).toEqual({ name: 'A' });
    expect(await readAttributes(post('{"activity[name]":"A"}'), 'activity')).toEqual({ name: 'A' });
    const form = 'activity[name]=A&activity[release_ids][]=1&activity[release_ids][]=2';
    expect(await readAttributes(post(form, 'application/x-www-form-urlencoded'), 'activity')).toEqual({
      name: 'A',
      release_ids: ['1', '2'],
    });
    expect(bracketPath('a[b][]')).toEqual(['a', 'b', '']);
  });

  it('rejects bad JSON with 400 and a huge body with 413', async () => {
    await expect(readAttributes(post('{nope'), 'x')).rejects.toMatchObject({ status: 400 });
    await expect(readAttributes(post('[1]'), 'x')).rejects.toMatchObject({ status: 400 });
    await expect(readAttributes(post(`{"x":"${'a'.repeat(1_100_000)}"}`), 'x')).rejects.toMatchObject({
      status: 413,
    });
  });

  it('collects validation messages per attribute', () => {
    const attrs = new Attributes({ value: 'abc', type: 'Wrong', quantity: '12' });
    attrs.required('code', attrs.string('code'));
    attrs.inclusion('type', attrs.string('type'), ['MoneyOffDiscountCode']);
    expect(attrs.decimal('value')).toBeUndefined();
    expect(attrs.integer('quantity')).toBe(12);
    expect(attrs.errors.errors).toEqual({
      code: ["can't be blank"],
      type: ['is not included in the list'],
      value: ['is not a number'],
    });
  });
});

describe('formats', () => {
  it('formats datetimes with milliseconds in the event offset', () => {
    expect(formatInZone('2026-03-28T21:56:22Z', 'America/New_York')).toBe('2026-03-28T17:56:22.000-04:00');
    expect(formatInZone('2026-01-10T10:00:00Z', 'Asia/Kolkata')).toBe('2026-01-10T15:30:00.000+05:30');
    expect(formatInZone('2026-01-10T10:00:00Z', 'UTC')).toBe('2026-01-10T10:00:00.000Z');
    expect(zonedToUtc('2026-07-01', '09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
  });

  it('makes title slugs unique with a suffix', () => {
    const taken = new Set(['early-bird']);
    expect(uniqueTitleSlug('Early Bird!', (s) => taken.has(s))).toBe('early-bird-2');
  });
});
