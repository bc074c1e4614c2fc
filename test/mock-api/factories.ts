// Small builders for records, written straight into the store (inside a committed write).
import type { ServiceContext } from '../../src/mock-api/context';
import type { Account } from '../../src/mock-api/model/account';
import type { CheckinList } from '../../src/mock-api/model/checkin-list';
import type { Event } from '../../src/mock-api/model/event';
import type { Question } from '../../src/mock-api/model/question';
import type { Registration } from '../../src/mock-api/model/registration';
import type { Release } from '../../src/mock-api/model/release';
import type { Ticket } from '../../src/mock-api/model/ticket';
import { NOW, createTestService } from './support';

const stamps = { created_at: NOW, updated_at: NOW };

export function makeAccount(ctx: ServiceContext, over: Partial<Account> = {}): Account {
  const existing = ctx.store.findOne('accounts', 'bySlug', over.slug ?? 'acme');
  if (existing) return existing;
  return ctx.store.insert('accounts', { slug: 'acme', name: 'Acme Events', ...stamps, ...over });
}

export function makeEvent(ctx: ServiceContext, account: Account, over: Partial<Event> = {}): Event {
  return ctx.store.insert('events', {
    account_id: account.id,
    slug: 'conf-2026',
    title: 'Conf 2026',
    description: null,
    email_address: 'hello@acme.example',
    timezone: 'America/New_York',
    currency: 'USD',
    start_date: '2026-06-15',
    end_date: '2026-06-16',
    start_time: '09:00',
    end_time: '18:00',
    location: 'Hall A',
    live: true,
    test_mode: false,
    private: false,
    archived: false,
    default_locale: 'en',
    locales: ['en'],
    metadata: null,
    security_token: 'sec',
    ...stamps,
    ...over,
  });
}

export function makeRelease(ctx: ServiceContext, event: Event, over: Partial<Release> = {}): Release {
  return ctx.store.insert('releases', {
    event_id: event.id,
    slug: 'general',
    title: 'General',
    description: null,
    price: '50.00',
    quantity: null,
    position: 0,
    archived: false,
    secret: false,
    state_name: 'on_sale',
    start_at: null,
    end_at: null,
    min_tickets_per_person: null,
    max_tickets_per_person: null,
    metadata: null,
    ...stamps,
    ...over,
  });
}

let serial = 0;

export function makeRegistration(
  ctx: ServiceContext,
  event: Event,
  over: Partial<Registration> = {},
): Registration {
  serial += 1;
  const test = over.test_mode ?? false;
  return ctx.store.insert('registrations', {
    event_id: event.id,
    slug: `${test ? 'reg_test_' : 'reg_'}p${String(serial).padStart(22, '0')}`,
    reference: `R${String(serial).padStart(3, '0')}`,
    name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    company_name: null,
    phone_number: null,
    job_title: null,
    state: 'complete',
    test_mode: test,
    total: '50.00',
    invoice: false,
    receipt_paid: true,
    discount_code_id: null,
    source: null,
    metadata: null,
    locale: 'en',
    registration_type: 'standard',
    completed_at: NOW,
    cancelled_at: null,
    ...stamps,
    ...over,
  });
}

export function makeTicket(
  ctx: ServiceContext,
  registration: Registration,
  release: Release,
  over: Partial<Ticket> = {},
): Ticket {
  const number = ctx.store.findBy('tickets', 'byRegistration', registration.id).length + 1;
  return ctx.store.insert('tickets', {
    event_id: registration.event_id,
    registration_id: registration.id,
    release_id: release.id,
    slug: `ti_p${registration.reference}${number}`.padEnd(26, 'x'),
    reference: `${registration.reference}-${number}`,
    number,
    first_name: registration.first_name,
    last_name: registration.last_name,
    email: registration.email,
    company_name: null,
    phone_number: null,
    job_title: null,
    price: release.price ?? '0.00',
    state: 'complete',
    test_mode: registration.test_mode,
    discount_code_used: null,
    tag_names: [],
    metadata: null,
    consented_at: null,
    ...stamps,
    ...over,
  });
}

export function makeCheckinList(
  ctx: ServiceContext,
  event: Event,
  over: Partial<CheckinList> = {},
): CheckinList {
  return ctx.store.insert('checkin_lists', {
    event_id: event.id,
    slug: 'chk_ptestlist0000000000000',
    title: 'Main door',
    expires_at: null,
    hide_unpaid: false,
    show_company_name: false,
    show_email: true,
    show_phone_number: false,
    release_ids: [],
    activity_ids: [],
    question_ids: [],
    ...stamps,
    ...over,
  });
}

export function makeQuestion(ctx: ServiceContext, event: Event, over: Partial<Question> = {}): Question {
  return ctx.store.insert('questions', {
    event_id: event.id,
    slug: 't-shirt-size',
    title: 'T-shirt size',
    description: null,
    field_type: 'Select',
    options: ['S', 'M', 'L'],
    include_free_text_field: false,
    options_free_text_field: null,
    required: false,
    position: 0,
    release_ids: [],
    activity_ids: [],
    ...stamps,
    ...over,
  });
}

/** An account `acme` with the event `conf-2026` (New York time) and one release. */
export function makeBasics(ctx: ServiceContext) {
  const account = makeAccount(ctx);
  const event = makeEvent(ctx, account);
  const release = makeRelease(ctx, event);
  return { account, event, release };
}

/** A ready test service holding `makeBasics`, for tests that start from one event. */
export async function serviceWithBasics() {
  const t = createTestService();
  await t.service.ready;
  const basics = await t.service.write(() => makeBasics(t.ctx));
  return { ...t, ...basics };
}
