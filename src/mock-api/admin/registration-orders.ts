// Creating a registration through the Admin API: `line_items` become tickets in one
// transaction, so a rejected order leaves no half-made registration behind.
import { randomSlug, SLUG_PREFIX, uniqueReference } from '../http/slugs';
import { Attributes, INVALID } from '../http/validation';
import '../model/discount-code';
import type { Registration } from '../model/registration';
import type { Release } from '../model/release';
import { invalid } from '../http/errors';
import { remaining } from './release-view';
import type { EventScope } from './scope';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_QUANTITY = 1000;

interface LineItem {
  release: Release;
  quantity: number;
}

function readLineItems(scope: EventScope, attrs: Attributes): LineItem[] {
  const raw = attrs.value('line_items');
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? Object.values(raw) : [];
  const items: LineItem[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      attrs.errors.add('line_items', INVALID);
      continue;
    }
    const item = new Attributes(entry as Record<string, unknown>, attrs.errors);
    const key = item.value('release_id') ?? item.value('release_slug');
    const quantity = item.integer('quantity') ?? 1;
    const release = findEventRelease(scope, key);
    if (!release) attrs.errors.add('line_items', INVALID);
    else if (quantity < 0 || quantity > MAX_QUANTITY) attrs.errors.add('quantity', INVALID);
    else if (quantity > 0) items.push({ release, quantity });
  }
  return items;
}

function findEventRelease(scope: EventScope, key: unknown): Release | undefined {
  const { store } = scope.ctx;
  if (typeof key === 'number' || (typeof key === 'string' && /^\d+$/.test(key))) {
    const release = store.get('releases', Number(key));
    return release?.event_id === scope.event.id ? release : undefined;
  }
  if (typeof key === 'string') return store.findOne('releases', 'byEventSlug', `${scope.event.id}:${key}`);
  return undefined;
}

function splitName(name: string | null): { first: string | null; last: string | null } {
  if (!name) return { first: null, last: null };
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first: first ?? null, last: rest.length > 0 ? rest.join(' ') : null };
}

export function createRegistration(scope: EventScope, raw: Record<string, unknown>): Registration {
  const { store, random } = scope.ctx;
  const attrs = new Attributes(raw);
  const email = attrs.string('email');
  const name = attrs.string('name');
  const source = attrs.string('source');
  const code = attrs.string('discount_code');
  // Not in document 2's list, but real registrations carry them and clients send them.
  const extras = {
    company_name: attrs.string('company_name')?.trim() || null,
    phone_number: attrs.string('phone_number')?.trim() || null,
    job_title: attrs.string('job_title')?.trim() || null,
  };
  attrs.boolean('notify');
  if (attrs.required('email', email) && !EMAIL.test(email.trim())) attrs.errors.add('email', INVALID);
  const items = readLineItems(scope, attrs);
  attrs.errors.throwIfAny();
  if (items.length === 0) throw invalid({ base: ['Please choose at least one item'] });
  const unavailable = items
    .filter((item) => remaining(scope, item.release) < item.quantity)
    .map((item) => `${item.release.title} is currently unavailable`);
  if (unavailable.length > 0) throw invalid({ base: unavailable });
  const discount = code
    ? store.findOne('discount_codes', 'byEventCode', `${scope.event.id}:${code.toLowerCase()}`)
    : undefined;
  if (code && !discount) throw invalid({ discount_code: [INVALID] });

  const test = scope.mode === 'test';
  const stamp = scope.now.toISOString();
  const cleanName = name?.trim() || null;
  const { first, last } = splitName(cleanName);
  const total = items.reduce((sum, item) => sum + Number(item.release.price ?? 0) * item.quantity, 0);
  const registration = store.insert('registrations', {
    event_id: scope.event.id,
    slug: randomSlug(random, test ? SLUG_PREFIX.testRegistration : SLUG_PREFIX.registration, (s) =>
      Boolean(store.findOne('registrations', 'bySlug', s)),
    ),
    reference: uniqueReference(random, (r) =>
      Boolean(store.findOne('registrations', 'byEventReference', `${scope.event.id}:${r}`)),
    ),
    name: cleanName,
    first_name: first,
    last_name: last,
    email: email?.trim() ?? null,
    ...extras,
    state: 'complete',
    test_mode: test,
    total: total.toFixed(2),
    invoice: false,
    // A registration the organiser adds is settled unless marked unpaid (DELETE confirmations).
    receipt_paid: true,
    discount_code_id: discount?.id ?? null,
    discount_code: discount?.code ?? null,
    source: source || null,
    metadata: null,
    locale: scope.event.default_locale,
    registration_type: 'manual',
    completed_at: stamp,
    cancelled_at: null,
    created_at: stamp,
    updated_at: stamp,
  });
  let number = 0;
  for (const item of items) {
    for (let n = 0; n < item.quantity; n++) {
      number += 1;
      store.insert('tickets', {
        event_id: scope.event.id,
        registration_id: registration.id,
        release_id: item.release.id,
        slug: randomSlug(random, SLUG_PREFIX.ticket, (s) => Boolean(store.findOne('tickets', 'bySlug', s))),
        reference: `${registration.reference}-${number}`,
        number,
        first_name: first,
        last_name: last,
        email: registration.email,
        ...extras,
        price: Number(item.release.price ?? 0).toFixed(2),
        state: 'complete',
        test_mode: test,
        discount_code_used: discount?.code ?? null,
        tag_names: [],
        metadata: null,
        consented_at: null,
        created_at: stamp,
        updated_at: stamp,
      });
    }
  }
  return registration;
}
