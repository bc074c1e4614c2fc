// The demo seed: account `demo`, a current event with releases, ~2,000 registrations with
// tickets (some unpaid, some cancelled, some test mode), questions with answers, two check-in
// lists (the main one with a fixed, well-known slug), discount codes and activities.
// Names, emails and the mix of states repeat (its own fixed-seed random); every slug,
// reference and token is fresh from the cryptographic generator, so knowing the seed gives
// away nothing a client could use.
// Fast enough for 100,000 tickets: no index lookups while seeding, uniqueness kept in local sets.
import type { ServiceContext } from '../context';
import { localDate } from '../http/format';
import { randomSlug, SLUG_PREFIX } from '../http/slugs';
import type { Event } from '../model/event';
import type { Registration } from '../model/registration';
import type { Release } from '../model/release';
import { createRandom, type Random } from '../random';
import { secretString } from '../../platform/secrets';
import { seedExtras } from './extras';
import { COMPANIES, FIRST_NAMES, JOB_TITLES, LAST_NAMES } from './names';
import { seedQuestions } from './questions';

export const DEMO_ACCOUNT = 'demo';
export const DEMO_EVENT = 'demo-conference';
/** The demo list's slug, printed by the server: its web check-in address joins the door app. */
export const DEMO_CHECKIN_LIST = 'chk_pDemoMainEntrance000000';
export const DEMO_VIP_LIST = 'chk_pDemoVipLounge0000000000';
/** Slugs anyone can read in the source: credentials of nothing once the server is reachable. */
export const WELL_KNOWN_LIST_SLUGS: readonly string[] = [DEMO_CHECKIN_LIST, DEMO_VIP_LIST];
const TIME_ZONE = 'Europe/London';

const RELEASES: [slug: string, title: string, price: string | null, weight: number][] = [
  ['early-bird', 'Early Bird', '49.00', 3],
  ['general-admission', 'General Admission', '99.00', 5],
  ['vip', 'VIP', '249.00', 1],
  ['student', 'Student', '19.00', 1],
  ['speaker', 'Speaker', null, 0.3],
];

export function seedDemo(ctx: ServiceContext, tickets?: number): void {
  const random = createRandom(20260615);
  const { store } = ctx;
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const stamps = { created_at: iso, updated_at: iso };
  const account = store.insert('accounts', { slug: DEMO_ACCOUNT, name: 'Demo Events', ...stamps });
  const today = localDate(now, TIME_ZONE);
  const tomorrow = localDate(new Date(now.getTime() + 86_400_000), TIME_ZONE);
  const event = store.insert('events', {
    account_id: account.id,
    slug: DEMO_EVENT,
    title: 'Demo Conference',
    description: 'Two days of talks and workshops.',
    email_address: 'hello@demo-events.example',
    timezone: TIME_ZONE,
    currency: 'EUR',
    start_date: today,
    end_date: tomorrow,
    start_time: '08:30',
    end_time: '18:00',
    location: 'Convention Centre, Hall 1',
    live: true,
    test_mode: false,
    private: false,
    archived: false,
    default_locale: 'en',
    locales: ['en'],
    metadata: null,
    security_token: secretString(20),
    ...stamps,
  });
  const releases = RELEASES.map(([slug, title, price], position) =>
    store.insert('releases', {
      event_id: event.id,
      slug,
      title,
      description: null,
      price,
      quantity: null,
      position,
      archived: false,
      secret: slug === 'speaker',
      state_name: 'on_sale',
      start_at: null,
      end_at: null,
      min_tickets_per_person: null,
      max_tickets_per_person: null,
      metadata: null,
      ...stamps,
    }),
  );
  const ticketIds = seedRegistrations(ctx, random, event, releases, tickets ?? 2800);
  const questionIds = seedQuestions(ctx, random, event, ticketIds);
  const vip = releases[2] as Release;
  for (const [slug, title, releaseIds, hideUnpaid] of [
    [DEMO_CHECKIN_LIST, 'Main entrance', [] as number[], false],
    [DEMO_VIP_LIST, 'VIP lounge', [vip.id], true],
  ] as const) {
    store.insert('checkin_lists', {
      event_id: event.id,
      slug: ctx.config.freshDemoSlugs ? randomSlug(SLUG_PREFIX.checkinList) : slug,
      title,
      expires_at: null,
      hide_unpaid: hideUnpaid,
      show_company_name: true,
      show_email: true,
      show_phone_number: false,
      release_ids: [...releaseIds],
      activity_ids: [],
      question_ids: slug === DEMO_CHECKIN_LIST ? questionIds : [],
      ...stamps,
    });
  }
  seedExtras(ctx, event, releases);
}

/** Registrations of 1 to 3 tickets until `target` live, valid tickets exist. Returns their ids. */
function seedRegistrations(
  ctx: ServiceContext,
  random: Random,
  event: Event,
  releases: Release[],
  target: number,
): number[] {
  const { store } = ctx;
  const weights = RELEASES.map(([, , , weight]) => weight);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickRelease = (): Release => {
    let roll = random.next() * totalWeight;
    for (let i = 0; i < releases.length; i++) {
      roll -= weights[i] ?? 0;
      if (roll < 0) return releases[i] as Release;
    }
    return releases[0] as Release;
  };
  const references = new Set<string>();
  const liveTicketIds: number[] = [];
  const start = ctx.clock.now().getTime() - 60 * 86_400_000;
  const referenceLength = target > 500_000 ? 5 : 4;
  while (liveTicketIds.length < target) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const roll = random.next();
    const state: Registration['state'] = roll < 0.03 ? 'cancelled' : 'complete';
    const testMode = roll > 0.97;
    const unpaid = roll >= 0.03 && roll < 0.08;
    const count = Math.min(
      target - liveTicketIds.length,
      random.next() < 0.7 ? 1 : random.next() < 0.6 ? 2 : 3,
    );
    const lines = Array.from({ length: count }, pickRelease);
    const total = lines.reduce((sum, r) => sum + Number(r.price ?? 0), 0);
    let reference: string;
    do reference = secretString(referenceLength, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
    while (references.has(reference));
    references.add(reference);
    const at = new Date(start + random.int(59 * 86_400_000)).toISOString();
    const email = `${first}.${last}${random.int(1000)}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '');
    const company = random.next() < 0.7 ? random.pick(COMPANIES) : null;
    const registration = store.insertBuilt('registrations', (id) => ({
      id,
      event_id: event.id,
      slug: randomSlug(testMode ? SLUG_PREFIX.testRegistration : SLUG_PREFIX.registration),
      reference,
      name: `${first} ${last}`,
      first_name: first,
      last_name: last,
      email,
      company_name: company,
      phone_number:
        random.next() < 0.4
          ? `+353 8${random.int(10)} ${100 + random.int(900)} ${1000 + random.int(9000)}`
          : null,
      job_title: random.next() < 0.6 ? random.pick(JOB_TITLES) : null,
      state,
      test_mode: testMode,
      total: total.toFixed(2),
      invoice: unpaid,
      receipt_paid: !unpaid,
      discount_code_id: null,
      source: null,
      metadata: null,
      locale: 'en',
      registration_type: 'standard',
      completed_at: at,
      cancelled_at: state === 'cancelled' ? at : null,
      created_at: at,
      updated_at: at,
    }));
    lines.forEach((release, i) => {
      // The buyer holds the first ticket; the others carry guests' names.
      const guest = i === 0 ? null : { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) };
      const ticket = store.insertBuilt('tickets', (id) => ({
        id,
        event_id: event.id,
        registration_id: registration.id,
        release_id: release.id,
        slug: randomSlug(SLUG_PREFIX.ticket),
        reference: `${reference}-${i + 1}`,
        number: i + 1,
        first_name: guest?.first ?? first,
        last_name: guest?.last ?? last,
        email: guest
          ? `${guest.first}.${guest.last}${random.int(1000)}@example.com`
              .toLowerCase()
              .replace(/[^a-z0-9.@]/g, '')
          : email,
        company_name: company,
        phone_number: null,
        // The buyer's own ticket carries the job title given with the order (a badge shows it).
        job_title: guest ? null : registration.job_title,
        price: release.price ?? '0.00',
        state: state === 'cancelled' ? 'void' : 'complete',
        test_mode: testMode,
        discount_code_used: null,
        tag_names: [],
        metadata: null,
        consented_at: null,
        created_at: at,
        updated_at: at,
      }));
      if (!testMode && state !== 'cancelled') liveTicketIds.push(ticket.id);
    });
  }
  return liveTicketIds;
}

/** Gives stored lists that still carry a well-known slug a fresh one. Returns how many changed. */
export function replaceWellKnownSlugs(ctx: ServiceContext): number {
  let changed = 0;
  for (const slug of WELL_KNOWN_LIST_SLUGS) {
    const list = ctx.store.findOne('checkin_lists', 'bySlug', slug);
    if (!list) continue;
    const fresh = randomSlug(
      SLUG_PREFIX.checkinList,
      (s) => !!ctx.store.findOne('checkin_lists', 'bySlug', s),
    );
    ctx.store.update('checkin_lists', list.id, { slug: fresh, updated_at: ctx.clock.now().toISOString() });
    changed += 1;
  }
  return changed;
}
