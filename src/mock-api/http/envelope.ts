// Admin API envelopes: `{<resource>, meta}` for one record, `{<plural>, meta}` for a list.
import type { AdminContext } from '../context';
import { apiVersionString } from './expand';
import { type ListMetaInput, listMeta } from './list-meta';
import { pageRequest, paginate } from './pagination';
import { refuseFilters } from './filters';

export interface RecordOptions {
  status?: 200 | 201;
  /** 3.1 `meta.expandable` of a single record. */
  expandable?: Record<string, boolean>;
}

export function recordResponse(
  c: AdminContext,
  resource: string,
  record: Record<string, unknown>,
  options: RecordOptions = {},
): Response {
  const version = c.get('version');
  const meta: Record<string, unknown> = { api_version: apiVersionString(version) };
  if (version === '3.1' && options.expandable && options.status !== 201) meta.expandable = options.expandable;
  Object.assign(meta, expandWarning(c));
  return c.json({ [resource]: record, meta }, options.status ?? 200);
}

/** How a single record comes to be answered: read, or just written. */
export type Answered = 'read' | 'created' | 'updated';

/**
 * One record as an answer. Document 1: reads carry `meta.expandable` (3.1); create and update
 * answers carry only `api_version`; a create answers 201.
 */
export function recordAnswer(
  c: AdminContext,
  resource: string,
  record: Record<string, unknown>,
  answered: Answered,
  expandable?: Record<string, boolean>,
): Response {
  return recordResponse(c, resource, record, {
    status: answered === 'created' ? 201 : 200,
    ...(answered === 'read' && expandable ? { expandable } : {}),
  });
}

/** 3.0 ignores `expand` and says so, as its documented sample shows. */
function expandWarning(c: AdminContext): Record<string, string> {
  if (c.get('version') !== '3.0' || !new URL(c.req.url).searchParams.has('expand')) return {};
  return { warning: 'The expand parameter is not available in version 3.0.0 of the API' };
}

export function listResponse(
  c: AdminContext,
  plural: string,
  records: Record<string, unknown>[],
  meta: Omit<ListMetaInput, 'version'>,
): Response {
  return c.json({
    [plural]: records,
    meta: { ...listMeta({ ...meta, version: c.get('version') }), ...expandWarning(c) },
  });
}

/**
 * The page of `rows` the URL asks for, as a list answer. A list that takes no `q[...]` filters
 * (all but those that say `filtersTaken`) refuses them with a 400 naming the first, rather than
 * answering a filter with unfiltered records.
 */
export function pagedListResponse<T>(
  c: AdminContext,
  plural: string,
  rows: readonly T[],
  present: (row: T) => Record<string, unknown>,
  { filtersTaken = false, ...meta }: Omit<ListMetaInput, 'version' | 'page'> & { filtersTaken?: boolean },
): Response {
  const url = new URL(c.req.url);
  if (!filtersTaken) refuseFilters(url);
  const page = paginate(rows, pageRequest(url));
  return listResponse(c, plural, page.items.map(present), { ...meta, page: page.meta });
}

/** Successful deletes answer 204 with no body. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}
