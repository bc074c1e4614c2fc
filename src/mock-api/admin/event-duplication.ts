// Event duplication (document 1): POST starts it and answers `processing`; GET reports the
// latest one, `complete` with the copy's title and slug once its time has come. The copy is
// written by the POST itself, so a restart never loses a half-done job.
import type { AdminApp, ServiceContext } from '../context';
import { notFound } from '../../http/errors';
import { requireEvent } from '../http/scope';
import { uniqueTitleSlug } from '../http/slugs';
import type { Event } from '../model/event';
import type { EventDuplication } from '../model/event-duplication';
import { secretString } from '../../platform/secrets';
import '../model/event-duplication';

/** How long the mock's copy job "runs": long enough for a client to see `processing`. */
export const DUPLICATION_MS = 2000;

function duplicationBody(ctx: ServiceContext, duplication: EventDuplication): Record<string, unknown> {
  const complete = ctx.clock.now().getTime() >= Date.parse(duplication.completes_at);
  const copy = complete ? ctx.store.get('events', duplication.copy_event_id) : undefined;
  return {
    duplication: {
      _type: 'duplication',
      status: complete ? 'complete' : 'processing',
      title: copy?.title ?? null,
      slug: copy?.slug ?? null,
    },
  };
}

/** Copies the event and what organisers set up for it; sales, attendees and check-ins stay behind. */
function copyEvent(ctx: ServiceContext, event: Event): Event {
  const { store } = ctx;
  const now = ctx.clock.now().toISOString();
  const stamps = { created_at: now, updated_at: now };
  const siblings = store.findBy('events', 'byAccount', event.account_id);
  const title = `${event.title} Copy`;
  const { id: _event, ...eventFields } = event;
  const copy = store.insert('events', {
    ...eventFields,
    title,
    slug: uniqueTitleSlug(title, (s) => siblings.some((e) => e.slug === s)),
    live: false,
    archived: false,
    security_token: secretString(22),
    ...stamps,
  });
  const releaseIds = new Map<number, number>();
  for (const { id, ...release } of store.findBy('releases', 'byEvent', event.id)) {
    releaseIds.set(id, store.insert('releases', { ...release, event_id: copy.id, ...stamps }).id);
  }
  const mapReleases = (ids: number[]) => ids.map((id) => releaseIds.get(id)).filter((id) => id !== undefined);
  const questionIds = new Map<number, number>();
  for (const { id, ...question } of store.findBy('questions', 'byEvent', event.id)) {
    const inserted = store.insert('questions', {
      ...question,
      event_id: copy.id,
      release_ids: mapReleases(question.release_ids),
      ...stamps,
    });
    questionIds.set(id, inserted.id);
  }
  const mapQuestions = (ids: number[]) =>
    ids.map((id) => questionIds.get(id)).filter((id) => id !== undefined);
  for (const { id: _activity, ...activity } of store.findBy('activities', 'byEvent', event.id)) {
    store.insert('activities', {
      ...activity,
      event_id: copy.id,
      release_ids: mapReleases(activity.release_ids),
      question_ids: mapQuestions(activity.question_ids),
      ...stamps,
    });
  }
  for (const { id: _optIn, ...optIn } of store.findBy('opt_ins', 'byEvent', event.id)) {
    store.insert('opt_ins', {
      ...optIn,
      event_id: copy.id,
      release_ids: mapReleases(optIn.release_ids),
      acceptance_count: 0,
      ...stamps,
    });
  }
  for (const { id: _code, ...code } of store.findBy('discount_codes', 'byEvent', event.id)) {
    store.insert('discount_codes', {
      ...code,
      event_id: copy.id,
      release_ids: mapReleases(code.release_ids),
      ...stamps,
    });
  }
  return copy;
}

export function registerEventDuplication(app: AdminApp, ctx: ServiceContext): void {
  const path = '/:account_slug/:event_slug/duplication';

  app.post(path, (c) => {
    const { event } = requireEvent(c, ctx);
    const copy = copyEvent(ctx, event);
    const now = ctx.clock.now();
    const duplication = ctx.store.insert('event_duplications', {
      event_id: event.id,
      copy_event_id: copy.id,
      completes_at: new Date(now.getTime() + DUPLICATION_MS).toISOString(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    return c.json(duplicationBody(ctx, duplication), 201);
  });

  app.get(path, (c) => {
    const { event } = requireEvent(c, ctx);
    const latest = ctx.store.findBy('event_duplications', 'byEvent', event.id).at(-1);
    if (!latest) throw notFound();
    return c.json(duplicationBody(ctx, latest));
  });
}
