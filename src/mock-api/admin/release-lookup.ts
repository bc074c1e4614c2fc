// Admin API: finding one release of an event and answering it as a record, shared by the
// release routes (releases.ts) and their state changes (release-actions.ts).
import type { AdminContext } from '../context';
import { type Answered, recordAnswer } from '../http/envelope';
import { notFound } from '../../http/errors';
import { expandableMeta } from '../http/expand';
import type { Release } from '../model/release';
import { type Presenter, inFull } from './presenter';
import { RELEASE_EXPANDABLE, releaseRecord } from './release-view';
import type { EventScope } from './scope';
import { recordId } from '../http/scope';

export const RELEASES_PATH = '/:account_slug/:event_slug/releases';

export function eventReleases(scope: EventScope): Release[] {
  return scope.ctx.store.findBy('releases', 'byEvent', scope.event.id);
}

/** By slug, or by id as the real service also accepts. */
export function findRelease(scope: EventScope, key: string): Release {
  const { store } = scope.ctx;
  const bySlug = store.findOne('releases', 'byEventSlug', `${scope.event.id}:${key}`);
  const id = recordId(key);
  const byId = id === undefined ? undefined : store.get('releases', id);
  const release = bySlug ?? byId;
  if (!release || release.event_id !== scope.event.id) throw notFound();
  return release;
}

export function releaseSlugTaken(scope: EventScope): (slug: string) => boolean {
  return (slug) =>
    scope.ctx.store.findOne('releases', 'byEventSlug', `${scope.event.id}:${slug}`) !== undefined;
}

/** A release as one record answer: 3.0 extended with its embeds, 3.1 with the asked expansions. */
export function releaseAnswer(
  c: AdminContext,
  p: Presenter,
  release: Release,
  answered: Answered = 'read',
): Response {
  const record = releaseRecord(inFull(p), release);
  return recordAnswer(c, 'release', record, answered, expandableMeta(RELEASE_EXPANDABLE, p.expanded));
}
