// List `meta` in the order and with the keys the real service sends (see the recordings):
// api_version, expandable (3.1), pagination, overall_total, hidden-by-default keys,
// sort_options, filter_options.
import type { ApiVersion } from '../model/api-token';
import { apiVersionString } from './expand';
import type { PageMeta } from './pagination';

export interface SortOption {
  attr: string;
  direction: 'asc' | 'desc';
  default?: true;
}

export type SortOptions = Record<string, SortOption>;

export interface StateOption {
  label: string;
  value: string;
}

export interface ListMetaInput {
  version: ApiVersion;
  page: PageMeta;
  overallTotal: number;
  expandable?: Record<string, boolean> | undefined;
  sortOptions?: SortOptions | undefined;
  filterOptions?: Record<string, unknown> | undefined;
  /** States hidden unless asked for, with how many records they hide (discount codes, registrations). */
  hiddenByDefault?: { states: string[]; count: number } | undefined;
}

export function listMeta(input: ListMetaInput): Record<string, unknown> {
  const meta: Record<string, unknown> = { api_version: apiVersionString(input.version) };
  if (input.version === '3.1' && input.expandable) meta.expandable = input.expandable;
  Object.assign(meta, input.page, { overall_total: input.overallTotal });
  if (input.hiddenByDefault) {
    meta.resources_hidden_by_default_count = input.hiddenByDefault.count;
    meta.search_states_hidden_by_default = input.hiddenByDefault.states;
  }
  if (input.sortOptions) meta.sort_options = input.sortOptions;
  meta.filter_options = input.filterOptions ?? stateFilterOptions([]);
  return meta;
}

/** The common `filter_options`: a Status section, its states and the selected ones. */
export function stateFilterOptions(
  states: readonly StateOption[],
  selected?: readonly string[],
): Record<string, unknown> {
  const options: Record<string, unknown> = {
    sections: { states: { label: 'Status', open: false } },
    collection: false,
    states,
  };
  if (selected) options.selected_states = selected;
  return options;
}

/** Sorts by the option named in `?sort=<attr>&direction=` or the default option. */
export function sortRecords<T>(
  records: T[],
  options: SortOptions,
  url: URL,
  value: (record: T, attr: string) => unknown,
): T[] {
  const all = Object.values(options);
  const attr = url.searchParams.get('sort');
  const direction = url.searchParams.get('direction');
  const chosen =
    all.find((o) => o.attr === attr && (!direction || o.direction === direction)) ??
    all.find((o) => o.default) ??
    all[0];
  if (!chosen) return records;
  const sign = chosen.direction === 'asc' ? 1 : -1;
  return records.sort((a, b) => {
    const x = value(a, chosen.attr);
    const y = value(b, chosen.attr);
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}
