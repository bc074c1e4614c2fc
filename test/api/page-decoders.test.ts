// The bulk pages' fast decoders against their zod schemas, on the same random bodies: where a
// decoder answers, it answers exactly what zod gives; where zod refuses, the decoder refuses
// too (and the transport's zod then names the field); every well-formed page is decoded fast.
import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport } from '../../src/api/http';
import { decodeAnswersPage, decodeCheckinsPage, decodeTicketsPage } from '../../src/api/page-decoders';
import { answersPage, checkinsPage, ticketsPage } from '../../src/api/schemas';

const stamp = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms).toISOString());
/** Values a field may hold in a hostile or careless body. */
const anything = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant('2026-02-30T25:00:00Z'),
  fc.constant('not a time'),
  stamp,
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.object({ maxDepth: 1, maxKeys: 2 }),
);
const maybeText = fc.oneof(fc.constant(null), fc.constant(undefined), fc.string({ maxLength: 12 }));
const maybeStamp = fc.oneof(fc.constant(null), fc.constant(undefined), stamp);

const goodTicket = fc.record(
  {
    id: fc.integer({ min: 1 }),
    slug: fc.string({ maxLength: 30 }),
    reference: fc.string({ maxLength: 10 }),
    registration_reference: maybeText,
    registration_name: maybeText,
    registration_email: maybeText,
    first_name: maybeText,
    last_name: maybeText,
    email: maybeText,
    company_name: maybeText,
    phone_number: maybeText,
    release_title: maybeText,
    state: fc.oneof(fc.constant('complete'), fc.constant('void'), maybeText),
    payment_state: fc.oneof(fc.constant('unpaid'), fc.constant('complete'), maybeText),
    void: fc.oneof(fc.boolean(), fc.constant(null), fc.constant(undefined)),
    created_at: maybeStamp,
    updated_at: maybeStamp,
    // Fields the door does not read: any value, never a reason to refuse.
    name: anything,
    release: anything,
    tag_names: anything,
  },
  { requiredKeys: ['id', 'slug', 'reference'] },
);
const goodCheckin = fc.record({
  id: fc.integer({ min: 1 }),
  uuid: fc.uuid(),
  ticket_id: fc.integer({ min: 1 }),
  created_at: stamp,
  updated_at: stamp,
  deleted_at: maybeStamp,
});

const goodAnswer = fc.record(
  {
    id: fc.integer({ min: 1 }),
    ticket_id: fc.integer({ min: 1 }),
    question_id: fc.integer({ min: 1 }),
    response: fc.oneof(
      maybeText,
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.integer(),
      fc.boolean(),
    ),
    humanized_response: maybeText,
    updated_at: maybeStamp,
  },
  { requiredKeys: ['id', 'ticket_id', 'question_id'] },
);

/** A good record with one field (or none) replaced by anything, or dropped. */
const spoiled = (good: fc.Arbitrary<Record<string, unknown>>, fields: readonly string[]) =>
  fc
    .tuple(good, fc.constantFrom(...fields, 'none'), anything, fc.boolean())
    .map(([r, field, value, drop]) => {
      if (field === 'none') return r;
      const copy = { ...r };
      if (drop) delete copy[field];
      else copy[field] = value;
      return copy;
    });
const pageOf = (item: fc.Arbitrary<unknown>) =>
  fc.oneof(fc.array(item, { maxLength: 5 }), anything, fc.constant([null]), fc.constant([[]]));

const cases = [
  {
    name: 'tickets',
    decode: decodeTicketsPage,
    schema: ticketsPage,
    good: goodTicket,
    fields: [
      'id',
      'slug',
      'reference',
      'registration_reference',
      'registration_name',
      'first_name',
      'email',
      'payment_state',
      'state',
      'void',
      'created_at',
      'updated_at',
      'phone_number',
    ],
  },
  {
    name: 'check-ins',
    decode: decodeCheckinsPage,
    schema: checkinsPage,
    good: goodCheckin,
    fields: ['id', 'uuid', 'ticket_id', 'created_at', 'updated_at', 'deleted_at'],
  },
  {
    name: 'answers',
    decode: decodeAnswersPage,
    schema: answersPage,
    good: goodAnswer,
    fields: ['id', 'ticket_id', 'question_id', 'response', 'humanized_response', 'updated_at'],
  },
] as const;

describe.each(cases)('the $name page decoder', ({ decode, schema, good, fields }) => {
  it('gives what zod gives, or leaves the body to zod; never accepts what zod refuses', () => {
    fc.assert(
      fc.property(pageOf(spoiled(good as fc.Arbitrary<Record<string, unknown>>, fields)), (body) => {
        // Bodies reach the decoders as parsed JSON text.
        const json = body === undefined ? null : JSON.parse(JSON.stringify(body));
        const fast = decode(json);
        const slow = z.safeParse(schema, json);
        if (!slow.success) expect(fast).toBeNull();
        if (fast !== null) expect(fast).toEqual(slow.data);
      }),
      { numRuns: 3000, seed: 23 },
    );
  });

  it('decodes every well-formed page itself', () => {
    fc.assert(
      fc.property(fc.array(good as fc.Arbitrary<unknown>, { maxLength: 5 }), (body) => {
        const json = JSON.parse(JSON.stringify(body));
        expect(decode(json)).toEqual(z.parse(schema, json));
      }),
      { numRuns: 1000, seed: 23 },
    );
  });
});

describe('a page the fast decoder leaves to zod', () => {
  it('fails as a bad response naming the field, as before', async () => {
    const body = [{ id: 7, slug: 'tkt_a', reference: 'AB12-1', created_at: 'yesterday' }];
    const client = createCheckinClient(
      createTransport({
        baseUrl: 'https://checkin.example/checkin',
        fetch: async () => new Response(JSON.stringify(body), { status: 200 }),
      }),
    );
    const page = await client.listPage('tickets', 'chk_x', 1);
    expect(page).toMatchObject({
      ok: false,
      reason: 'bad-response',
      detail: '0.created_at: not a timestamp',
    });
  });
});
