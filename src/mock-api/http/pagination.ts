// Admin API pagination: `page[number]`, `page[size]` (default 100, at most 1000) or `page=N`.
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

function positive(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const number = Number.parseInt(value, 10);
  return Number.isFinite(number) && number > 0 ? number : fallback;
}

/** Lenient like the real service: an unusable number falls back to the default. */
export function pageRequest(url: URL): PageRequest {
  const params = url.searchParams;
  const number = positive(params.get('page[number]') ?? params.get('page'), 1);
  const size = Math.min(positive(params.get('page[size]'), DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
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
