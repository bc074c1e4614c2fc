// Pulls a list from the service into the local copy. Guarantees: the first download stores
// each page with its progress in one transaction, so an interrupted download resumes at the
// first missing page; later pulls ask only for records updated `since` a cursor taken from the
// service's own `updated_at` values (less a safety margin), never from this device's clock;
// records seen twice are upserted, so the overlap is harmless. A pull answered (in any part) by
// the service directly while the list's relay was down keeps its cursors: the relay's and the
// service's `updated_at` are two clocks over two copies, and a cursor taken from one would skip
// records of the other (see ../relay/relay-fallback.ts). A pull reads on past the page count
// the list gave while its last page is full: a relay serves its own check-ins (ones the service
// refused as already in) after the service's, by id, so one it learns from the service during the
// pull pushes them a place on, and they keep stamps the cursor then passes.
import type { CheckinClient } from '../../api/checkin-client';
import { fail, ok, type Result } from '../../domain/result';
import { listRowFrom } from '../../db/list-row';
import type { CheckinDatabase } from '../../db/database';
import { patchSyncState, readList, readSyncState, refreshList } from '../../db/local-copy';
import { forgottenMeanwhile } from './forgotten-meanwhile';
import type { CheckinRow, Resource, SyncStateRow } from '../../db/rows';
import { stored } from '../../db/storage';

import { downloadAll } from './download-all';
import {
  applyToIndex,
  DEFAULT_MARGIN_MS,
  maxUpdated,
  type PullOptions,
  type PullReport,
  pullQuestions,
  RESOURCES,
  storeChanges,
} from './pulled-pages';

async function pullResource(
  db: CheckinDatabase,
  api: CheckinClient,
  resource: Resource,
  totalPages: number | null,
  options: PullOptions,
  state: SyncStateRow,
  answeredDirectly: () => boolean,
): Promise<Result<{ checkins: CheckinRow[]; received: number }>> {
  const { listSlug, marginMs = DEFAULT_MARGIN_MS, index } = options;
  const since = state.cursor ?? 0;
  let max: number | null = null;
  let serverTime = options.serverTime ?? null;
  let pageSize = state.pageSize ?? 0;
  const checkins: CheckinRow[] = [];
  let received = 0;
  let lastFull = false;
  for (let page = 1; ; page++) {
    // Without page counts, a page shorter than the longest one seen is the last. The page count is
    // the list's when it was read: past it, a page is asked for only when the last one was full,
    // since records taken in meanwhile may have pushed the window's tail onto it.
    const pastCount = totalPages !== null && page > Math.max(1, totalPages);
    if (pastCount && !lastFull) break;
    const answer = await api.listPageTimed(resource, listSlug, page, since);
    // The service's documents do not say what a page past the count answers: "not found" there
    // is the end of the window, not a failed pull.
    if (!answer.ok && pastCount && answer.reason === 'not-found') break;
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
    lastFull = full;
    if (!full && (totalPages === null || page >= totalPages)) break;
  }
  const seenUpTo = serverTime ?? max;
  const cursor = seenUpTo === null || answeredDirectly() ? since : Math.max(since, seenUpTo - marginMs);
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
  const directBefore = options.answeredDirectly?.() ?? 0;
  const answeredDirectly = () => (options.answeredDirectly?.() ?? 0) !== directBefore;
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
    const saved = await stored(() => refreshList(db, row));
    if (!saved.ok) return saved;
    if (!saved.value) return fail('no-list');
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
        answeredDirectly,
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
  const gone = await forgottenMeanwhile(db, listSlug);
  if (gone) return gone;
  return ok(report);
}
