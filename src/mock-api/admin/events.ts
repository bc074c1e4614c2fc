// Admin API: events (document 1): upcoming, past and archived lists, get, create, update,
// delete; duplication lives in event-duplication.ts.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { readAttributes } from '../../http/body';
import { noContent, pagedListResponse, recordResponse } from '../http/envelope';
import { expandableMeta } from '../http/expand';
import { stateFilterOptions } from '../http/list-meta';
import { requireAccount, requireEvent } from '../http/scope';
import { uniqueTitleSlug } from '../http/slugs';
import type { Account } from '../model/account';
import type { Event } from '../model/event';
import '../model/event-extras';
import '../model/event-settings';
import '../model/rsvp';
import type { TableName } from '../store/tables';
import { readEvent } from './event-attributes';
import { isPastEvent } from './event-dates';
import { registerEventDuplication } from './event-duplication';
import { EVENT_EXPANDABLE, eventRecord } from './event-view';
import { type Presenter, withShape } from './presenter';
import { eventScopeFor } from './scope';
import { secretString } from '../../platform/secrets';
import { type StateFilter, filterByStates, stateOptions } from './search';

export function presenterFor(
  c: AdminContext,
  ctx: ServiceContext,
  account: Account,
  event: Event,
  shape: 'record' | 'list',
): Presenter {
  return withShape(eventScopeFor(c, ctx, account, event), shape);
}

/** Tables whose records belong to one event and go when it is deleted. */
const EVENT_TABLES: TableName[] = [
  'activities',
  'answers',
  'checkin_lists',
  'discount_codes',
  'event_duplications',
  'interested_users',
  'opt_ins',
  'questions',
  'refunds',
  'registrations',
  'releases',
  'rsvp_lists',
  'tickets',
  'venues',
  'waitlisted_people',
  'webhook_endpoints',
];

function byStart(direction: 1 | -1) {
  return (a: Event, b: Event) => {
    if (a.start_date === b.start_date) return a.id - b.id;
    if (!a.start_date) return 1;
    if (!b.start_date) return -1;
    return (a.start_date < b.start_date ? -1 : 1) * direction;
  };
}

type EventList = 'upcoming' | 'past' | 'archived';

/** The accounts a list of events covers: the one in the path, or (`GET /events`) every account of the token. */
function accountsOf(c: AdminContext, ctx: ServiceContext): Account[] {
  if (c.req.param('account_slug') !== undefined) return [requireAccount(c, ctx)];
  return c.get('caller').accounts.flatMap((slug) => ctx.store.findOne('accounts', 'bySlug', slug) ?? []);
}

function listEvents(c: AdminContext, ctx: ServiceContext, which: EventList): Response {
  const accounts = accountsOf(c, ctx);
  const now = ctx.clock.now();
  const url = new URL(c.req.url);
  const accountOf = new Map(accounts.map((account) => [account.id, account]));
  const all = accounts.flatMap((account) => ctx.store.findBy('events', 'byAccount', account.id));
  const filter: StateFilter<Event> = {
    options: stateOptions([
      ['past', 'Past'],
      ['upcoming', 'Upcoming'],
    ]),
    groups: [['past', 'upcoming']],
    hiddenByDefault: ['past'],
    statesOf: (e) => [isPastEvent(e, now) ? 'past' : 'upcoming'],
  };
  let rows: Event[];
  let filterOptions: Record<string, unknown>;
  if (which === 'archived') {
    rows = all.filter((e) => e.archived);
    filterOptions = stateFilterOptions([]);
  } else {
    const current = all.filter((e) => !e.archived);
    const chosen = which === 'past' ? current.filter((e) => isPastEvent(e, now)) : current;
    const filtered =
      which === 'past' ? { records: chosen, selected: ['past'] } : filterByStates(chosen, url, filter);
    rows = filtered.records;
    filterOptions = stateFilterOptions(filter.options, filtered.selected);
  }
  rows.sort(byStart(which === 'upcoming' ? 1 : -1));
  const version = c.get('version');
  const expanded =
    version === '3.1' ? new Set(url.searchParams.get('expand')?.split(',') ?? []) : new Set<string>();
  return pagedListResponse(
    c,
    'events',
    rows,
    (e) => eventRecord(presenterFor(c, ctx, accountOf.get(e.account_id)!, e, 'list'), e),
    {
      overallTotal: all.length,
      expandable: expandableMeta(EVENT_EXPANDABLE, expanded),
      filterOptions,
    },
  );
}

export function registerEvents(app: AdminApp, ctx: ServiceContext): void {
  // The token's own events, without an account in the path (as the real service answers it).
  app.get('/events', (c) => listEvents(c, ctx, 'upcoming'));
  app.get('/:account_slug/events', (c) => listEvents(c, ctx, 'upcoming'));
  app.get('/:account_slug/events/past', (c) => listEvents(c, ctx, 'past'));
  app.get('/:account_slug/events/archived', (c) => listEvents(c, ctx, 'archived'));

  app.post('/:account_slug/events', async (c) => {
    const account = requireAccount(c, ctx);
    const siblings = ctx.store.findBy('events', 'byAccount', account.id);
    const taken = (slug: string) => siblings.some((e) => e.slug === slug);
    const patch = readEvent(await readAttributes(c.req.raw, 'event'), null, taken);
    const now = ctx.clock.now().toISOString();
    const title = patch.title ?? '';
    const event = ctx.store.insert('events', {
      account_id: account.id,
      slug: uniqueTitleSlug(title, taken),
      title,
      description: null,
      email_address: `${account.slug}@example.com`,
      timezone: 'UTC',
      currency: 'USD',
      start_date: null,
      end_date: null,
      start_time: null,
      end_time: null,
      location: null,
      live: false,
      test_mode: true,
      private: false,
      archived: false,
      default_locale: 'en',
      locales: ['en'],
      metadata: null,
      security_token: secretString(22),
      ...patch,
      created_at: now,
      updated_at: now,
    });
    const p = presenterFor(c, ctx, account, event, 'record');
    return recordResponse(c, 'event', eventRecord(p, event), { status: 201 });
  });

  app.get('/:account_slug/:event_slug', (c) => {
    const { account, event } = requireEvent(c, ctx);
    const p = presenterFor(c, ctx, account, event, 'record');
    return recordResponse(c, 'event', eventRecord(p, event), {
      expandable: expandableMeta(EVENT_EXPANDABLE, p.expanded),
    });
  });

  app.patch('/:account_slug/:event_slug', async (c) => {
    const { account, event } = requireEvent(c, ctx);
    const siblings = ctx.store.findBy('events', 'byAccount', account.id);
    const taken = (slug: string) => siblings.some((e) => e.slug === slug && e.id !== event.id);
    const patch = readEvent(await readAttributes(c.req.raw, 'event'), event, taken);
    const updated = ctx.store.update('events', event.id, {
      ...patch,
      updated_at: ctx.clock.now().toISOString(),
    });
    return recordResponse(c, 'event', eventRecord(presenterFor(c, ctx, account, updated, 'record'), updated));
  });

  app.delete('/:account_slug/:event_slug', (c) => {
    const { event } = requireEvent(c, ctx);
    for (const list of ctx.store.findBy('checkin_lists', 'byEvent', event.id)) {
      for (const checkin of ctx.store.findBy('checkins', 'byList', list.id))
        ctx.store.delete('checkins', checkin.id);
    }
    for (const list of ctx.store.findBy('rsvp_lists', 'byEvent', event.id)) {
      for (const invitation of ctx.store.findBy('release_invitations', 'byList', list.id)) {
        ctx.store.delete('release_invitations', invitation.id);
      }
    }
    for (const table of EVENT_TABLES) {
      for (const row of ctx.store.findBy(table, 'byEvent', event.id)) ctx.store.delete(table, row.id);
    }
    ctx.store.delete('events', event.id);
    return noContent();
  });

  registerEventDuplication(app, ctx);
}
