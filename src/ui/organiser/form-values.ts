// Between form state (strings, booleans, id lists) and Admin API attributes.
import type { AdminRecord } from '../../api/admin-client';
import type { EventFormat } from './event-format';
import { fromLocalInput, idsOf, pick, toLocalInput } from './format';
import type { FieldDef } from './resources';

export type FormValue = string | boolean | number[];
export type FormValues = Record<string, FormValue>;

/** Datetimes are typed on the event's clock when `format` is given. */
export function initialValues(
  fields: readonly FieldDef[],
  record: AdminRecord | null,
  format?: EventFormat | null,
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const current = record ? pick(record, field.name, ...(field.readFrom ?? [])) : undefined;
    if (field.kind === 'checkbox') values[field.name] = current === true;
    else if (field.kind === 'refs')
      values[field.name] = record ? idsOf(record, field.name.replace(/_ids$/, '')) : [];
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
