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
