// What a resource handler needs to know about one Admin API request once the event is settled.
import type { AdminContext, ServiceContext } from '../context';
import type { Account } from '../model/account';
import type { ApiVersion, Mode } from '../model/api-token';
import type { Event } from '../model/event';
import type { RowOf } from '../store/tables';
import { requireEvent } from '../http/scope';
import { formatInZone } from '../http/format';

export interface EventScope {
  ctx: ServiceContext;
  account: Account;
  event: Event;
  mode: Mode;
  version: ApiVersion;
  now: Date;
  url: URL;
}

export function eventScope(c: AdminContext, ctx: ServiceContext): EventScope {
  const { account, event } = requireEvent(c, ctx);
  return eventScopeFor(c, ctx, account, event);
}

/** The scope of an event the handler has already found (or just made). */
export function eventScopeFor(
  c: AdminContext,
  ctx: ServiceContext,
  account: Account,
  event: Event,
): EventScope {
  return {
    ctx,
    account,
    event,
    mode: c.get('caller').mode,
    version: c.get('version'),
    now: ctx.clock.now(),
    url: new URL(c.req.url),
  };
}

/** An Admin API datetime: milliseconds and the event's offset. */
export function at(scope: EventScope, iso: string | null | undefined): string | null {
  return formatInZone(iso, scope.event.timezone);
}

/** The real service's `expires_at` style: `2026-03-18 19:49:04 -0400` (`UTC` in UTC). */
export function railsTime(scope: EventScope, iso: string | null | undefined): string | null {
  const formatted = formatInZone(iso, scope.event.timezone);
  if (!formatted) return null;
  const stamp = `${formatted.slice(0, 10)} ${formatted.slice(11, 19)}`;
  if (formatted.endsWith('Z')) return `${stamp} UTC`;
  return `${stamp} ${formatted.slice(23).replace(':', '')}`;
}

/** The short event record the real service puts inside registrations and tickets. */
export function eventSummary(scope: EventScope): Record<string, unknown> {
  const { event, account } = scope;
  return { id: event.id, title: event.title, slug: event.slug, path: `/${account.slug}/${event.slug}` };
}

/** Money the way the real service's records carry it: a JSON number (`90.0`), null when unset. */
export function money(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  return Number(value);
}

export function isTestMode(scope: EventScope): boolean {
  return scope.mode === 'test';
}

/** The event's records of a mode-separated table that the caller sees: test tokens only test ones. */
export function callerModeRecords<T extends 'registrations' | 'tickets'>(
  scope: EventScope,
  table: T,
): RowOf<T>[] {
  const test = isTestMode(scope);
  return scope.ctx.store.findBy(table, 'byEvent', scope.event.id).filter((r) => r.test_mode === test);
}

export const PUBLIC_ORIGIN = 'https://ti.to';
