// Columns the resource descriptions build their tables from.
import type { AdminRecord } from '../../api/admin-client';
import { pick, text } from './format';
import type { Column } from './resources';

/** The first present field of `names` (3.0 and 3.1 spellings), as text. */
export const col = (label: string, ...names: string[]): Column => ({
  label,
  value: (r) => text(pick(r, ...names)),
});

/** `done / total`, where a missing total means no limit. */
export const ratio = (label: string, done: string, total: string): Column => ({
  label,
  value: (r) =>
    `${text(r[done] ?? 0)} / ${r[total] === null || r[total] === undefined ? '∞' : text(r[total])}`,
});

/** `name` where the record has one, else first and last name. */
export const personName = (r: AdminRecord): string =>
  text(pick(r, 'name') ?? ([r.first_name, r.last_name].filter(Boolean).join(' ') || undefined));
