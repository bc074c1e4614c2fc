// Pulls a list from the service into the local copy. Guarantees: the first download stores
// each page with its progress in one transaction, so an interrupted download resumes at the
// first missing page; later pulls ask only for records updated `since` a cursor taken from the
// service's own `updated_at` values (less a safety margin), never from this device's clock;
// records seen twice are upserted, so the overlap is harmless.
import type { CheckinClient, PagedItems, PagedResource } from '../api/checkin-client';
import { fail, type Failure, ok, type Result } from '../domain/result';
import type { RemoteCheckin } from '../api/schemas';
import { serviceCheckinRow } from '../db/checkin-row';
import { listRowFrom } from '../db/list-row';
import { type CheckinDatabase, pageRange } from '../db/database';
import {
  patchSyncState,
  readList,
  readSyncState,
  replaceQuestions,
  saveList,
  storeFirstPage,
  upsertAnswers,
  upsertCheckins,
  upsertTickets,
} from '../db/local-copy';
import type { CheckinRow, Resource, SyncStateRow } from '../db/rows';
import { stored } from '../db/storage';
import type { ListIndex } from './list-index';
import { inSlices, yieldTurn } from './take-turns';

export const RESOURCES: readonly Resource[] = ['tickets', 'checkins', 'answers'];

export interface PullOptions {
  listSlug: string;
  now: number;
  /** Subtracted from the greatest `updated_at` seen: covers clock skew and late commits. */
  marginMs?: number;
  /** Pages fetched at once during the first download. */
  concurrency?: number;
  index?: ListIndex;
  onProgress?: (done: number, total: number) => void;
  /** Set by `pullSince`: the service's clock when this pull began. */
  serverTime?: number | null;
  /** Whether to GET the list first (its details and page counts); default true. */
  withList?: boolean;
}

export interface PullReport {
  /** Check-ins this pull brought (for reconciling the outbox and spotting double admissions). */
  checkins: CheckinRow[];
  /** Whether answers or questions may have changed (a ticket's answers must be read anew). */
  answersChanged: boolean;
  errors: Partial<Record<Resource | 'list' | 'questions', Failure>>;
}

export const DEFAULT_MARGIN_MS = 10_000;
// Tickets indexed per task during the first download: a scan waits for one slice at most.
const INDEX_SLICE = 250;

const maxUpdated = (items: readonly { updatedAt: number }[], start: number | null) =>
  items.reduce<number | null>(
    (max, item) => (max === null || item.updatedAt > max ? item.updatedAt : max),
    start,
  );

function applyToIndex(
  index: ListIndex | undefined,
  listSlug: string,
  resource: Resource,
  items: readonly unknown[],
) {
  if (!index) return;
  if (resource === 'tickets') index.putTickets(items as PagedItems['tickets'][]);
  if (resource === 'checkins')
    index.putCheckins((items as RemoteCheckin[]).map((c) => serviceCheckinRow(listSlug, c)));
}

async function storeChanges(
  db: CheckinDatabase,
  listSlug: string,
  resource: Resource,
  items: PagedItems[PagedResource][],
): Promise<CheckinRow[]> {
  if (resource === 'tickets') await upsertTickets(db, listSlug, items as PagedItems['tickets'][]);
  if (resource === 'answers') await upsertAnswers(db, listSlug, items as PagedItems['answers'][]);
  if (resource === 'checkins') return upsertCheckins(db, listSlug, items as RemoteCheckin[]);
  return [];
}

/** The first download of every page not stored yet; safe to call again after an interruption. */
export async function downloadAll(
  db: CheckinDatabase,
  api: CheckinClient,
  options: PullOptions,
): Promise<Result<PullReport>> {
  const { listSlug, marginMs = DEFAULT_MARGIN_MS, concurrency = 4, index } = options;
  const remote = await api.getList(listSlug);
  if (!remote.ok) return remote;
  const list = await readList(db, listSlug);
  const saved = await stored(() =>
    saveList(
      db,
      listRowFrom(
        remote.value,
        list?.baseUrl ?? api.baseUrl,
        list?.joinedAt ?? options.now,
        list?.directBaseUrl,
      ),
    ),
  );
  if (!saved.ok) return saved;
  const tasks: { resource: Resource; page: number; total: number }[] = [];
  const serverStart = new Map<Resource, number | null>();
  const resumed = new Set<Resource>();
  for (const resource of RESOURCES) {
    const state = await readSyncState(db, listSlug, resource);
    if (state.cursor !== null) continue;
    // A resumed download keeps the clock of its first start: pages stored then may have
    // missed changes made since, and the cursor must reach back to them.
    const started = state.firstDownload ? state.firstDownload.serverStart : remote.value.serverTime;
    if (state.firstDownload?.done.length) resumed.add(resource);
    serverStart.set(resource, started);
    if (!state.firstDownload)
      await patchSyncState(db, listSlug, resource, {
        firstDownload: { totalPages: remote.value.pages[resource], done: [], serverStart: started },
      });
    const total = remote.value.pages[resource];
    const done = new Set(state.firstDownload?.done ?? []);
    for (let page = 1; page <= total; page++) if (!done.has(page)) tasks.push({ resource, page, total });
  }
  const errors: PullReport['errors'] = {};
  const newest = new Map<Resource, number | null>();
  let pageSize = 0;
  let finished = 0;
  // Pages in flight count as not done: "3 of 3" only once all three are stored.
  const pagesToFetch = tasks.length;
  const worker = async () => {
    for (let task = tasks.shift(); task; task = tasks.shift()) {
      if (errors[task.resource]) continue;
      const page = await api.listPage(task.resource, listSlug, task.page);
      if (!page.ok) {
        errors[task.resource] = page;
        continue;
      }
      await yieldTurn();
      const write = await stored(() =>
        storeFirstPage(db, listSlug, task.resource, task.page, page.value, task.total),
      );
      if (!write.ok) {
        errors[task.resource] = write;
        return;
      }
      await inSlices(page.value, INDEX_SLICE, (slice) => applyToIndex(index, listSlug, task.resource, slice));
      newest.set(task.resource, maxUpdated(page.value, newest.get(task.resource) ?? null));
      pageSize = Math.max(pageSize, page.value.length);
      options.onProgress?.(++finished, pagesToFetch);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const storage = Object.values(errors).find(
    (e) => e.reason === 'storage-full' || e.reason === 'storage-unavailable',
  );
  if (storage) return storage;
  // The cursor is the service's clock when the download began, less the margin. Without a
  // readable `Date` header it comes from the records themselves (a resource with none yet
  // borrows the newest time of the others), so it is always the service's time.
  // Pages stored by an interrupted earlier run are read back only when there is no clock.
  for (const resource of RESOURCES) {
    if (serverStart.get(resource) != null || !resumed.has(resource)) continue;
    await db.pages
      .where('[listSlug+resource+page]')
      .between(...pageRange(listSlug, resource))
      .each((row) => {
        newest.set(resource, maxUpdated(row.items, newest.get(resource) ?? null));
      });
  }
  const overall = Math.max(0, ...[...newest.values()].map((v) => v ?? 0));
  for (const resource of RESOURCES) {
    if (errors[resource]) continue;
    const state = await readSyncState(db, listSlug, resource);
    if (state.cursor !== null) continue;
    const max = serverStart.get(resource) ?? newest.get(resource) ?? overall;
    await patchSyncState(db, listSlug, resource, {
      cursor: max > 0 ? max - marginMs : 0,
      ...(pageSize > 0 ? { pageSize } : {}),
      firstDownload: null,
      lastSuccessAt: options.now,
      lastError: null,
      failures: 0,
    });
  }
  if (remote.value.questionsCount > 0 || !list) await pullQuestions(db, api, listSlug);
  return ok({ checkins: [], answersChanged: true, errors });
}

export async function pullQuestions(db: CheckinDatabase, api: CheckinClient, listSlug: string) {
  const questions = await api.listQuestions(listSlug);
  if (!questions.ok) return questions;
  return stored(() =>
    replaceQuestions(
      db,
      listSlug,
      questions.value.map((q) => ({ ...q, listSlug })),
    ),
  );
}

async function pullResource(
  db: CheckinDatabase,
  api: CheckinClient,
  resource: Resource,
  totalPages: number | null,
  options: PullOptions,
  state: SyncStateRow,
): Promise<Result<{ checkins: CheckinRow[]; received: number }>> {
  const { listSlug, marginMs = DEFAULT_MARGIN_MS, index } = options;
  const since = state.cursor ?? 0;
  let max: number | null = null;
  let serverTime = options.serverTime ?? null;
  let pageSize = state.pageSize ?? 0;
  const checkins: CheckinRow[] = [];
  let received = 0;
  for (let page = 1; ; page++) {
    // Without page counts, a page shorter than the longest one seen is the last.
    if (totalPages !== null && page > Math.max(1, totalPages)) break;
    const answer = await api.listPageTimed(resource, listSlug, page, since);
    if (!answer.ok) return answer;
    const items = answer.value.value;
    if (page === 1 && options.serverTime === undefined) serverTime = answer.value.serverTime;
    if (items.length === 0) break;
    received += items.length;
    const rows = await stored(() => storeChanges(db, listSlug, resource, items));
    if (!rows.ok) return rows;
    if (resource === 'checkins') {
      checkins.push(...rows.value);
      index?.putCheckins(rows.value);
    } else applyToIndex(index, listSlug, resource, items);
    max = maxUpdated(items, max);
    const full = items.length >= pageSize;
    pageSize = Math.max(pageSize, items.length);
    if (totalPages === null && !full) break;
  }
  const seenUpTo = serverTime ?? max;
  const cursor = seenUpTo === null ? since : Math.max(since, seenUpTo - marginMs);
  await patchSyncState(db, listSlug, resource, {
    cursor,
    pageSize,
    lastSuccessAt: options.now,
    lastError: null,
    failures: 0,
  });
  return ok({ checkins, received });
}

/** An incremental pull of every resource since its cursor. Runs the first download if due. */
export async function pullSince(
  db: CheckinDatabase,
  api: CheckinClient,
  options: PullOptions,
): Promise<Result<PullReport>> {
  const { listSlug } = options;
  const states = await Promise.all(RESOURCES.map((r) => readSyncState(db, listSlug, r)));
  if (states.some((s) => s.cursor === null)) return downloadAll(db, api, options);
  let pages: Record<Resource, number> | null = null;
  let serverTime: number | null | undefined;
  const list = await readList(db, listSlug);
  if (!list) return fail('no-list');
  const report: PullReport = { checkins: [], answersChanged: false, errors: {} };
  if (options.withList !== false) {
    // The list (title, expiry, counts, page counts since the cursor) is worth a request now and then.
    const since = Math.min(...states.map((s) => s.cursor ?? 0));
    const remote = await api.getList(listSlug, since);
    if (!remote.ok) return remote;
    const row = listRowFrom(remote.value, list.baseUrl, list.joinedAt, list.directBaseUrl);
    const saved = await stored(() => saveList(db, row));
    if (!saved.ok) return saved;
    if (row.questionsCount !== list.questionsCount) {
      report.answersChanged = true;
      const questions = await pullQuestions(db, api, listSlug);
      if (!questions.ok) report.errors.questions = questions;
    }
    pages = remote.value.pages;
    serverTime = remote.value.serverTime;
  }
  await Promise.all(
    RESOURCES.map(async (resource, i) => {
      const result = await pullResource(
        db,
        api,
        resource,
        pages ? pages[resource] : null,
        serverTime === undefined ? options : { ...options, serverTime },
        states[i]!,
      );
      if (result.ok) {
        report.checkins.push(...result.value.checkins);
        if (resource === 'answers' && result.value.received > 0) report.answersChanged = true;
      } else {
        report.errors[resource] = result;
        await stored(() => patchSyncState(db, listSlug, resource, { lastError: result }));
      }
    }),
  );
  return ok(report);
}
