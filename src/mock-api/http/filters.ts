// Ransack-style filters of a list, as Rails services commonly take them: `q[<field>_eq]=v`,
// `q[<field>_cont]=v` and `q[<field>_in][]=a&q[<field>_in][]=b`, on the fields a list names.
// Guarantees: every `q[...]` key is either such a filter on a known field, or the request is a
// 400 naming the key (a stand-in must never answer a filter with unfiltered records); filters
// combine with AND, after the list's own states and `q` text search. As ransack does, a filter
// whose value is blank is no filter.
// Matching: `eq` is exact (a number or a boolean field also takes its text form, `true`/`false`);
// `cont` is a case-insensitive part of the text; `in` is `eq` against any of the values.
import { ApiError } from '../../http/errors';

export type FilterValue = string | number | boolean | null | undefined;
/** The fields a list may be filtered on, each with how to read it from a record. */
export type FilterFields<T> = Record<string, (record: T) => FilterValue>;

type Predicate = 'eq' | 'cont' | 'in';

interface Condition<T> {
  read: (record: T) => FilterValue;
  predicate: Predicate;
  values: string[];
}

const KEY = /^q\[([a-z0-9_]+)_(eq|cont|in)\](\[\])?$/;
const MAX_VALUES = 1000;

function unknownFilter(key: string, fields: readonly string[]): ApiError {
  return new ApiError(400, `Unknown filter ${key.slice(0, 100)}`, {
    errors: { [key.slice(0, 100)]: ['is not a filter this list takes'] },
    hint:
      fields.length > 0
        ? `Filters are q[<field>_eq], q[<field>_cont] and q[<field>_in][] on: ${fields.join(', ')}`
        : 'This list takes no q[...] filters',
  });
}

/** For a list that takes no `q[...]` filters: a 400 naming the first one sent. */
export function refuseFilters(url: URL): void {
  for (const key of url.searchParams.keys()) if (key.startsWith('q[')) throw unknownFilter(key, []);
}

/** The `q[...]` filters of the address, or a 400 naming the first one the list does not take. */
function conditions<T>(url: URL, fields: FilterFields<T>): Condition<T>[] {
  const known = Object.keys(fields);
  const byKey = new Map<string, Condition<T>>();
  for (const [key, value] of url.searchParams) {
    if (!key.startsWith('q[')) continue;
    const match = KEY.exec(key);
    const [, field = '', predicate, list] = match ?? [];
    const read = Object.hasOwn(fields, field) ? fields[field] : undefined;
    // `[]` is a list's form: only `_in` takes one.
    if (!match || !read || (list !== undefined && predicate !== 'in')) throw unknownFilter(key, known);
    const id = `${field}_${predicate}`;
    const condition = byKey.get(id) ?? { read, predicate: predicate as Predicate, values: [] };
    if (value.trim() !== '' && condition.values.length < MAX_VALUES) condition.values.push(value);
    byKey.set(id, condition);
  }
  return [...byKey.values()].filter((c) => c.values.length > 0);
}

function equals(actual: FilterValue, given: string): boolean {
  if (actual === null || actual === undefined) return false;
  if (typeof actual === 'number') return given.trim() !== '' && Number(given) === actual;
  return String(actual) === given;
}

function holds<T>(record: T, condition: Condition<T>): boolean {
  const actual = condition.read(record);
  switch (condition.predicate) {
    case 'cont': {
      if (actual === null || actual === undefined) return false;
      const text = String(actual).toLowerCase();
      return condition.values.every((v) => text.includes(v.toLowerCase()));
    }
    case 'in':
      return condition.values.some((v) => equals(actual, v));
    default:
      return condition.values.every((v) => equals(actual, v));
  }
}

/** The records every `q[...]` filter of the address holds for (all of them when there is none). */
export function ransackFilter<T>(records: readonly T[], url: URL, fields: FilterFields<T>): T[] {
  const all = conditions(url, fields);
  if (all.length === 0) return [...records];
  return records.filter((record) => all.every((c) => holds(record, c)));
}
