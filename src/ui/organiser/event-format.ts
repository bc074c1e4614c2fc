// Money and time as an event's organiser reads them: amounts in the event's currency, dates
// and times on the event's clock. Plain TypeScript over Intl, so tables, facts and the
// overview format the same way and tests need no browser.
import type { AdminRecord } from '../../api/admin-client';

/** Where an event's times are read: an IANA zone, or a fixed offset from UTC in minutes. */
export type EventZone = { kind: 'iana'; id: string } | { kind: 'offset'; minutes: number };

export interface EventFormat {
  /** ISO 4217 code the service gave and Intl knows; null shows plain amounts. */
  currency: string | null;
  zone: EventZone;
  /** "Europe/London", "UTC+02:00", "UTC". */
  zoneLabel: string;
  /**
   * Where the zone came from: the event's `timezone`; the offset its 3.0 timestamps carry
   * (3.0 event records have no `timezone`); or UTC, the documented default, when neither is there.
   */
  zoneSource: 'event' | 'offset' | 'default';
  /** Locale of the words and digits; the browser's when undefined. */
  locale?: string;
}

const NONE = '—';

export function isTimeZone(id: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

const OFFSET = /(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})$/;

/** Minutes east of UTC written at the end of an ISO timestamp, or null when it carries none. */
export function offsetOf(iso: unknown): number | null {
  if (typeof iso !== 'string') return null;
  const match = OFFSET.exec(iso.trim());
  const sign = match?.[1];
  if (!sign) return null;
  if (sign === 'Z') return 0;
  const digits = sign.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits.startsWith('-') ? -minutes : minutes;
}

function offsetLabel(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${minutes < 0 ? '−' : '+'}${hh}:${mm}`;
}

/** The event's currency and clock, from its record as either API version shows it. */
export function eventFormat(event: AdminRecord | null | undefined, locale?: string): EventFormat {
  const code = typeof event?.currency === 'string' ? event.currency.trim().toUpperCase() : '';
  const currency = isCurrency(code) ? code : null;
  const base = { currency, ...(locale ? { locale } : {}) };
  const zone = typeof event?.timezone === 'string' ? event.timezone.trim() : '';
  if (zone && isTimeZone(zone))
    return { ...base, zone: { kind: 'iana', id: zone }, zoneLabel: zone, zoneSource: 'event' };
  for (const field of ['start_at', 'end_at', 'created_at', 'updated_at']) {
    const minutes = offsetOf(event?.[field]);
    if (minutes !== null)
      return {
        ...base,
        zone: { kind: 'offset', minutes },
        zoneLabel: offsetLabel(minutes),
        zoneSource: 'offset',
      };
  }
  return { ...base, zone: { kind: 'iana', id: 'UTC' }, zoneLabel: 'UTC', zoneSource: 'default' };
}

/** A decimal as the API sends it (string or number) as a number, or null when it is not one. */
export function amountOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*-?\d+(\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined, currency: string | null): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = currency
      ? new Intl.NumberFormat(locale, { style: 'currency', currency })
      : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    numberFormats.set(key, format);
  }
  return format;
}

/** "€1,234.50"; "1,234.50" when the event has no currency; "—" when there is no amount. */
export function formatMoney(value: unknown, format: EventFormat | null): string {
  const amount = amountOf(value);
  if (amount === null) return value === null || value === undefined || value === '' ? NONE : String(value);
  return numberFormat(format?.locale, format?.currency ?? null).format(amount);
}

/** Sums decimals in the currency's smallest unit, so 0.1 + 0.2 stays 0.30. */
export function sumMoney(values: readonly unknown[]): number {
  let cents = 0;
  for (const value of values) cents += Math.round((amountOf(value) ?? 0) * 100);
  return cents / 100;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string | undefined, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale ?? ''}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

const INSTANT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Formats a moment on the event's clock. A fixed offset is applied by hand and the result read
 * as UTC: Intl takes IANA names only on the engines the app supports.
 */
function onEventClock(ms: number, format: EventFormat | null, options: Intl.DateTimeFormatOptions): string {
  const zone = format?.zone ?? { kind: 'iana', id: 'UTC' };
  if (zone.kind === 'offset')
    return dateFormat(format?.locale, 'UTC', options).format(ms + zone.minutes * 60_000);
  return dateFormat(format?.locale, zone.id, options).format(ms);
}

/** "6 Jun 2026, 19:30" on the event's clock; text that is not a timestamp comes back as it is. */
export function formatInstant(iso: unknown, format: EventFormat | null, options = INSTANT): string {
  if (iso === null || iso === undefined || iso === '') return NONE;
  const ms = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) return String(iso);
  return onEventClock(ms, format, options);
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{1,2}):(\d{2})/;

/** A wall-clock date and optional time (the event's `start_date` + `start_time`) as UTC ms. */
function wallClock(date: unknown, time: unknown): number | null {
  const d = typeof date === 'string' ? WALL.exec(date) : null;
  if (!d) return null;
  const t = typeof time === 'string' ? CLOCK.exec(time) : null;
  return Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t?.[1] ?? 0), Number(t?.[2] ?? 0));
}

/**
 * When an event runs, in its own words: "Sat, 6 Jun 2026, 19:00 – 23:00", or a range of days.
 * Its dates and times are already on the event's clock (document 1), so they are read as they are.
 */
export function formatEventDates(event: AdminRecord, format: EventFormat | null): string | null {
  const start = wallClock(event.start_date, event.start_time);
  if (start === null)
    return typeof event.date_or_range === 'string' && event.date_or_range ? event.date_or_range : null;
  const withTime = typeof event.start_time === 'string' && CLOCK.test(event.start_time);
  const options: Intl.DateTimeFormatOptions = withTime
    ? {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      }
    : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
  const shown = dateFormat(format?.locale, 'UTC', options);
  const endDate = event.end_date ?? event.start_date;
  const end = wallClock(endDate, withTime ? event.end_time : null);
  if (end === null || end <= start) return shown.format(start);
  return shown.formatRange(start, end);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes the zone is ahead of UTC at the instant `ms`. */
function zoneOffsetAt(ms: number, zone: EventZone): number {
  if (zone.kind === 'offset') return zone.minutes;
  const parts = dateFormat('en-US', zone.id, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** An `<input type="datetime-local">` value showing the instant on the event's clock. */
export function toWallClockInput(iso: unknown, format: EventFormat): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms + zoneOffsetAt(ms, format.zone) * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * The instant a wall-clock time typed for the event means, as ISO UTC. The offset is looked up
 * twice so a time just after a daylight-saving change lands on the right side of it.
 */
export function fromWallClockInput(value: string, format: EventFormat): string | null {
  if (value === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return value;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  let ms = wall - zoneOffsetAt(wall, format.zone) * 60_000;
  ms = wall - zoneOffsetAt(ms, format.zone) * 60_000;
  return new Date(ms).toISOString();
}
