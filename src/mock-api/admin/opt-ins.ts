// Admin API: opt-ins (document 1). Looked up by slug or id; the slug comes from the name.
import type { AdminApp, ServiceContext } from '../context';
import type { SortOptions } from '../http/list-meta';
import { uniqueTitleSlug } from '../http/slugs';
import { Attributes } from '../http/validation';
import type { OptIn } from '../model/opt-in';
import { bySlugOrId, eventSlugTaken, registerCrud } from './crud';
import {
  type Presenter,
  RELEASE_LINKS,
  idArrays,
  linkedIds,
  present,
  readEventTranslations,
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
    ...(shows(p, 'releases') ? { releases: releases.map((r) => releaseRecord(p, r, { nested: true })) } : {}),
    ...idArrays(
      p,
      'releases',
      'release',
      releases.map((r) => r.id),
    ),
  };
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
  registerCrud(app, ctx, {
    table: 'opt_ins',
    singular: 'opt_in',
    param: 'opt_in_slug',
    find: bySlugOrId('opt_ins', 'byEventSlug'),
    read: readOptIn,
    create: (p, patch, now) => ({
      event_id: p.event.id,
      slug: uniqueTitleSlug(patch.name ?? '', eventSlugTaken(p, 'opt_ins')),
      name: patch.name ?? '',
      description: null,
      release_ids: [],
      acceptance_count: 0,
      translations: null,
      ...patch,
      created_at: now,
      updated_at: now,
    }),
    view: optInRecord,
    expandable: OPT_IN_EXPANDABLE,
    list: (p, all) => {
      sortBy(all, p.url, SORT, (o) => o.name.toLowerCase());
      return { rows: all, sortOptions: SORT };
    },
  });
}
