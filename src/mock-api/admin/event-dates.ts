// The derived date fields of an event, counted in whole days of the event's own time zone:
// `happening_in`, `date_or_range`, `days_until`, `days_since`, `day_number`, `start_at`, `end_at`.
import { formatInZone, localDate, zonedToUtc } from '../http/format';
import type { Event } from '../model/event';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

function parts(date: string): { year: number; month: string; day: string } {
  const [y, m, d] = date.split('-').map(Number);
  return { year: y ?? 1970, month: MONTHS[(m ?? 1) - 1] ?? '', day: ordinal(d ?? 1) };
}

/** `June 26th, 2022`; a range shares what it can: `June 26th – 28th, 2022`. Empty without a start. */
export function dateOrRange(start: string | null, end: string | null): string {
  if (!start) return '';
  const a = parts(start);
  if (!end || end === start) return `${a.month} ${a.day}, ${a.year}`;
  const b = parts(end);
  if (a.year !== b.year) return `${a.month} ${a.day}, ${a.year} – ${b.month} ${b.day}, ${b.year}`;
  if (a.month !== b.month) return `${a.month} ${a.day} – ${b.month} ${b.day}, ${a.year}`;
  return `${a.month} ${a.day} – ${b.day}, ${a.year}`;
}

function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export type HappeningIn = 'past' | 'now' | 'future' | 'unknown';

export interface EventDates {
  start_at: string | null;
  end_at: string | null;
  date_or_range: string;
  days_until: number | null;
  days_since: number | null;
  happening_in: HappeningIn;
  day_number: number | null;
}

export function eventDates(event: Event, now: Date): EventDates {
  const zone = event.timezone;
  const today = localDate(now, zone);
  const start = event.start_date;
  const last = event.end_date ?? event.start_date;
  const happening: HappeningIn =
    !start || !last ? 'unknown' : today < start ? 'future' : today > last ? 'past' : 'now';
  // No end instant without an end time: the real service leaves what it cannot know blank.
  const endDate = event.end_date ?? event.start_date;
  return {
    start_at: start ? formatInZone(zonedToUtc(start, event.start_time, zone), zone) : null,
    end_at: endDate && event.end_time ? formatInZone(zonedToUtc(endDate, event.end_time, zone), zone) : null,
    date_or_range: dateOrRange(start, event.end_date),
    days_until: start ? dayDiff(today, start) : null,
    days_since: last ? dayDiff(last, today) : null,
    happening_in: happening,
    day_number: start && happening === 'now' ? dayDiff(start, today) + 1 : null,
  };
}

/** Past when its last day is over in its own zone. */
export function isPastEvent(event: Event, now: Date): boolean {
  return eventDates(event, now).happening_in === 'past';
}
