// What a pull does with a page of records, first download or later: where it is stored, how the
// open list's index takes it, and how far the cursor moves. Guarantees: records are upserted
// (a record seen twice is harmless), and a cursor comes from the service's own `updated_at`
// values, never from this device's clock.
import type { CheckinClient, PagedItems, PagedResource } from '../../api/checkin-client';
import type { RemoteCheckin } from '../../api/schemas';
import { serviceCheckinRow } from '../../db/checkin-row';
import type { CheckinDatabase } from '../../db/database';
import { replaceQuestions, upsertAnswers, upsertCheckins, upsertTickets } from '../../db/local-copy';
import type { CheckinRow, Resource } from '../../db/rows';
import { stored } from '../../db/storage';
import type { Failure } from '../../domain/result';
import type { ListIndex } from '../index/list-index';

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
  /**
   * Answers so far that came from the service directly instead of through the list's relay
   * (../relay/relay-fallback.ts): a pull with any such answer keeps its cursors.
   */
  answeredDirectly?: () => number;
}

export interface PullReport {
  /** Check-ins this pull brought (for reconciling the outbox and spotting double admissions). */
  checkins: CheckinRow[];
  /** Whether answers or questions may have changed (a ticket's answers must be read anew). */
  answersChanged: boolean;
  errors: Partial<Record<Resource | 'list' | 'questions', Failure>>;
}

export const DEFAULT_MARGIN_MS = 10_000;

export const maxUpdated = (items: readonly { updatedAt: number }[], start: number | null) =>
  items.reduce<number | null>(
    (max, item) => (max === null || item.updatedAt > max ? item.updatedAt : max),
    start,
  );

export function applyToIndex(
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

export async function storeChanges(
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
