// Admin API: opt-ins (document 1). Looked up by slug or id; the slug comes from the name.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { readAttributes } from '../http/body';
import { noContent, pagedListResponse, recordResponse } from '../http/envelope';
import { notFound } from '../http/errors';
import { expandableMeta } from '../http/expand';
import type { SortOptions } from '../http/list-meta';
import { slugOrId } from '../http/scope';
import { uniqueTitleSlug } from '../http/slugs';
import { Attributes } from '../http/validation';
import type { OptIn } from '../model/opt-in';
import {
  type Presenter,
  RELEASE_LINKS,
  idArrays,
  linkedIds,
  present,
  readEventTranslations,
  presenter,
  shows,
  translationsOf,
} from './presenter';
import { releaseRecord } from './release-view';
import { at } from './scope';
import { sortBy } from './search';

const SORT: SortOptions = {
  'A-Z': { attr: 'name', direction: 'asc', default: true },
  'Z-A': { attr: 'name', direction: 'desc' },
};
const OPT_IN_EXPANDABLE = ['releases', 'release_ids'] as const;

function optInRecord(p: Presenter, optIn: OptIn): Record<string, unknown> {
  const releases = present(p, 'releases', optIn.release_ids);
  return {
    _type: 'opt_in',
    ...(p.extended ? { view: 'extended' } : {}),
    id: optIn.id,
    slug: optIn.slug,
    name: optIn.name,
    description: optIn.description,
    ...(p.version === '3.0' ? { release_ids: releases.map((r) => r.id) } : {}),
    acceptance_count: optIn.acceptance_count,
    created_at: at(p, optIn.created_at),
    updated_at: at(p, optIn.updated_at),
    ...translationsOf(p, optIn as unknown as Record<string, unknown>, optIn.translations, [
      'name',
      'description',
    ]),
    ...(shows(p, 'releases') ? { releases: releases.map((r) => releaseRecord(p, r, p.extended)) } : {}),
    ...idArrays(
      p,
      'releases',
      'release',
      releases.map((r) => r.id),
    ),
  };
}

function findOptIn(c: AdminContext, p: Presenter): OptIn {
  const { id, slug } = slugOrId(c.req.param('opt_in_slug') ?? '');
  const { store } = p.ctx;
  const found =
    store.findOne('opt_ins', 'byEventSlug', `${p.event.id}:${slug}`) ??
    (id !== undefined ? store.get('opt_ins', id) : undefined);
  if (!found || found.event_id !== p.event.id) throw notFound();
  return found;
}

type OptInPatch = Partial<Pick<OptIn, 'name' | 'description' | 'release_ids' | 'translations'>>;

function readOptIn(p: Presenter, raw: Record<string, unknown>, current: OptIn | null): OptInPatch {
  const creating = current === null;
  const attrs = new Attributes(raw);
  const patch: OptInPatch = {};
  const name = attrs.string('name');
  if (creating || name !== undefined) attrs.required('name', name);
  if (name) patch.name = name;
  const description = attrs.string('description');
  if (description !== undefined) patch.description = description || null;
  const releases = linkedIds(attrs, RELEASE_LINKS, p.ctx.store.findBy('releases', 'byEvent', p.event.id));
  if (releases) patch.release_ids = releases;
  const translations = readEventTranslations(p, attrs, ['name', 'description'], current);
  if (translations) patch.translations = translations;
  attrs.errors.throwIfAny();
  return patch;
}

export function registerOptIns(app: AdminApp, ctx: ServiceContext): void {
  const base = '/:account_slug/:event_slug/opt_ins';

  app.get(base, (c) => {
    const p = presenter(c, ctx, 'list');
    const rows = ctx.store.findBy('opt_ins', 'byEvent', p.event.id);
    sortBy(rows, p.url, SORT, (o) => o.name.toLowerCase());
    return pagedListResponse(c, 'opt_ins', rows, (o) => optInRecord(p, o), {
      overallTotal: rows.length,
      expandable: expandableMeta(OPT_IN_EXPANDABLE, p.expanded),
      sortOptions: SORT,
    });
  });

  app.get(`${base}/:opt_in_slug`, (c) => {
    const p = presenter(c, ctx, 'record');
    return recordResponse(c, 'opt_in', optInRecord(p, findOptIn(c, p)), {
      expandable: expandableMeta(OPT_IN_EXPANDABLE, p.expanded),
    });
  });

  app.post(base, async (c) => {
    const p = presenter(c, ctx, 'record');
    const patch = readOptIn(p, await readAttributes(c.req.raw, 'opt_in'), null);
    const siblings = ctx.store.findBy('opt_ins', 'byEvent', p.event.id);
    const name = patch.name ?? '';
    const now = p.now.toISOString();
    const optIn = ctx.store.insert('opt_ins', {
      event_id: p.event.id,
      slug: uniqueTitleSlug(name, (s) => siblings.some((o) => o.slug === s)),
      name,
      description: null,
      release_ids: [],
      acceptance_count: 0,
      translations: null,
      ...patch,
      created_at: now,
      updated_at: now,
    });
    return recordResponse(c, 'opt_in', optInRecord(p, optIn), { status: 201 });
  });

  app.patch(`${base}/:opt_in_slug`, async (c) => {
    const p = presenter(c, ctx, 'record');
    const optIn = findOptIn(c, p);
    const patch = readOptIn(p, await readAttributes(c.req.raw, 'opt_in'), optIn);
    const updated = ctx.store.update('opt_ins', optIn.id, { ...patch, updated_at: p.now.toISOString() });
    return recordResponse(c, 'opt_in', optInRecord(p, updated));
  });

  app.delete(`${base}/:opt_in_slug`, (c) => {
    const p = presenter(c, ctx, 'record');
    ctx.store.delete('opt_ins', findOptIn(c, p).id);
    return noContent();
  });
}
