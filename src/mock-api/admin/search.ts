// The `search[...]` query of list endpoints: grouped state filters with defaults, and sorting.
import type { SortOptions, StateOption } from '../http/list-meta';

/**
 * State filters come in groups (lifecycle, payment, visibility, ...). A group constrains the
 * list only when at least one of its states is selected, so `search[states][]=unpaid` alone
 * lists unpaid records of every lifecycle state; a record matches when every constraining group
 * holds one of its states.
 */
export interface StateFilter<T> {
  options: readonly StateOption[];
  groups: readonly (readonly string[])[];
  hiddenByDefault: readonly string[];
  /** States that hide a record carrying them unless selected (a void ticket, an archived release's tickets). */
  exclusive?: readonly string[];
  statesOf: (record: T) => readonly string[];
}

export function selectedStates<T>(url: URL, filter: StateFilter<T>): string[] {
  const asked = [...url.searchParams.getAll('search[states][]'), ...url.searchParams.getAll('search[states]')]
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => filter.options.some((o) => o.value === s));
  if (asked.length > 0) return [...new Set(asked)];
  return filter.options.map((o) => o.value).filter((v) => !filter.hiddenByDefault.includes(v));
}

export function matchesStates<T>(record: T, selected: readonly string[], filter: StateFilter<T>): boolean {
  const states = filter.statesOf(record);
  if (filter.exclusive?.some((s) => states.includes(s) && !selected.includes(s))) return false;
  return filter.groups.every((group) => {
    const chosen = group.filter((s) => selected.includes(s));
    return chosen.length === 0 || chosen.some((s) => states.includes(s));
  });
}

/** Filters by the asked (or default) states and says how many the defaults hide. */
export function filterByStates<T>(
  records: readonly T[],
  url: URL,
  filter: StateFilter<T>,
): { records: T[]; selected: string[]; hiddenByDefault: number } {
  const selected = selectedStates(url, filter);
  const defaults = filter.options.map((o) => o.value).filter((v) => !filter.hiddenByDefault.includes(v));
  return {
    records: records.filter((r) => matchesStates(r, selected, filter)),
    selected,
    hiddenByDefault: records.filter((r) => !matchesStates(r, defaults, filter)).length,
  };
}

/** `search[sort]` + `search[direction]` (also plain `sort`/`direction`), else the default option. */
export function sortBy<T>(
  records: T[],
  url: URL,
  options: SortOptions,
  value: (record: T, attr: string) => string | number | null | undefined,
  fallback?: { attr: string; direction: 'asc' | 'desc' },
): T[] {
  const params = url.searchParams;
  const attr = params.get('search[sort]') ?? params.get('sort');
  const asked = params.get('search[direction]') ?? params.get('direction');
  const all = Object.values(options);
  const known = all.find((o) => o.attr === attr);
  const chosen = known ?? fallback ?? all.find((o) => o.default) ?? all[0];
  if (!chosen) return records;
  const direction = asked === 'asc' || asked === 'desc' ? asked : known ? known.direction : chosen.direction;
  const sign = direction === 'asc' ? 1 : -1;
  return records.sort((a, b) => {
    const x = value(a, chosen.attr);
    const y = value(b, chosen.attr);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}

export function stateOptions(pairs: readonly [string, string][]): StateOption[] {
  return pairs.map(([value, label]) => ({ label, value }));
}
