// Between form state (strings, booleans, id lists) and Admin API attributes.
import type { AdminRecord } from '../../api/admin-client';
import type { EventFormat } from './event-format';
import { fromLocalInput, pick, toLocalInput } from './format';
import type { FieldDef } from './resources';

export type FormValue = string | boolean | number[];
export type FormValues = Record<string, FormValue>;

/**
 * Ids a `refs` field links to, as the record shows them; undefined when it does not show them
 * (a 3.1 record fetched without the field's `expand`). 3.0 samples list linked releases by slug
 * in `release_ids`; then the embedded records (3.0 extended view, or a 3.1 expansion such as a
 * release's `questions`) give the ids.
 */
export function linkedIds(record: AdminRecord, field: FieldDef): number[] | undefined {
  for (const name of [field.name, ...(field.readFrom ?? [])]) {
    const ids = numericIds(record[name]);
    if (ids) return ids;
  }
  const embedded = field.ref ? record[field.ref] : undefined;
  if (!Array.isArray(embedded)) return undefined;
  return numericIds(
    embedded.map((item) => (typeof item === 'object' && item ? (item as AdminRecord).id : item)),
  );
}

function numericIds(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const ids = value.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v));
  return ids.every((id): id is number => typeof id === 'number' && Number.isInteger(id)) ? ids : undefined;
}

/**
 * Datetimes are typed on the event's clock when `format` is given. A `refs` field whose links
 * the record does not show is left out: the form shows it disabled and never sends it, so an
 * edit cannot replace links it did not show.
 */
export function initialValues(
  fields: readonly FieldDef[],
  record: AdminRecord | null,
  format?: EventFormat | null,
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const current = record ? pick(record, field.name, ...(field.readFrom ?? [])) : undefined;
    if (field.kind === 'checkbox') values[field.name] = current === true;
    else if (field.kind === 'refs') {
      const ids = record ? linkedIds(record, field) : [];
      if (ids) values[field.name] = ids;
    } else if (field.kind === 'textarea' && Array.isArray(current))
      // A question's `options` come as a list (real 3.1 service, mock) but are typed one per
      // line, and written back as the newline-separated text document 1 names.
      values[field.name] = current.map(String).join('\n');
    else if (field.kind === 'datetime') values[field.name] = toLocalInput(current, format);
    else if (field.kind === 'list') values[field.name] = Array.isArray(current) ? current.join(', ') : '';
    else if (field.kind === 'select' && current === undefined && field.required && !record)
      values[field.name] = field.options?.[0] ?? '';
    else values[field.name] = current === undefined || current === null ? '' : String(current);
  }
  return values;
}

function toApi(field: FieldDef, value: FormValue, format?: EventFormat | null): unknown {
  if (field.kind === 'checkbox' || field.kind === 'refs') return value;
  const s = String(value).trim();
  if (field.kind === 'list') return s === '' ? [] : s.split(/[\s,]+/).filter(Boolean);
  if (s === '') return field.required ? '' : null;
  if (field.kind === 'number') return Number.isFinite(Number(s)) ? Number(s) : s;
  if (field.kind === 'datetime') return fromLocalInput(s, format);
  return s;
}

const same = (a: FormValue | undefined, b: FormValue) => JSON.stringify(a) === JSON.stringify(b);

/** Create: what was filled in plus required fields. Update: only what changed. */
export function toAttributes(
  fields: readonly FieldDef[],
  values: FormValues,
  initial: FormValues | null,
  format?: EventFormat | null,
): AdminRecord {
  const attributes: AdminRecord = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined) continue;
    if (initial) {
      if (same(initial[field.name], value)) continue;
    } else if (
      !field.required &&
      (value === '' || value === false || (Array.isArray(value) && value.length === 0))
    ) {
      continue;
    }
    attributes[field.name] = toApi(field, value, format);
  }
  return attributes;
}

/** Which form field an API attribute's errors belong to (`releases` -> `release_ids`). */
export function fieldForAttribute(fields: readonly FieldDef[], attribute: string): string | null {
  const bare = attribute
    .replace(/_ids$|_slugs$/, '')
    .replace(/ies$/, 'y')
    .replace(/s$/, '');
  for (const field of fields) {
    if (field.name === attribute || field.readFrom?.includes(attribute)) return field.name;
    if (field.name.replace(/_ids$/, '') === bare) return field.name;
  }
  return null;
}
