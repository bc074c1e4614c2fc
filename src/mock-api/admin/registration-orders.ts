// Creating a registration through the Admin API: `line_items` become tickets in one
// transaction, so a rejected order leaves no half-made registration behind.
import { randomSlug, SLUG_PREFIX, uniqueReference } from '../http/slugs';
import { Attributes, INVALID } from '../http/validation';
import '../model/discount-code';
import type { DiscountCode } from '../model/discount-code';
import type { Registration } from '../model/registration';
import type { Release } from '../model/release';
import { invalid } from '../../http/errors';
import { recordId } from '../http/scope';
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
  const id = typeof key === 'number' ? key : typeof key === 'string' ? recordId(key) : undefined;
  if (id !== undefined) {
    const release = store.get('releases', id);
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

/**
 * A code takes money or a percentage off each ticket of the releases it names (all when it
 * names none) while it is current, for as many tickets as its `quantity` has left.
 */
function discounter(scope: EventScope, code: DiscountCode | undefined) {
  const now = scope.now.getTime();
  const current =
    code !== undefined &&
    (code.start_at === null || Date.parse(code.start_at) <= now) &&
    (code.end_at === null || Date.parse(code.end_at) > now);
  let left = Number.POSITIVE_INFINITY;
  if (code && code.quantity !== null) {
    const used = scope.ctx.store
      .findBy('tickets', 'byEvent', scope.event.id)
      .filter((t) => t.discount_code_used === code.code && t.state !== 'void').length;
    left = Math.max(0, code.quantity - used);
  }
  return (release: Release): { price: number; used: string | null } => {
    const full = Number(release.price ?? 0);
    if (
      !code ||
      !current ||
      left <= 0 ||
      (code.release_ids.length > 0 && !code.release_ids.includes(release.id))
    ) {
      return { price: full, used: null };
    }
    left -= 1;
    const value = Number(code.value);
    const price = code.type === 'PercentOffDiscountCode' ? full * (1 - value / 100) : full - value;
    return { price: Math.max(0, Math.round(price * 100) / 100), used: code.code };
  };
}

export function createRegistration(scope: EventScope, raw: Record<string, unknown>): Registration {
  const { store } = scope.ctx;
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
  const priceOf = discounter(scope, discount);
  const priced = items.flatMap((item) =>
    Array.from({ length: item.quantity }, () => ({ release: item.release, ...priceOf(item.release) })),
  );
  const total = priced.reduce((sum, p) => sum + p.price, 0);
  const registration = store.insert('registrations', {
    event_id: scope.event.id,
    slug: randomSlug(test ? SLUG_PREFIX.testRegistration : SLUG_PREFIX.registration, (s) =>
      Boolean(store.findOne('registrations', 'bySlug', s)),
    ),
    reference: uniqueReference((r) =>
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
  for (const [index, item] of priced.entries()) {
    const number = index + 1;
    store.insert('tickets', {
      event_id: scope.event.id,
      registration_id: registration.id,
      release_id: item.release.id,
      slug: randomSlug(SLUG_PREFIX.ticket, (s) => Boolean(store.findOne('tickets', 'bySlug', s))),
      reference: `${registration.reference}-${number}`,
      number,
      first_name: first,
      last_name: last,
      email: registration.email,
      ...extras,
      price: item.price.toFixed(2),
      state: 'complete',
      test_mode: test,
      discount_code_used: item.used,
      tag_names: [],
      metadata: null,
      consented_at: null,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  return registration;
}
