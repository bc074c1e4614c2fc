// Admin API pagination: `page[number]`, `page[size]` (default 100, at most 1000) or `page=N`.
import { wholeFromOne } from '../../http/page-number';
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

export interface PageRequest {
  number: number;
  size: number;
}

export interface PageMeta {
  current_page: number;
  next_page: number | null;
  prev_page: number | null;
  total_pages: number;
  total_count: number;
  per_page: number;
}

/**
 * The page asked for, by the rule both APIs share (src/http/page-number.ts): a `page[number]` (or `page`)
 * or `page[size]` that is not a whole number from 1 is a 400; a size over 1000 is 1000.
 */
export function pageRequest(url: URL): PageRequest {
  const params = url.searchParams;
  const named = params.get('page[number]') !== null ? 'page[number]' : 'page';
  const number = wholeFromOne(named, params.get(named), 1);
  const size = Math.min(
    wholeFromOne('page[size]', params.get('page[size]'), DEFAULT_PAGE_SIZE),
    MAX_PAGE_SIZE,
  );
  return { number, size };
}

export function paginate<T>(items: readonly T[], page: PageRequest): { items: T[]; meta: PageMeta } {
  const totalCount = items.length;
  const totalPages = Math.max(1, Math.ceil(totalCount / page.size));
  const start = (page.number - 1) * page.size;
  return {
    items: items.slice(start, start + page.size),
    meta: {
      current_page: page.number,
      next_page: page.number < totalPages ? page.number + 1 : null,
      prev_page: page.number > 1 ? page.number - 1 : null,
      total_pages: totalPages,
      total_count: totalCount,
      per_page: page.size,
    },
  };
}
