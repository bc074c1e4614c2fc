// The relay's whitelist against the mock's own routes: every path the built-in service answers
// (which is every path the organiser screens and doors use) is forwarded with its method, and
// shapes outside the documents are refused before anything is decoded.
import { describe, expect, it } from 'vitest';
import { routeOf } from '../../src/relay/relay-paths';
import { createRouter } from '../../src/mock-api/router';
import { createTestService } from '../mock-api/support';

const { service } = createTestService();
const routes = createRouter(service.context)
  .routes.filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
  .map((route) => ({ method: route.method, path: route.path.replace(/:[a-z_]+/g, 'x_1-Y') }));

describe('the relay’s path whitelist', () => {
  it('forwards every route the built-in service answers, with its method', () => {
    expect(routes.length).toBeGreaterThan(80);
    for (const { method, path } of routes) {
      const verdict = routeOf(method, `${path}?page=2&since=1700000000.123&expand=release,ticket`);
      expect({ method, path, ok: verdict.ok }).toEqual({ method, path, ok: true });
    }
  });

  it('names the list slug of a check-in list path and keeps the query as sent', () => {
    expect(routeOf('POST', '/checkin/checkin_lists/chk_abc123/checkins?x=%20y')).toEqual({
      ok: true,
      route: {
        api: 'checkin',
        listSlug: 'chk_abc123',
        path: '/checkin_lists/chk_abc123/checkins',
        query: 'x=%20y',
      },
    });
  });

  it.each([
    ['GET', '/v3/../__mock/reset', 404],
    ['GET', '/v3/%2e%2e/hello', 404],
    ['GET', '/v3/demo/ev/.%2e/x', 404],
    ['GET', '/checkin/checkin_lists/a%2fb', 404],
    ['GET', '/checkin/checkin_lists/a\\b', 404],
    ['GET', 'http://evil.example/v3/hello', 400],
    ['GET', '//evil.example/v3/hello', 400],
    ['GET', '/v3/hello?a=b#c', 400],
    ['GET', '/v3/hello?a b', 400],
    ['GET', `/v3/hello?${'a'.repeat(3000)}`, 400],
    ['GET', `/v3/${'a'.repeat(5000)}`, 414],
    ['GET', '/v3', 404],
    ['GET', '/v3/demo/ev/secrets', 404],
    ['GET', '/v3/demo/ev/releases/1/nuke', 404],
    ['POST', '/v3/demo/ev/refunds', 405],
    ['PUT', '/checkin/checkin_lists/chk_abc', 405],
    ['DELETE', '/checkin/checkin_lists/chk_abc', 405],
    ['OPTIONS', '/v3/hello', 405],
    ['GET', '/checkin', 404],
    ['GET', '/checkin/checkin_lists', 404],
  ])('refuses %s %s with %i', (method, target, status) => {
    const verdict = routeOf(method, target);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.status).toBe(status);
  });
});
