// Turns Admin API values into text for the organiser screens. Records are read loosely: 3.0
// and 3.1 name some fields differently, and unknown fields are simply not shown.
import { tl } from '../i18n/t';
import type { AdminRecord } from '../../api/admin-client';
import { type EventFormat, formatInstant, fromWallClockInput, toWallClockInput } from './event-format';

/** Timestamps are shown on the event's clock when `format` is given, else on the device's. */
export function text(value: unknown, format?: EventFormat | null): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? tl('Yes') : tl('No');
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => text(v, format)).join(', ');
  if (typeof value === 'object') {
    const o = value as AdminRecord;
    return text(o.title ?? o.name ?? o.slug ?? o.id ?? JSON.stringify(value), format);
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value))
    return format ? formatInstant(value, format) : dateTime(value);
  return String(value);
}

export function dateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The first present field of several spellings (`release_ids` in 3.0, `releases_ids` in 3.1). */
export function pick(record: AdminRecord, ...names: string[]): unknown {
  for (const name of names) if (record[name] !== undefined && record[name] !== null) return record[name];
  return undefined;
}

/** Value of an `<input type="datetime-local">` from an API datetime: on the event's clock, else the device's. */
export function toLocalInput(iso: unknown, format?: EventFormat | null): string {
  if (format) return toWallClockInput(iso, format);
  if (typeof iso !== 'string' || iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function fromLocalInput(value: string, format?: EventFormat | null): string | null {
  if (format) return fromWallClockInput(value, format);
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}
