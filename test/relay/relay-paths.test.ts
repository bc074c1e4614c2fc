// The relay's whitelist against the mock's own routes: every path the built-in service answers
// (which is every path the organiser screens and doors use) is forwarded with its method, and
// shapes outside the documents are refused before anything is decoded.
import fc from 'fast-check';
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

  it('takes a path as the real router does: `//` collapsed, one trailing `/` dropped, `.json` taken', () => {
    for (const { method, path } of routes) {
      const clean = routeOf(method, `${path}?page=2`);
      for (const variant of [
        `${path}/`,
        `${path}.json`,
        `${path}.json/`,
        path.replace(/^\/(v3|checkin)\//, '/$1//').replace(/\/([^/]+)$/, '//$1'),
      ]) {
        const verdict = routeOf(method, `${variant}?page=2`);
        expect({ method, variant, verdict }).toEqual({ method, variant, verdict: clean });
      }
    }
    expect(routeOf('POST', '/checkin/checkin_lists/chk_abc123//checkins/')).toEqual({
      ok: true,
      route: {
        api: 'checkin',
        listSlug: 'chk_abc123',
        path: '/checkin_lists/chk_abc123/checkins',
        query: '',
      },
    });
    expect(routeOf('GET', '/v3/events?page[number]=1')).toMatchObject({
      ok: true,
      route: { path: '/events' },
    });
    expect(routeOf('GET', '/v3/demo.json')).toMatchObject({ ok: true, route: { path: '/demo' } });
  });

  it.each([
    // Normalising never opens a way out of the whitelist.
    ['GET', '/v3/demo/ev/secrets.json', 404],
    ['GET', '/v3/demo/ev/releases/1/nuke.json/', 404],
    ['POST', '/v3/hello.json', 405],
    ['GET', '/checkin/checkin_lists/chk_abc.json/tickets', 404],
    ['GET', '/checkin/checkin_lists/chk_abc/tickets/.json', 404],
    ['GET', '/checkin/checkin_lists/chk_abc/.json', 404],
    ['GET', '/v3/%2F/hello', 404],
    ['GET', '/v3/%2f%2fhello', 404],
    ['GET', '/v3/./hello', 404],
    ['GET', '/v3/.//hello', 404],
    ['GET', '/v3//../__mock/reset', 404],
    ['GET', '/v3/demo/..//..//__mock/faults', 404],
    ['GET', '/v3/%2e/hello', 404],
    ['GET', '/v3/hello%2Ejson', 404],
    ['GET', '/v3/hello.json.json', 404],
    ['GET', '/checkin/checkin_lists/chk_abc/checkins/..%2f..%2fv3%2fhello.json', 404],
    ['GET', '/checkin/.json', 404],
    ['GET', '/v3/.json', 404],
    ['GET', '///evil.example/v3/hello', 400],
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
    // One segment under /v3 is /hello, /events or an account; never a resource's name.
    ['GET', '/v3/webhook_endpoints', 404],
    ['GET', '/v3/releases.json', 404],
    ['GET', '/v3/__proto__', 404],
  ])('refuses %s %s with %i', (method, target, status) => {
    const verdict = routeOf(method, target);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.status).toBe(status);
  });
});

// Targets built from the pieces a hostile client tries, around the whitelisted routes: any the
// relay accepts is forwarded under a path of plain segments only (no dot, no percent, no empty
// segment), and that path is one of the whitelist's shapes, never something the target only
// became after decoding or resolving.
describe('the relay’s whitelist under fuzzed paths', () => {
  const tricks = [
    '',
    '/',
    '//',
    '.',
    '..',
    '%2F',
    '%2f',
    '%2e',
    '%2E%2E',
    '.json',
    '/.json',
    '%00',
    '\\',
    '%252e',
    ';',
    '~',
  ];
  // Each trick goes anywhere in the path, from its first character to its last: into the prefix,
  // a list or account slug, a resource's name or a record's id alike. `segment` is the index of
  // the segment the trick landed in (0 is `v3` or `checkin`).
  const target = fc
    .tuple(
      fc.constantFrom(...routes),
      fc.array(fc.tuple(fc.nat({ max: 10_000 }), fc.constantFrom(...tricks)), { maxLength: 3 }),
      fc.constantFrom('', '/', '.json', '.json/', '//'),
    )
    .map(([route, inserts, tail]) => {
      let path = route.path;
      const landed: { at: number; segment: number; piece: string }[] = [];
      for (const [draw, piece] of inserts) {
        const at = draw % (path.length + 1);
        landed.push({ at, segment: path.slice(1, at).split('/').length - 1, piece });
        path = `${path.slice(0, at)}${piece}${path.slice(at)}`;
      }
      return { method: route.method, target: `${path}${tail}`, landed };
    });

  // The path as the real router takes it, worked out segment by segment rather than by the
  // relay's own `routedPath`: empty segments (a run of `/`, a trailing `/`) go, and the last
  // segment loses a `.json` suffix when something comes before it.
  const expectedRoute = (raw: string) => {
    const segments = raw
      .split('?')[0]!
      .split('/')
      .filter((segment) => segment !== '');
    const last = segments.length - 1;
    const bare = /^(.+)\.json$/.exec(segments[last] ?? '');
    if (bare) segments[last] = bare[1]!;
    return `/${segments.join('/')}`;
  };

  it('reads the router’s path as an independent reading does', () => {
    expect(expectedRoute('/v3//demo/ev.json/')).toBe('/v3/demo/ev');
    expect(expectedRoute('/checkin/checkin_lists/chk_a.json/tickets')).toBe(
      '/checkin/checkin_lists/chk_a.json/tickets',
    );
    expect(expectedRoute('/v3/.json')).toBe('/v3/.json');
  });

  it('forwards only plain segments, exactly the normalised raw path, whatever the tricks', () => {
    let accepted = 0;
    // Which segments the (non-empty) tricks landed in, and, for accepted targets, in which segments
    // past the eighth character: the fuzz must reach a slug, a resource and an id, not the prefix only.
    const deepAccepted = new Map<number, number>();
    const reached = new Set<number>();
    fc.assert(
      fc.property(target, ({ method, target: raw, landed }) => {
        for (const { segment, piece } of landed) if (piece) reached.add(segment);
        const verdict = routeOf(method, raw);
        if (!verdict.ok) return;
        accepted++;
        for (const { at, segment, piece } of landed)
          if (piece && at > 8) deepAccepted.set(segment, (deepAccepted.get(segment) ?? 0) + 1);
        const { path } = verdict.route;
        // Nothing decoded, resolved or dotted reaches the upstream address.
        expect(path).toMatch(/^(\/[A-Za-z0-9_-]+)+$/);
        const prefix = raw.startsWith('/v3') ? '/v3' : '/checkin';
        expect(`${prefix}${path}`).toBe(expectedRoute(raw));
        // The clean path gets the very same verdict: normalising is the only change.
        expect(routeOf(method, `${prefix}${path}`)).toEqual(verdict);
      }),
      { numRuns: 3000, seed: 37 },
    );
    for (const segment of [0, 1, 2, 3, 4])
      expect(reached, `a trick in segment ${segment}`).toContain(segment);
    expect([...deepAccepted.keys()].filter((segment) => segment >= 2).length).toBeGreaterThan(1);
    expect(accepted).toBeGreaterThan(300);
  });
});
