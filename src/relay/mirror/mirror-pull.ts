// Keeps a mirror current from the upstream: the list record, its questions, and every page of
// tickets, check-ins and answers `since` the greatest upstream `updated_at` received (or, for
// records without one, the upstream's clock as it answered), less a margin, as the door does
// (repeats are harmless); all of them the first time. Only records that
// differ from the mirror's copy are journalled, so a quiet list costs no disk. The mirror is
// `ready` (served to doors) once one full round has succeeded. A failed call ends the round;
// the next one starts over from the same cursors.
import type { ListMirror } from './list-mirror';
import { type Upstream, allPages, callUpstream } from './mirror-upstream';
import { type Entry, type Rec, isRec } from './mirror-types';

export const PULL_MARGIN_MS = 10_000;
const DETAILS_EVERY = 5;

export type Commit = (entries: Entry[]) => Promise<void>;

function differs(m: ListMirror, res: 'tickets' | 'answers' | 'checkins', rec: Rec): boolean {
  if (res === 'checkins') {
    const uuid = m.links.get(String(rec.uuid)) ?? String(rec.uuid);
    const held = m.checkins.get(uuid)?.rec;
    if (!held) return true;
    const write = m.writes.get(uuid);
    if (write && (write.state === 'queued' || write.state === 'sending')) return true;
    const localDelete = write?.deleteState === 'queued' && held.deleted_at;
    return (
      held.id !== rec.id ||
      held.created_at !== rec.created_at ||
      (!localDelete && (held.deleted_at ?? null) !== (rec.deleted_at ?? null))
    );
  }
  const held = (res === 'tickets' ? m.tickets : m.answers).get(Number(rec.id))?.rec;
  return !held || JSON.stringify(held) !== JSON.stringify(rec);
}

function latest(records: Rec[]): number | null {
  let max: number | null = null;
  for (const rec of records) {
    const t = Date.parse(String(rec.updated_at ?? ''));
    if (!Number.isNaN(t) && (max === null || t > max)) max = t;
  }
  return max;
}

/** One pull round; 'gone' when the upstream says the list no longer exists (404/410). */
export async function pullRound(m: ListMirror, up: Upstream, commit: Commit, now: () => number) {
  // The list record and questions rarely change: read every few rounds, not every one.
  m.rounds += 1;
  if (!m.ready || m.rounds % DETAILS_EVERY === 1) {
    const details = await pullDetails(m, up, commit, now);
    if (details !== 'ok') return details;
  }
  for (const res of ['tickets', 'checkins', 'answers'] as const) {
    const cursor = m.ready ? (m.cursors[res] ?? null) : null;
    const pulled = await allPages(up, m.slug, res, cursor === null ? null : cursor - PULL_MARGIN_MS);
    if (!pulled) return 'failed';
    const { records, servedAt } = pulled;
    const fresh = records.filter((rec) => differs(m, res, rec));
    // The cursor follows everything received, so the relay's own writes, already held, do not
    // keep the next pull's window open behind them. Records that carry no `updated_at` (the
    // service's answers need not) move it to the upstream's clock when the pull began, as a
    // door's cursor does: without it every round read them all again.
    const upTo = latest(records) ?? (records.length > 0 ? servedAt : null);
    const moves = upTo !== null && upTo > (m.cursors[res] ?? Number.NEGATIVE_INFINITY);
    if (fresh.length > 0 || moves)
      await commit([{ k: 'pulled', at: m.nextAt(now()), res, records: fresh, upTo }]);
  }
  if (!m.ready) await commit([{ k: 'ready', at: m.nextAt(now()) }]);
  m.pulledAt = now();
  return 'ok';
}

async function pullDetails(m: ListMirror, up: Upstream, commit: Commit, now: () => number) {
  const list = await callUpstream(up, m.slug, 'GET', '');
  if (list.kind === 'failed') return 'failed';
  if (list.status === 404 || list.status === 410) return 'gone';
  if (list.status !== 200 || !isRec(list.json)) return 'failed';
  if (JSON.stringify(list.json) !== JSON.stringify(m.list))
    await commit([{ k: 'list', at: m.nextAt(now()), list: list.json }]);
  const questions = await callUpstream(up, m.slug, 'GET', '/questions');
  if (questions.kind !== 'answer' || questions.status !== 200 || !Array.isArray(questions.json))
    return 'failed';
  const qs = questions.json.filter(isRec);
  if (JSON.stringify(qs) !== JSON.stringify(m.questions))
    await commit([{ k: 'questions', at: m.nextAt(now()), records: qs }]);
  return 'ok';
}
