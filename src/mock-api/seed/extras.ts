// Seeded discount codes and activities (records of the Admin API resources).
import type { ServiceContext } from '../context';
import type { Event } from '../model/event';
import type { Release } from '../model/release';
import { newActivity } from '../model/activity';
import { newDiscountCode } from '../model/discount-code';

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
      ...newDiscountCode(event.id, iso),
      code,
      type,
      value,
      start_at: start === null ? null : new Date(now.getTime() + start * day).toISOString(),
      end_at: end === null ? null : new Date(now.getTime() + end * day).toISOString(),
      quantity: code === 'SPEAKERFRIEND' ? 50 : null,
    });
  }
  const activities: [name: string, start: string, end: string, capacity: number | null][] = [
    ['Opening keynote', '09:00', '10:00', null],
    ['Workshop: Offline-first apps', '11:00', '13:00', 40],
    ['Speakers dinner', '19:00', '22:00', 60],
  ];
  for (const [name, start, end, capacity] of activities) {
    store.insert('activities', {
      ...newActivity(event.id, iso),
      name,
      date: event.start_date,
      start_time: start,
      end_time: end,
      capacity,
      show_to_attendee: true,
      release_ids:
        name === 'Speakers dinner' ? releases.filter((r) => r.slug === 'speaker').map((r) => r.id) : [],
    });
  }
}
