// Table columns, and the small builders the resource descriptions make them with.
import type { AdminRecord } from '../../api/admin-client';
import { type EventFormat, formatMoney } from './event-format';
import { pick, text } from './format';

export interface Column {
  label: string;
  /** `format` is the open event's currency and clock, when there is one. */
  value(record: AdminRecord, format?: EventFormat | null): string;
  /** Amounts and counts, aligned to the end so digits line up. */
  numeric?: boolean;
  /** Long free text (names, emails): wraps rather than widening the table past the screen. */
  wraps?: boolean;
}

/** The first present field of `names` (3.0 and 3.1 spellings), as text; times on the event's clock. */
export const col = (label: string, ...names: string[]): Column => ({
  label,
  value: (r, format) => text(pick(r, ...names), format),
});

/** An amount in the event's currency. */
export const money = (label: string, ...names: string[]): Column => ({
  label,
  value: (r, format) => formatMoney(pick(r, ...names), format ?? null),
  numeric: true,
});

/** `done / total`, where a missing total means no limit. */
export const ratio = (label: string, done: string, total: string): Column => ({
  label,
  value: (r) =>
    `${text(r[done] ?? 0)} / ${r[total] === null || r[total] === undefined ? '∞' : text(r[total])}`,
  numeric: true,
});

/** `name` where the record has one, else first and last name. */
export const personName = (r: AdminRecord): string =>
  text(pick(r, 'name') ?? ([r.first_name, r.last_name].filter(Boolean).join(' ') || undefined));

/** A column of long free text that may wrap (names, emails, descriptions). */
export const wrapping = (column: Column): Column => ({ ...column, wraps: true });
