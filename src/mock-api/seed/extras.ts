// Seeded discount codes and activities (records of the Admin API resources).
import type { ServiceContext } from '../context';
import type { Event } from '../model/event';
import type { Release } from '../model/release';
import '../model/activity';
import '../model/discount-code';

export function seedExtras(ctx: ServiceContext, event: Event, releases: Release[]): void {
  const { store } = ctx;
  const now = ctx.clock.now();
  const iso = now.toISOString();
  const day = 86_400_000;
  const codes: [
    code: string,
    type: 'MoneyOffDiscountCode' | 'PercentOffDiscountCode',
    value: string,
    start: number | null,
    end: number | null,
  ][] = [
    ['EARLY20', 'PercentOffDiscountCode', '20.00', -30, -5],
    ['COMMUNITY', 'PercentOffDiscountCode', '15.00', -20, 10],
    ['SPEAKERFRIEND', 'MoneyOffDiscountCode', '25.00', null, null],
    ['NEXTYEAR', 'PercentOffDiscountCode', '30.00', 5, 60],
  ];
  for (const [code, type, value, start, end] of codes) {
    store.insert('discount_codes', {
      event_id: event.id,
      code,
      type,
      value,
      description: null,
      description_for_organizer: null,
      start_at: start === null ? null : new Date(now.getTime() + start * day).toISOString(),
      end_at: end === null ? null : new Date(now.getTime() + end * day).toISOString(),
      quantity: code === 'SPEAKERFRIEND' ? 50 : null,
      min_quantity_per_release: null,
      max_quantity_per_release: null,
      block_registrations_if_not_applicable: false,
      disable_for_degressive: false,
      show_public_releases: 'all',
      show_secret_releases: 'none',
      release_ids: [],
      source: null,
      created_at: iso,
      updated_at: iso,
    });
  }
  const activities: [name: string, start: string, end: string, capacity: number | null][] = [
    ['Opening keynote', '09:00', '10:00', null],
    ['Workshop: Offline-first apps', '11:00', '13:00', 40],
    ['Speakers dinner', '19:00', '22:00', 60],
  ];
  for (const [name, start, end, capacity] of activities) {
    store.insert('activities', {
      event_id: event.id,
      name,
      description: null,
      date: event.start_date,
      start_time: start,
      end_time: end,
      capacity,
      show_to_attendee: true,
      kind: 'public_automatic',
      release_ids:
        name === 'Speakers dinner' ? releases.filter((r) => r.slug === 'speaker').map((r) => r.id) : [],
      question_ids: [],
      translations: null,
      created_at: iso,
      updated_at: iso,
    });
  }
}
