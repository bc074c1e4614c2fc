// Admin API: venues of an event. Not in the documents; the recordings show the list, and
// get, create, update and delete follow the other event resources.
import type { AdminApp, ServiceContext } from '../context';
import { listMeta } from '../http/list-meta';
import { paginate, pageRequest } from '../http/pagination';
import { refuseFilters } from '../http/filters';
import type { Attributes } from '../http/validation';
import '../model/event-extras';
import type { Venue } from '../model/event-extras';
import { byId, checked, registerCrud } from './crud';
import { type Presenter, presenter } from './presenter';
import { at } from './scope';

const VENUES_PATH = '/:account_slug/:event_slug/venues';

function venueRecord(p: Presenter, venue: Venue): Record<string, unknown> {
  return {
    _type: 'venue',
    id: venue.id,
    name: venue.name,
    address: venue.address,
    show: venue.show,
    created_at: at(p, venue.created_at),
    updated_at: at(p, venue.updated_at),
    zoomlevel: venue.zoomlevel,
    latitude: venue.latitude,
    longitude: venue.longitude,
    link: venue.link,
    position: venue.position,
    url: venue.url,
  };
}

function venuePatch(attrs: Attributes, creating: boolean): Partial<Venue> {
  const patch: Partial<Venue> = {};
  const name = attrs.string('name');
  if ((creating || name !== undefined) && attrs.required('name', name)) patch.name = name.trim();
  for (const key of ['address', 'latitude', 'longitude', 'link', 'url'] as const) {
    const value = attrs.string(key);
    if (value !== undefined) patch[key] = value;
  }
  const show = attrs.boolean('show');
  if (show !== undefined) patch.show = show ?? true;
  const zoom = attrs.integer('zoomlevel');
  if (zoom !== undefined) patch.zoomlevel = zoom;
  return patch;
}

export function registerVenues(app: AdminApp, ctx: ServiceContext): void {
  app.get(VENUES_PATH, (c) => {
    const p = presenter(c, ctx, 'list');
    const all = ctx.store.findBy('venues', 'byEvent', p.event.id).sort((a, b) => a.position - b.position);
    refuseFilters(p.url);
    const page = paginate(all, pageRequest(p.url));
    const meta = listMeta({ version: p.version, page: page.meta, overallTotal: all.length });
    // The real service answers `expandable: null` here, and no sort or filter options.
    delete meta.filter_options;
    const ordered = p.version === '3.1' ? { api_version: meta.api_version, expandable: null, ...meta } : meta;
    return c.json({ venues: page.items.map((v) => venueRecord(p, v)), meta: ordered });
  });

  registerCrud(app, ctx, {
    table: 'venues',
    singular: 'venue',
    param: 'venue_id',
    find: byId('venues'),
    read: checked(venuePatch),
    create: (p, patch, now) => ({
      event_id: p.event.id,
      name: '',
      address: null,
      show: true,
      latitude: null,
      longitude: null,
      zoomlevel: null,
      link: null,
      url: null,
      position: 0,
      ...patch,
      created_at: now,
      updated_at: now,
    }),
    view: venueRecord,
  });
}
