// 1,000 random bodies and query strings against every Admin API create and update endpoint:
// each answer is a documented status with a JSON body (none for 204), never a 500, and a
// rejected request leaves every record as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeBasics, makeCheckinList, makeQuestion, makeRegistration, makeTicket } from '../factories';
import { type TokenName, call, createTestService } from '../support';

const DOCUMENTED = new Set([200, 201, 202, 204, 400, 403, 404, 413, 415, 422]);
const EVENT = '/v3/acme/conf-2026';

/** Resource name in the body, and a valid body that creates one (for the update paths). */
const RESOURCES: [path: string, resource: string, valid: Record<string, unknown>][] = [
  ['activities', 'activity', { name: 'Workshop' }],
  ['checkin_lists', 'checkin_list', { title: 'Side door' }],
  ['discount_codes', 'discount_code', { code: 'FUZZ', type: 'PercentOffDiscountCode', value: 10 }],
  ['interested_users', 'interested_user', { email: 'someone@example.com' }],
  ['opt_ins', 'opt_in', { name: 'Newsletter' }],
  ['questions', 'question', { title: 'Shoe size', field_type: 'Text' }],
  ['releases', 'release', { title: 'Late Bird' }],
  [
    'registrations',
    'registration',
    { name: 'Fuzz Person', email: 'fuzz@example.com', line_items: [{ release_id: 1, quantity: 1 }] },
  ],
  ['rsvp_lists', 'rsvp_list', { title: 'Guests' }],
  ['venues', 'venue', { name: 'Hall B' }],
  [
    'webhook_endpoints',
    'webhook_endpoint',
    { url: 'https://hooks.example/x', included_triggers: ['checkin.created'] },
  ],
];

const ATTRIBUTES = [
  'name',
  'title',
  'email',
  'code',
  'type',
  'value',
  'capacity',
  'date',
  'start_time',
  'end_time',
  'quantity',
  'price',
  'release_ids',
  'question_ids',
  'activity_ids',
  'expires_at',
  'field_type',
  'options',
  'required',
  'line_items',
  'start_at',
  'end_at',
  'description',
  'hide_unpaid',
  'show_email',
  'slug',
  'start_date',
  'end_date',
  'timezone',
  'url',
  'state',
  'total',
  'first_name',
  'metadata',
  'secret',
  'min_tickets_per_person',
  'included_triggers',
];

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('', '2026-13-45', '25:99', 'Text', 'MoneyOffDiscountCode', '1e400', '-1', 'null', 'true'),
  fc.array(fc.oneof(fc.integer({ min: -2, max: 5 }), fc.string({ maxLength: 4 })), { maxLength: 3 }),
);

const attrs = fc.dictionary(fc.oneof(fc.constantFrom(...ATTRIBUTES), fc.string({ maxLength: 6 })), value, {
  maxKeys: 5,
});

function encode(
  resource: string,
  shape: number,
  attributes: Record<string, unknown>,
): { body: string; type: string } {
  if (shape === 0) return { body: JSON.stringify({ [resource]: attributes }), type: 'application/json' };
  if (shape === 1) {
    const flat = Object.fromEntries(Object.entries(attributes).map(([k, v]) => [`${resource}[${k}]`, v]));
    return { body: JSON.stringify(flat), type: 'application/json' };
  }
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(attributes)) {
    for (const item of Array.isArray(v) ? v : [v])
      form.append(`${resource}[${k}]${Array.isArray(v) ? '[]' : ''}`, String(item));
  }
  return { body: form.toString(), type: 'application/x-www-form-urlencoded' };
}

describe('Admin API writes under random input', () => {
  it('answer documented statuses with JSON and change nothing when rejecting', {
    timeout: 300_000,
  }, async () => {
    const { service, ctx } = createTestService();
    await service.ready;
    await service.write(() => {
      const { event, release } = makeBasics(ctx);
      const registration = makeRegistration(ctx, event);
      makeTicket(ctx, registration, release);
      makeCheckinList(ctx, event);
      makeQuestion(ctx, event);
    });
    const updatePaths: string[] = ['/v3/acme/conf-2026'];
    for (const [path, resource, valid] of RESOURCES) {
      const created = await call(service, 'POST', `${EVENT}/${path}`, { body: { [resource]: valid } });
      const record = created.body?.[resource];
      const key = record?.slug ?? record?.id ?? 999999;
      updatePaths.push(`${EVENT}/${path}/${key}`);
    }
    const missing = updatePaths.filter((p) => p.endsWith('/999999'));
    expect(missing).toEqual([]);
    const creates = [
      ...RESOURCES.map(([path, resource]) => [`${EVENT}/${path}`, resource]),
      ['/v3/acme/events', 'event'],
    ];
    const updates = updatePaths.map((path, i) => [path, i === 0 ? 'event' : (RESOURCES[i - 1]?.[1] ?? 'x')]);
    const target = fc.oneof(
      fc
        .constantFrom(...creates)
        .map(([path, resource]) => ({ method: 'POST', path: path as string, resource: resource as string })),
      fc
        .constantFrom(...updates)
        .map(([path, resource]) => ({ method: 'PATCH', path: path as string, resource: resource as string })),
    );
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        target,
        attrs,
        fc.nat({ max: 3 }),
        fc.constantFrom<TokenName>('live30', 'live31', 'test30', 'test31'),
        fc.oneof(
          fc.constant(''),
          fc.string({ maxLength: 12 }).map((s) => `?version=3.1&expand=${encodeURIComponent(s)}`),
        ),
        async ({ method, path, resource }, attributes, shape, token, query) => {
          const encoded =
            shape === 3
              ? { body: JSON.stringify(attributes).slice(0, 20), type: 'application/json' }
              : encode(resource, shape, attributes);
          const before = JSON.stringify(ctx.store.exportState().tables);
          const res = await call(service, method, `${path}${query}`, {
            token,
            body: encoded.body,
            contentType: encoded.type,
          });
          const label = `${method} ${path} ${res.status} ${encoded.body.slice(0, 120)}`;
          if (!DOCUMENTED.has(res.status)) failures.push(label);
          if (res.status !== 204 && res.body === null) failures.push(`no JSON: ${label}`);
          if (res.status >= 400 && JSON.stringify(ctx.store.exportState().tables) !== before)
            failures.push(`changed: ${label}`);
        },
      ),
      { numRuns: 1000, seed: 4242 },
    );
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
