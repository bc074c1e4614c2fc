// Admin API: the state changes of a release (document 2). Their response bodies are "not
// shown"; each answers the release as it now is (`{release, meta}`), 201 for the duplicate.
import type { AdminApp, ServiceContext } from '../context';
import { invalid } from '../../http/errors';
import { uniqueTitleSlug } from '../http/slugs';
import type { Release } from '../model/release';
import { findRelease, RELEASES_PATH, eventReleases, releaseAnswer, releaseSlugTaken } from './release-lookup';
import { presenter } from './presenter';

type Change = (release: Release) => Partial<Release>;

/** Publication needs a release on sale: an off-sale release has no event-page visibility to change. */
function onSaleOnly(release: Release): void {
  if (release.state_name !== 'on_sale') {
    throw invalid({ base: ['The release must be on sale to change whether it is public or secret'] });
  }
}

export function registerReleaseActions(app: AdminApp, ctx: ServiceContext): void {
  const action = (method: 'post' | 'patch' | 'delete', path: string, change: Change) => {
    app[method](`${RELEASES_PATH}/:release_slug/${path}`, (c) => {
      const p = presenter(c, ctx, 'record');
      const release = findRelease(p, c.req.param('release_slug'));
      const patch = change(release);
      const updated = ctx.store.update('releases', release.id, {
        ...patch,
        updated_at: p.now.toISOString(),
      });
      return releaseAnswer(c, p, updated, 'updated');
    });
  };

  action('post', 'archival', () => ({ archived: true }));
  action('delete', 'archival', () => ({ archived: false }));
  action('patch', 'activation', () => ({ state_name: 'on_sale' }));
  action('patch', 'deactivation', () => ({ state_name: 'off_sale' }));
  action('post', 'publication', (release) => {
    onSaleOnly(release);
    return { secret: false };
  });
  action('delete', 'publication', (release) => {
    onSaleOnly(release);
    return { secret: true };
  });

  app.post(`${RELEASES_PATH}/:release_slug/duplication`, (c) => {
    const p = presenter(c, ctx, 'record');
    const original = findRelease(p, c.req.param('release_slug'));
    const title = `${original.title} Copy`;
    const stamp = p.now.toISOString();
    const { id: _id, ...rest } = original;
    const positions = eventReleases(p).map((r) => r.position);
    const copy = ctx.store.insert('releases', {
      ...rest,
      title,
      slug: uniqueTitleSlug(title, releaseSlugTaken(p)),
      archived: false,
      position: Math.max(...positions) + 1,
      created_at: stamp,
      updated_at: stamp,
    });
    return releaseAnswer(c, p, copy, 'created');
  });
}
