// `page` (from 1, 1000 a page) and `since` (Unix seconds, a fraction allowed, or ISO 8601) of
// the Check-in API. A page past the end is an empty page, not an error; `page` follows the rule
// both APIs share (./page-number).
import { badRequest } from './errors';
import { wholeFromOne } from './page-number';

export const CHECKIN_PAGE_SIZE = 1000;

export function pageNumber(url: URL): number {
  return wholeFromOne('page', url.searchParams.get('page'), 1);
}

/** Milliseconds since the epoch, or null without `since`. */
export function sinceMs(url: URL): number | null {
  const raw = url.searchParams.get('since');
  if (raw === null || raw.trim() === '') return null;
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.floor(Number(text) * 1000);
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms))
    throw badRequest('since must be Unix seconds (e.g. 1718445600.5) or an ISO 8601 datetime');
  return ms;
}

export function pageOf<T>(items: readonly T[], page: number): T[] {
  const start = (page - 1) * CHECKIN_PAGE_SIZE;
  return items.slice(start, start + CHECKIN_PAGE_SIZE);
}

export function pageCount(total: number): number {
  return Math.ceil(total / CHECKIN_PAGE_SIZE);
}
