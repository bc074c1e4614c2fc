// Every record of an event resource, page after page, for an export. Pages are asked for in
// order until the service says there is no next one; a cap stops a service that never does.
import type { AdminClient, AdminRecord, ListQuery } from './admin-client';
import type { AdminResult } from './admin-failure';

export const EXPORT_PAGE_SIZE = 100;
const MAX_PAGES = 5000;

export async function listAllPages(
  client: AdminClient,
  path: string,
  plural: string,
  query: Omit<ListQuery, 'page' | 'pageSize'> = {},
  onPage?: (done: number, total: number) => void,
): Promise<AdminResult<AdminRecord[]>> {
  const records: AdminRecord[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await client.list(path, plural, { ...query, page, pageSize: EXPORT_PAGE_SIZE });
    if (!answer.ok) return answer;
    records.push(...answer.value.records);
    const { next_page: next, total_pages: total } = answer.value.meta;
    onPage?.(page, Math.max(page, total));
    if (answer.value.records.length === 0 || next === null || next <= page) break;
  }
  return { ok: true, value: records };
}
