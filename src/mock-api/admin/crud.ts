// The list, get, create, update and delete routes of an event's resource, written once. A
// resource says only what differs: how one record is found, read from a body, made, shown and
// cleared away. Every route's order of work is fixed here: lookups (404) before bodies (400),
// the whole body checked (422) before anything is written, and writes stamp `updated_at`.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { readAttributes } from '../../http/body';
import { noContent, pagedListResponse, type Answered, recordAnswer } from '../http/envelope';
import { expandableMeta } from '../http/expand';
import type { ListMetaInput } from '../http/list-meta';
import { ofEvent, recordId, slugOrId } from '../http/scope';
import { Attributes } from '../http/validation';
import type { NewRow, RowOf, TableName } from '../store/tables';
import { type Presenter, presenter } from './presenter';
import type { EventScope } from './scope';

/** Tables of records that belong to one event and carry their write times. */
export type EventTable = {
  [K in TableName]: RowOf<K> extends { event_id: number; updated_at: string } ? K : never;
}[TableName];

/** One page of a list answer: the rows in order, and the meta beyond paging and totals. */
export interface ListAnswer<R>
  extends Omit<ListMetaInput, 'version' | 'page' | 'overallTotal' | 'expandable'> {
  rows: readonly R[];
}

export interface CrudResource<T extends EventTable, P> {
  /** Also the path below the event, and the list answer's key: `discount_codes`. */
  table: T;
  /** The body's and the record answer's key: `discount_code`. */
  singular: string;
  /** The path parameter that names one record: `discount_code_id`. */
  param: string;
  find: (p: Presenter, key: string, c: AdminContext) => RowOf<T>;
  /** The body as a patch, every error thrown at once (422); `current` is null when creating. */
  read: (p: Presenter, raw: Record<string, unknown>, current: RowOf<T> | null) => P;
  /** A new record's values; `now` stamps it. */
  create: (p: Presenter, patch: P, now: string) => NewRow<T>;
  view: (p: Presenter, row: RowOf<T>, c: AdminContext) => Record<string, unknown>;
  /** Names of `meta.expandable` (3.1): on reads and lists. Absent, reads carry none and lists `{}`. */
  expandable?: readonly string[];
  /** Filters and sorts the event's records; absent, the resource answers its list itself. */
  list?: (p: Presenter, all: RowOf<T>[]) => ListAnswer<RowOf<T>>;
  /** One record's answer; by default `{<singular>, meta}`, 201 when created. */
  answer?: (c: AdminContext, p: Presenter, row: RowOf<T>, answered: Answered) => Response;
  /** Runs before the record goes: refuses (throws), or removes what belongs to it. */
  beforeDelete?: (p: Presenter, row: RowOf<T>) => void;
  /** Runs after the record went: drops its id from the records that name it. */
  afterDelete?: (p: Presenter, row: RowOf<T>) => void;
}

export function registerCrud<T extends EventTable, P extends Partial<NewRow<T>>>(
  app: AdminApp,
  ctx: ServiceContext,
  resource: CrudResource<T, P>,
): void {
  const { table, singular, expandable } = resource;
  const base = `/:account_slug/:event_slug/${table}`;
  const one = `${base}/:${resource.param}`;
  const find = (c: AdminContext, p: Presenter) => resource.find(p, c.req.param(resource.param) ?? '', c);
  const answer =
    resource.answer ??
    ((c: AdminContext, p: Presenter, row: RowOf<T>, answered: Answered) =>
      recordAnswer(
        c,
        singular,
        resource.view(p, row, c),
        answered,
        expandable && expandableMeta(expandable, p.expanded),
      ));

  const { list } = resource;
  if (list) {
    app.get(base, (c) => {
      const p = presenter(c, ctx, 'list');
      const all = ctx.store.findBy(table, 'byEvent', p.event.id);
      const overallTotal = all.length;
      const { rows, ...meta } = list(p, all);
      return pagedListResponse(c, table, rows, (row) => resource.view(p, row, c), {
        overallTotal,
        expandable: expandableMeta(expandable ?? [], p.expanded),
        ...meta,
      });
    });
  }

  app.get(one, (c) => {
    const p = presenter(c, ctx, 'record');
    return answer(c, p, find(c, p), 'read');
  });

  app.post(base, async (c) => {
    const p = presenter(c, ctx, 'record');
    const patch = resource.read(p, await readAttributes(c.req.raw, singular), null);
    const row = ctx.store.insert(table, resource.create(p, patch, p.now.toISOString()));
    return answer(c, p, row, 'created');
  });

  app.patch(one, async (c) => {
    const p = presenter(c, ctx, 'record');
    const row = find(c, p);
    const patch = resource.read(p, await readAttributes(c.req.raw, singular), row);
    const changes = { ...patch, updated_at: p.now.toISOString() } as Partial<NewRow<T>>;
    return answer(c, p, ctx.store.update(table, row.id, changes), 'updated');
  });

  app.delete(one, (c) => {
    const p = presenter(c, ctx, 'record');
    const row = find(c, p);
    resource.beforeDelete?.(p, row);
    ctx.store.delete(table, row.id);
    resource.afterDelete?.(p, row);
    return noContent();
  });
}

/** A record of the event named by its integer id. */
export function byId<T extends EventTable>(table: T): (scope: EventScope, key: string) => RowOf<T> {
  return (scope, key) => {
    const id = recordId(key);
    return ofEvent(scope.event, id === undefined ? undefined : scope.ctx.store.get(table, id));
  };
}

/**
 * A record of the event named by its slug or, as the real service also accepts, its id. Slugs
 * are unique in the table (`bySlug`) or within the event (`byEventSlug`).
 */
export function bySlugOrId<T extends EventTable>(
  table: T,
  index: 'bySlug' | 'byEventSlug',
): (scope: EventScope, key: string) => RowOf<T> {
  return (scope, key) => {
    const { id, slug } = slugOrId(key);
    const { store } = scope.ctx;
    const found =
      store.findOne(table, index, index === 'bySlug' ? slug : `${scope.event.id}:${slug}`) ??
      (id !== undefined ? store.get(table, id) : undefined);
    return ofEvent(scope.event, found);
  };
}

/** Whether a slug is taken among the event's records (slugs made from titles are unique per event). */
export function eventSlugTaken(
  scope: EventScope,
  table: 'opt_ins' | 'questions' | 'releases',
): (slug: string) => boolean {
  return (slug) => scope.ctx.store.findOne(table, 'byEventSlug', `${scope.event.id}:${slug}`) !== undefined;
}

/** A `read` from a reader of checked attributes: the body's errors are thrown together after it. */
export function checked<P>(
  readPatch: (attrs: Attributes, creating: boolean) => P,
): (p: Presenter, raw: Record<string, unknown>, current: unknown) => P {
  return (_p, raw, current) => {
    const attrs = new Attributes(raw);
    const patch = readPatch(attrs, current === null);
    attrs.errors.throwIfAny();
    return patch;
  };
}
