// The venue mirror: the relay's check-in list handler when RELAY_DATA_DIR is set. Guarantees:
// - a list is mirrored once a door has joined it (a GET of the list the upstream answered 200);
//   until its first full download is done, its requests pass through to the upstream;
// - once ready, doors' reads are served from the mirror (./mirror-serve), and their writes are
//   checked (./door-writes), journalled and fsync'd, applied, and only then answered: every
//   other door's next `since` pull sees them, with or without the upstream;
// - one loop per list forwards journalled writes upstream (./mirror-forward) and then pulls
//   (./mirror-pull); it does not pull while an attempt's outcome is unknown, so the upstream's
//   copy of a lost answer is matched to its write before it could look like another check-in;
// - all of a list's state changes go through `commit` (journal first, then apply), one at a
//   time per list; on start every journal is replayed, then compacted when large;
// - while the upstream keeps failing, a list's rounds back off (./mirror-backoff): doors' writes
//   do not each start an attempt;
// - nothing here logs a slug: lists are named by their id and title.
import type { Clock } from '../../platform/clock';
import { readBody } from '../../http/body';
import { ApiError } from '../../http/errors';
import type { CheckinHandler } from '../relay-api';
import { createdCheckin, planCheckins, planDelete } from './door-writes';
import { ListMirror } from './list-mirror';
import { saysAlreadyIn } from './mirror-types';
import { forwardRound } from './mirror-forward';
import { MirrorJournal, listKey } from './mirror-journal';
import { pullRound } from './mirror-pull';
import { serveRead } from './mirror-serve';
import type { Entry } from './mirror-types';
import type { Upstream } from './mirror-upstream';
import { type RoundBackoff, createRoundBackoff } from './mirror-backoff';
import type { DataSeal } from '../../platform/data-seal';

const MAX_LISTS = 200;

export interface MirrorOptions {
  dir: string;
  upstream: Upstream;
  clock: Clock;
  newUuid: () => string;
  /** How often each list forwards and pulls while the upstream answers. */
  intervalMs: number;
  /** The longest wait between rounds while the upstream keeps failing (./mirror-backoff). */
  maxBackoffMs?: number;
  passThrough: CheckinHandler;
  /** A JSON answer in the relay's shape (addresses rewritten as for upstream answers). */
  answer: (status: number, body: unknown) => Response;
  warn: (message: string) => void;
  /** How the journals are sealed at rest (DATA_KEY); plain without. */
  seal?: DataSeal;
}

interface Held {
  m: ListMirror;
  journal: MirrorJournal;
  chain: Promise<void>;
  timer: NodeJS.Timeout | null;
  running: boolean;
  again: boolean;
  /** The upstream said the list is gone (404/410): doors get its own answers, not the mirror's. */
  gone: boolean;
  /** Door writes, one at a time: each is planned against the state the one before left. */
  writing: Promise<unknown>;
  /** Rounds wait longer while the upstream keeps failing. */
  backoff: RoundBackoff;
}

export function createMirror(options: MirrorOptions) {
  const held = new Map<string, Held>();
  const now = () => options.clock.now().getTime();
  let stopped = false;

  /** Journal, then apply: the only way a list's state changes. Serialised per list. */
  const commitFor = (h: Held) => (entries: Entry[]) => {
    const run = h.chain.then(async () => {
      await h.journal.append(entries);
      for (const e of entries) h.m.apply(e);
    });
    h.chain = run.catch(() => undefined);
    return run;
  };

  /** One round now (`asked`: by a door's write, which waits out a backoff), or after the one under way. */
  const round = async (h: Held, asked = false) => {
    if (asked && !h.backoff.allows(now())) return;
    if (h.running) {
      h.again = true;
      return;
    }
    h.running = true;
    try {
      do {
        h.again = false;
        const commit = commitFor(h);
        const forwarded = h.m.ready ? await forwardRound(h.m, options.upstream, commit, now) : 'ok';
        const unknown = [...h.m.writes.values()].some((w) => w.state === 'sending');
        // The upstream answered this round unless the forward or the pull failed.
        let through = forwarded === 'ok';
        if (forwarded === 'ok' && !unknown) {
          const pulled = await pullRound(h.m, options.upstream, commit, now);
          if (pulled !== 'failed') h.gone = pulled === 'gone';
          else through = false;
        }
        h.backoff.note(through, now());
        if (h.journal.needsCompaction()) await h.journal.compact(() => h.m.snapshot());
      } while (h.again && !stopped && h.backoff.allows(now()));
    } catch (error) {
      // A fault (the disk): named, never the list; the next tick tries again.
      options.warn(`mirror: a round failed (${error instanceof Error ? error.name : 'unknown'})`);
    } finally {
      h.running = false;
    }
  };

  const schedule = (h: Held) => {
    if (stopped) return;
    h.timer = setTimeout(async () => {
      await round(h);
      schedule(h);
    }, h.backoff.delay());
  };

  const hold = (m: ListMirror, journal: MirrorJournal): Held => {
    const h: Held = {
      m,
      journal,
      chain: Promise.resolve(),
      timer: null,
      running: false,
      again: false,
      gone: false,
      writing: Promise.resolve(),
      backoff: createRoundBackoff(options.intervalMs, options.maxBackoffMs),
    };
    held.set(m.slug, h);
    void round(h);
    schedule(h);
    return h;
  };

  // In the Check-in API's error shape, as the service answers: `{status, message}`, and the
  // bad items of a batch by index.
  const refusal = (r: { status: number; message: string; errors?: Record<string, string[]> }) =>
    options.answer(
      r.status,
      r.errors
        ? { status: r.status, message: r.message, errors: r.errors }
        : { status: r.status, message: r.message },
    );

  const write = async (h: Held, method: string, segments: string[], body: Uint8Array<ArrayBuffer> | null) => {
    const { m } = h;
    if (method === 'DELETE') {
      const plan = planDelete(m, segments[4] ?? '', now());
      if ('status' in plan) return null; // not held here: the upstream may know it
      if (plan.entry) await commitFor(h)([plan.entry]);
      void round(h, true);
      return options.answer(200, createdCheckinOrServed(m, segments[4] ?? ''));
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = await readBody(
        new Request('http://relay/', {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/json' },
        }),
      );
    } catch (error) {
      if (error instanceof ApiError) return refusal(error);
      throw error;
    }
    const plan = planCheckins(m, parsed, now(), options.newUuid);
    // A ticket newer than the mirror's last pull: the upstream decides, if it answers.
    if (!('ok' in plan)) return plan.ticketUnknown ? null : refusal(plan);
    if (plan.entries.length > 0) await commitFor(h)(plan.entries);
    void round(h, true);
    const records = plan.uuids.map((uuid) => createdCheckin(m, uuid));
    return options.answer(plan.created ? 201 : 200, plan.single ? records[0] : records);
  };

  const register = async (slug: string) => {
    if (held.has(slug) || held.size >= MAX_LISTS || stopped) return;
    const journal = new MirrorJournal(options.dir, listKey(slug), options.seal);
    try {
      await journal.append([{ k: 'slug', at: now(), slug }]);
    } catch (error) {
      // The door's answer came from the upstream and stands; the list is just not mirrored.
      options.warn(`mirror: a list could not be kept (${error instanceof Error ? error.name : 'unknown'})`);
      return;
    }
    if (!held.has(slug)) hold(new ListMirror(slug), journal);
  };

  const handler: CheckinHandler = async (route, call) => {
    const segments = route.path.split('/'); // ['', 'checkin_lists', slug, resource?, id?]
    const h = held.get(route.listSlug);
    if (h?.m.ready && !h.gone) {
      if (call.method === 'GET') {
        const served = serveRead(h.m, segments[3], segments.slice(4), route.query);
        if (served) return options.answer(served.status, served.body);
      } else {
        const run = h.writing.then(() => write(h, call.method, segments, call.body));
        h.writing = run.catch(() => undefined);
        const answered = await run;
        if (answered) return answered;
      }
      return options.passThrough(route, call);
    }
    const answer = await options.passThrough(route, call);
    if (!h && call.method === 'GET' && segments.length === 3 && answer.status === 200)
      await register(route.listSlug);
    return answer;
  };

  return {
    handler,
    async start() {
      for (const key of await MirrorJournal.keys(options.dir)) {
        const journal = new MirrorJournal(options.dir, key, options.seal);
        const { snapshot, entries } = await journal.replay(options.warn);
        const slug = snapshot?.slug ?? firstSlug(entries);
        if (!slug || listKey(slug) !== key) continue;
        const m = snapshot ? ListMirror.fromSnapshot(snapshot) : new ListMirror(slug);
        for (const e of entries) m.apply(e);
        hold(m, journal);
      }
    },
    /**
     * Whether a door's write of `slug` would find a check-in of `uuid` here (the rule of
     * ./door-writes); undefined when the mirror would not answer that write itself.
     */
    holds(slug: string, uuid: string): boolean | undefined {
      const h = held.get(slug);
      return h?.m.ready && !h.gone ? h.m.checkins.has(uuid) : undefined;
    },
    describe(at = now()) {
      return [...held.values()].map(({ m }) => ({
        id: typeof m.list?.id === 'number' ? m.list.id : null,
        title: typeof m.list?.title === 'string' ? m.list.title : null,
        ready: m.ready,
        age_seconds: m.pulledAt === null ? null : Math.max(0, Math.round((at - m.pulledAt) / 1000)),
        pending_upstream: m.pending(),
        parked: [...m.writes.values()].filter((w) => w.state === 'parked' || w.deleteState === 'parked')
          .length,
        // Of those, door check-ins the upstream refused because its ticket was already in there:
        // kept here and served beside the upstream's, so every door shows a double admission.
        already_in: [...m.writes.values()].filter((w) => w.state === 'parked' && saysAlreadyIn(w.reason))
          .length,
      }));
    },
    async stop() {
      stopped = true;
      for (const h of held.values()) {
        if (h.timer) clearTimeout(h.timer);
        await h.chain;
        await h.journal.close();
      }
    },
  };
}

function createdCheckinOrServed(m: ListMirror, uuid: string) {
  const { ticket: _t, release: _r, ...record } = createdCheckin(m, uuid) ?? {};
  return record;
}

/** The slug of a journal without a snapshot: each list's journal starts with the list itself. */
function firstSlug(entries: Entry[]): string | null {
  for (const e of entries) if (e.k === 'slug') return e.slug;
  return null;
}
