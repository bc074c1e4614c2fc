// Replays every interaction the real service recorded (test/fixtures/reference/recorded-admin-3.1.json)
// against the mock with a live 3.1 token, and checks status, content type, envelope, every
// recorded key present with the same JSON type (meta included).
//
// Each cassette runs on a fresh service seeded through the API itself with records like the
// ones the recording found (release "Basic", a registration, an activity, ...). Ids and slugs
// are mapped from the recording to the mock's by walking each recorded answer alongside the
// mock's, so a later step's path (`DELETE activities/1096235`) uses the mock's id.
//
// Each request goes as recorded, only the account's placeholder and learnt ids replaced: the
// recorded `GET events` (no account in the path: the token's own events) is sent as `/v3/events`.
//
// Resources of the recordings that no spec document covers: venues (venues_list), webhook
// endpoints (webhook_endpoints_crud, webhook_endpoints_list) and waitlisted people
// (waitlisted_people_list). All three are implemented (admin/venues.ts, webhook-endpoints.ts,
// waitlisted-people.ts), so every recorded interaction is replayed against a real route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeAccount, makeEvent } from './factories';
import { type CallResult, NOW, TOKENS, call, createTestService } from './support';
import { referenceDir, shapeDifferences } from './admin/shape';
import { tolerated } from './reference-tolerance';

interface Step {
  method: string;
  path: string;
  query: string;
  requestBody: unknown;
  status: number;
  contentType: string | null;
  responseBody: unknown;
}

interface Recording {
  cassettes: { name: string; steps: Step[] }[];
}

const recording = JSON.parse(
  readFileSync(path.join(referenceDir, 'recorded-admin-3.1.json'), 'utf8'),
) as Recording;

type Service = ReturnType<typeof createTestService>['service'];

async function post(service: Service, resource: string, body: unknown): Promise<CallResult> {
  return call(service, 'POST', `/v3/acme/test-event-1/${resource}`, { token: 'live31', body });
}

/** Records like the ones the recorded account held, made through the mock's own API. */
async function seed(): Promise<{ service: Service; problems: string[] }> {
  const t = createTestService();
  await t.service.ready;
  await t.service.write(() => {
    const account = makeAccount(t.ctx);
    makeEvent(t.ctx, account, { slug: 'test-event-1', title: 'Test Event 1', timezone: 'America/New_York' });
  });
  const { service } = t;
  const problems: string[] = [];
  const check = async (what: string, result: Promise<CallResult>) => {
    const res = await result;
    if (res.status >= 300) problems.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
    return res;
  };
  const release = await check('release', post(service, 'releases', { release: { title: 'Basic' } }));
  await check(
    'release activation',
    call(service, 'PATCH', '/v3/acme/test-event-1/releases/basic/activation', { token: 'live31', body: {} }),
  );
  const releaseId = release.body?.release?.id;
  await check(
    'registration',
    post(service, 'registrations', {
      registration: {
        name: 'Joshua Paine',
        email: 'joshua@example.com',
        company_name: 'Just Me',
        job_title: 'Second Secretary to the Janitor',
        line_items: [{ release_id: releaseId, quantity: 1 }],
      },
    }),
  );
  await check('activity', post(service, 'activities', { activity: { name: 'Workshop: Getting Started' } }));
  await check(
    'question',
    post(service, 'questions', {
      question: { title: 'What is your t-shirt size?', field_type: 'Select', options: 'S\nM\nL\nXL' },
    }),
  );
  await check(
    'discount code',
    post(service, 'discount_codes', {
      discount_code: { code: 'TESTCODE50', type: 'PercentOffDiscountCode', value: '50' },
    }),
  );
  await check(
    'interested user',
    post(service, 'interested_users', {
      interested_user: { email: 'interested@example.com', name: 'Test User' },
    }),
  );
  await check(
    'opt-in',
    post(service, 'opt_ins', {
      opt_in: { name: 'Email newsletter', description: 'Receive updates about future events' },
    }),
  );
  await check('check-in list', post(service, 'checkin_lists', { checkin_list: { title: 'Main entrance' } }));
  const list = await check(
    'RSVP list',
    post(service, 'rsvp_lists', { rsvp_list: { title: 'VIP Invitations' } }),
  );
  await service.write(() => {
    t.ctx.store.insert('release_invitations', {
      event_id: list.body?.rsvp_list ? (t.ctx.store.all('events')[0]?.id ?? 0) : 0,
      rsvp_list_id: list.body?.rsvp_list?.id ?? 0,
      slug: 'rsvp_pseededinvitation00000',
      email: 'vip@example.com',
      first_name: 'VIP',
      last_name: 'Guest',
      discount_code: null,
      expires_at: null,
      redirect: false,
      release_ids: releaseId ? [releaseId] : [],
      status: null,
      registration_id: null,
      created_at: NOW,
      updated_at: NOW,
    });
  });
  await check(
    'venue',
    post(service, 'venues', { venue: { name: 'Conference Center', address: '123 Main St' } }),
  );
  await check(
    'webhook endpoint',
    post(service, 'webhook_endpoints', {
      webhook_endpoint: {
        url: 'https://example.com/webhooks/tito',
        included_triggers: ['registration.completed'],
      },
    }),
  );
  return { service, problems };
}

/** Walks a recorded answer alongside the mock's and remembers which id and slug became which. */
function learnIds(recorded: unknown, ours: unknown, map: Map<string, string>): void {
  if (Array.isArray(recorded) && Array.isArray(ours)) {
    for (const [i, item] of recorded.entries()) learnIds(item, ours[i], map);
    return;
  }
  if (!recorded || !ours || typeof recorded !== 'object' || typeof ours !== 'object') return;
  const mine = ours as Record<string, unknown>;
  for (const [key, value] of Object.entries(recorded as Record<string, unknown>)) {
    if (key === 'meta') continue;
    const other = mine[key];
    if (
      (key === 'id' || key === 'slug') &&
      (typeof value === 'number' || typeof value === 'string') &&
      other != null
    ) {
      map.set(String(value), String(other));
    } else learnIds(value, other, map);
  }
}

function mockPath(step: Step, map: Map<string, string>): string {
  const segments = step.path.split('/').map((s) => (s === '<TITO_ACCOUNT>' ? 'acme' : (map.get(s) ?? s)));
  return `/v3/${segments.join('/')}${step.query ? `?${step.query}` : ''}`;
}

/** A recorded non-empty list must not come back empty, or its items' shape goes unchecked. */
function emptyLists(recorded: unknown, ours: unknown): string[] {
  if (!recorded || typeof recorded !== 'object' || !ours || typeof ours !== 'object') return [];
  return Object.entries(recorded as Record<string, unknown>)
    .filter(([key, value]) => key !== 'meta' && Array.isArray(value) && value.length > 0)
    .filter(([key]) => {
      const mine = (ours as Record<string, unknown>)[key];
      return !Array.isArray(mine) || mine.length === 0;
    })
    .map(([key]) => `${key}: recorded items but the mock listed none`);
}

async function replay(step: Step, service: Service, map: Map<string, string>): Promise<string[]> {
  const target = mockPath(step, map);
  const response = await service.handle(
    new Request(`http://mock.test${target}`, {
      method: step.method,
      headers: {
        Authorization: `Token token=${TOKENS.live31}`,
        Accept: 'application/json',
        ...(step.requestBody !== null ? { 'Content-Type': 'application/json' } : {}),
      },
      body: step.requestBody !== null ? JSON.stringify(step.requestBody) : undefined,
    }),
  );
  const text = await response.text();
  const where = `${step.method} ${target}`;
  const problems: string[] = [];
  if (response.status !== step.status)
    problems.push(`${where}: status ${response.status}, recorded ${step.status}: ${text.slice(0, 300)}`);
  if (step.responseBody === null) {
    if (text !== '') problems.push(`${where}: recorded no body, got ${text.slice(0, 100)}`);
    return problems;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) problems.push(`${where}: content type ${type}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `${where}: not JSON: ${text.slice(0, 100)}`];
  }
  const recordedKeys = Object.keys(step.responseBody as object).sort();
  const ourKeys = Object.keys((body ?? {}) as object).sort();
  if (recordedKeys.join() !== ourKeys.join())
    problems.push(`${where}: envelope ${ourKeys}, recorded ${recordedKeys}`);
  problems.push(
    ...shapeDifferences(step.responseBody, body)
      .filter((d) => !tolerated(step.responseBody, d))
      .map((d) => `${where}: ${d}`),
  );
  problems.push(...emptyLists(step.responseBody, body).map((d) => `${where}: ${d}`));
  learnIds(step.responseBody, body, map);
  return problems;
}

describe('replay of the recorded Admin API 3.1 traffic', () => {
  it('holds the 42 recorded interactions', () => {
    expect(recording.cassettes.flatMap((c) => c.steps)).toHaveLength(42);
  });

  for (const cassette of recording.cassettes) {
    it(`${cassette.name}: ${cassette.steps.map((s) => `${s.method} ${s.path.split('/').slice(2).join('/') || s.path}`).join(', ')}`, async () => {
      const { service, problems: seeding } = await seed();
      const map = new Map<string, string>();
      const problems: string[] = [];
      for (const step of cassette.steps) problems.push(...(await replay(step, service, map)));
      const seedNote = seeding.length > 0 ? [`(seeding: ${seeding.join('; ')})`] : [];
      expect(problems.length === 0 ? [] : [...problems, ...seedNote]).toEqual([]);
    });
  }
});
