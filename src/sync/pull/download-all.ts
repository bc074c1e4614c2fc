// The first download of a list: every page not stored yet, a few at once. Guarantees: each page
// is stored with its progress in one transaction, so an interrupted download resumes at the
// first missing page, keeping the service's clock of its first start for its cursor (pages
// stored then may have missed changes made since); the open list's index takes each page in
// slices, so a scan waits for one slice at most.
import type { CheckinClient } from '../../api/checkin-client';
import type { CheckinDatabase } from '../../db/database';
import { listRowFrom } from '../../db/list-row';
import { patchSyncState, readList, readSyncState, refreshList } from '../../db/local-copy';
import { forgottenMeanwhile } from './forgotten-meanwhile';
import { readPages, storeFirstPage } from '../../db/stored-pages';
import type { Resource } from '../../db/rows';
import { stored } from '../../db/storage';
import { fail, ok, type Result } from '../../domain/result';
import {
  applyToIndex,
  DEFAULT_MARGIN_MS,
  maxUpdated,
  type PullOptions,
  type PullReport,
  pullQuestions,
  RESOURCES,
} from './pulled-pages';
import { inSlices, yieldTurn } from '../take-turns';

// Tickets indexed per task during the first download: a scan waits for one slice at most.
const INDEX_SLICE = 250;

/** The first download of every page not stored yet; safe to call again after an interruption. */
export async function downloadAll(
  db: CheckinDatabase,
  api: CheckinClient,
  options: PullOptions,
): Promise<Result<PullReport>> {
  const { listSlug, marginMs = DEFAULT_MARGIN_MS, concurrency = 4, index } = options;
  // Only a list joined (its row stored first) is downloaded: one forgotten meanwhile, here or in
  // another tab, is not brought back.
  const list = await readList(db, listSlug);
  if (!list) return fail('no-list');
  const remote = await api.getList(listSlug);
  if (!remote.ok) return remote;
  const saved = await stored(() =>
    refreshList(db, listRowFrom(remote.value, list.baseUrl, list.joinedAt, list.directBaseUrl)),
  );
  if (!saved.ok) return saved;
  if (!saved.value) return fail('no-list');
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
  const gone = await forgottenMeanwhile(db, listSlug);
  if (gone) return gone;
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
    await readPages<{ updatedAt: number }>(db, listSlug, resource, (items) => {
      newest.set(resource, maxUpdated(items, newest.get(resource) ?? null));
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
  if (remote.value.questionsCount > 0) await pullQuestions(db, api, listSlug);
  return ok({ checkins: [], answersChanged: true, errors });
}
