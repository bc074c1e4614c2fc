// The one `page` rule of both APIs (the Check-in API's `page`, the Admin API's `page[number]`
// and its `page` shorthand, `page[size]`): absent or empty is the default; otherwise a whole
// number from 1, else 400 naming the parameter. Never a quiet fallback to page 1: a client
// counting pages from 0 would read page 1 twice and never learn why.
import { badRequest } from './errors';

const WHOLE = /^\d{1,15}$/;

/** The number given for `name`, or `fallback` when it is absent or empty; 400 for anything else. */
export function wholeFromOne(name: string, raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === '') return fallback;
  const text = raw.trim();
  if (!WHOLE.test(text) || Number(text) < 1) throw badRequest(`${name} must be a whole number from 1`);
  return Number(text);
}
