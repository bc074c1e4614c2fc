// Resolving `/:account_slug` and `/:account_slug/:event_slug`, and mode-aware record lookups.
import type { AdminContext, ServiceContext } from '../context';
import type { Account } from '../model/account';
import type { Event } from '../model/event';
import { forbidden, notFound, notFoundInThisMode } from '../../http/errors';

export function requireAccount(c: AdminContext, ctx: ServiceContext): Account {
  const slug = c.req.param('account_slug') ?? '';
  const account = ctx.store.findOne('accounts', 'bySlug', slug);
  if (!account) throw notFound();
  if (!c.get('caller').accounts.includes(slug)) throw forbidden(slug);
  return account;
}

export function requireEvent(c: AdminContext, ctx: ServiceContext): { account: Account; event: Event } {
  const account = requireAccount(c, ctx);
  const slug = c.req.param('event_slug') ?? '';
  const event = ctx.store.findOne('events', 'byAccountSlug', `${account.id}:${slug}`);
  if (!event) throw notFound();
  return { account, event };
}

/**
 * A record of a mode-separated table (registrations, tickets): one of the other mode answers
 * 404 with the hint that it exists there.
 */
export function inCallerMode<T extends { test_mode: boolean }>(c: AdminContext, record: T | undefined): T {
  if (!record) throw notFound();
  const mode = c.get('caller').mode;
  if (record.test_mode !== (mode === 'test')) throw notFoundInThisMode(mode);
  return record;
}

/** A record that must belong to the event in the path. */
export function ofEvent<T extends { event_id: number }>(event: Event, record: T | undefined): T {
  if (!record || record.event_id !== event.id) throw notFound();
  return record;
}

/**
 * The id a path segment names: its digits as written, nothing else. `012`, `+12`, `1e1`, `0x0c`,
 * `12.0` and ` 12` all read as 12 through `Number`, so each would name record 12 under another
 * text; the real router's integer ids never match them, and neither does this.
 */
export function recordId(key: string): number | undefined {
  if (!/^[1-9][0-9]{0,15}$/.test(key)) return undefined;
  const id = Number(key);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** Lookups by slug that also accept the id (check-in lists, questions, opt-ins). */
export function slugOrId(value: string): { id?: number; slug: string } {
  const id = recordId(value);
  return id === undefined ? { slug: value } : { id, slug: value };
}
