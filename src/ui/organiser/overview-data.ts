// What the event overview fetches, and how little: releases and check-in lists (a few per
// event) page by page up to a cap; registrations are only counted, one record per state asked
// for, so an event with 100,000 of them costs as much as one with ten.
import type { AdminClient, AdminRecord } from '../../api/admin-client';
import type { AdminResult } from '../../api/admin-failure';

export const OVERVIEW_PAGE_SIZE = 100;
/** Ten pages of 100: more releases or lists than that are summarised from the first thousand. */
export const OVERVIEW_MAX_PAGES = 10;

export interface Collected {
  records: AdminRecord[];
  /** How many the service has (its `total_count`). */
  total: number;
  /** False when the cap stopped paging before the last page. */
  complete: boolean;
}

export async function collect(
  client: AdminClient,
  path: string,
  plural: string,
  pageSize = OVERVIEW_PAGE_SIZE,
  maxPages = OVERVIEW_MAX_PAGES,
): Promise<AdminResult<Collected>> {
  const records: AdminRecord[] = [];
  let total = 0;
  for (let page = 1; page <= maxPages; page++) {
    const result = await client.list(path, plural, { page, pageSize });
    if (!result.ok) return result;
    records.push(...result.value.records);
    total = Math.max(result.value.meta.total_count, records.length);
    const more = result.value.meta.next_page !== null && result.value.records.length > 0;
    if (!more) return { ok: true, value: { records, total, complete: true } };
  }
  return { ok: true, value: { records, total, complete: records.length >= total } };
}

/** The lifecycle states of document 2's list filter, then its payment states. */
export const REGISTRATION_STATES = ['complete', 'confirmed', 'incomplete', 'cancelled'] as const;
export const PAYMENT_STATES = ['paid', 'unpaid'] as const;

export interface RegistrationCounts {
  /** Every registration, whatever its state (`overall_total`), when the service says. */
  all: number | null;
  byState: Record<(typeof REGISTRATION_STATES)[number] | (typeof PAYMENT_STATES)[number], number>;
}

/**
 * One request per state with `page[size]=1`, read from `meta.total_count`. A state filter names
 * one group (lifecycle or payment), so "unpaid" counts unpaid registrations of every lifecycle
 * state, as the dashboard's filter does.
 */
export async function countRegistrations(
  client: AdminClient,
  path: string,
): Promise<AdminResult<RegistrationCounts>> {
  const states = [...REGISTRATION_STATES, ...PAYMENT_STATES];
  const results = await Promise.all(
    states.map((state) => client.list(path, 'registrations', { page: 1, pageSize: 1, states: [state] })),
  );
  const byState = {} as RegistrationCounts['byState'];
  let all: number | null = null;
  for (const [i, result] of results.entries()) {
    if (!result.ok) return result;
    const state = states[i] as keyof RegistrationCounts['byState'];
    byState[state] = result.value.meta.total_count;
    const overall = Number(result.value.meta.overall_total);
    if (Number.isFinite(overall) && result.value.meta.overall_total !== undefined) all = overall;
  }
  return { ok: true, value: { all, byState } };
}
