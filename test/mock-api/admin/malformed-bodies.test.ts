// Wrong types and shapes in the bodies of the create and update endpoints of document 2:
// each is a 4xx with a JSON body, never a 500, and a rejected request changes nothing.
import { describe, expect, it } from 'vitest';
import { makeBasics, makeRegistration } from '../factories';
import { call, createTestService } from '../support';

const E = '/v3/acme/conf-2026';

const BAD_VALUES: unknown[] = [
  null,
  42,
  'text',
  [],
  [1, 2],
  { nested: { deep: [{}] } },
  true,
  -1,
  1e308,
  '9'.repeat(400),
];

describe('malformed bodies', () => {
  it('never answers 500 nor changes a record', async () => {
    const t = createTestService();
    await t.service.ready;
    const { event } = await t.service.write(() => makeBasics(t.ctx));
    const reg = await t.service.write(() => makeRegistration(t.ctx, event));
    await call(t.service, 'POST', `${E}/rsvp_lists`, { body: { rsvp_list: { title: 'L' } } });
    const list = t.ctx.store.all('rsvp_lists')[0]!;
    const targets: [string, string, string, string[]][] = [
      [
        'POST',
        `${E}/releases`,
        'release',
        ['title', 'price', 'quantity', 'state', 'start_at', 'question_ids', 'translations', 'secret'],
      ],
      [
        'PATCH',
        `${E}/releases/general`,
        'release',
        ['title', 'price', 'min_tickets_per_person', 'pricing_type', 'metadata'],
      ],
      [
        'POST',
        `${E}/registrations`,
        'registration',
        ['email', 'name', 'line_items', 'discount_code', 'notify'],
      ],
      [
        'PATCH',
        `${E}/registrations/${reg.slug}`,
        'registration',
        ['email', 'total', 'billing_address_attributes', 'name'],
      ],
      ['POST', `${E}/rsvp_lists`, 'rsvp_list', ['title']],
      ['PATCH', `${E}/rsvp_lists/${list.slug}`, 'rsvp_list', ['title']],
      ['POST', `${E}/webhook_endpoints`, 'webhook_endpoint', ['url', 'included_triggers', 'custom_data']],
      ['POST', `${E}/venues`, 'venue', ['name', 'show', 'zoomlevel']],
    ];
    for (const [method, path, resource, attributes] of targets) {
      for (const attribute of attributes) {
        for (const value of BAD_VALUES) {
          const body = {
            [resource]: { [attribute]: value, ...(attribute === 'line_items' ? {} : { line_items: 'x' }) },
          };
          const before = JSON.stringify(t.ctx.store.exportState());
          const res = await call(t.service, method, path, { token: 'live31', body });
          expect(res.status, `${method} ${path} ${attribute}=${JSON.stringify(value)}: ${res.text}`).not.toBe(
            500,
          );
          if (res.status >= 400) {
            expect(res.status).toBeLessThan(500);
            expect(typeof res.body).toBe('object');
            expect(JSON.stringify(t.ctx.store.exportState())).toBe(before);
          }
        }
      }
      for (const raw of ['{', '[]', '"x"', `{"${resource}": 5}`, `{"${resource}": [1]}`]) {
        const res = await call(t.service, method, path, { token: 'live31', body: raw });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
  }, 60_000);
});
