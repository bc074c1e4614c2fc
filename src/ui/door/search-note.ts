// What the search screen says in place of results, if anything. While a list loads after a
// restart the worker answers a search only once it is loaded (src/sync/open-list/list-reads.ts): until
// then "no ticket matches" would not be true, so the screen says the list is opening.
import type { MessageKey } from '../i18n/t';

export function searchNote(query: string, found: number, listLoading: boolean): MessageKey | null {
  if (query.trim().length < 2) return 'searchHint';
  if (listLoading) return 'scanListLoading';
  return found === 0 ? 'searchEmpty' : null;
}
