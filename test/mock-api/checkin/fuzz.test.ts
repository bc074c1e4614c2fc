// 1,000 random bodies and query strings against the Check-in API's writes: every answer is a
// documented status with a JSON body, never a 500, and a rejected request changes nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIST, checkinFixture } from './fixture';

const DOCUMENTED = new Set([200, 201, 400, 404, 410, 413, 415, 422]);

const identifier = fc.oneof(
  fc.integer({ min: -5, max: 12 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('PAID-1', 'PAID-2', 'UNPD-1', 'TEST-1', 'CANC-1', 'paid-1'),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

const checkinItem = fc.record(
  {
    ticket_id: identifier,
    ticket_reference: identifier,
    ticket_slug: identifier,
    uuid: fc.oneof(fc.uuid(), fc.string({ maxLength: 70 }), fc.integer()),
    created_at: fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.string(),
      fc.double(),
    ),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  checkinItem.map((checkin) => JSON.stringify({ checkin })),
  fc
    .dictionary(fc.oneof(fc.nat({ max: 5 }).map(String), fc.string({ maxLength: 3 })), checkinItem, {
      maxKeys: 4,
    })
    .map((checkins) => JSON.stringify({ batch: { checkins } })),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 60 }),
  fc.constant(`{"checkin":{"ticket_slug":"${'x'.repeat(1_100_000)}"}}`),
);

const query = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 20 }).map((s) => `?page=${encodeURIComponent(s)}`),
  fc.string({ maxLength: 20 }).map((s) => `?since=${encodeURIComponent(s)}&page=1`),
);

describe('Check-in API writes under random input', () => {
  it('answer documented statuses with JSON and change nothing when rejecting', {
    timeout: 120_000,
  }, async () => {
    const { service, ctx } = await checkinFixture();
    await fc.assert(
      fc.asyncProperty(
        body,
        query,
        fc.constantFrom('POST', 'DELETE'),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        async (text, search, method, contentType) => {
          const before = JSON.stringify(ctx.store.exportState().tables);
          const path =
            method === 'POST'
              ? `/checkin/checkin_lists/${LIST}/checkins${search}`
              : `/checkin/checkin_lists/${LIST}/checkins/${encodeURIComponent(text.slice(0, 40)) || 'x'}${search}`;
          const response = await service.handle(
            new Request(`http://mock.test${path}`, {
              method,
              headers: { 'Content-Type': contentType },
              body: method === 'POST' ? text : undefined,
            }),
          );
          expect(DOCUMENTED.has(response.status), `status ${response.status}`).toBe(true);
          const parsed = JSON.parse(await response.text());
          if (response.status >= 400) {
            expect(parsed).toMatchObject({ status: response.status, message: expect.any(String) });
            expect(JSON.stringify(ctx.store.exportState().tables)).toBe(before);
          }
        },
      ),
      { numRuns: 1000, seed: 20260615 },
    );
  });
});
