// What the search screen says in place of results, if anything. While a list loads after a
// restart the worker answers a search only once it is loaded (src/sync/open-list/list-reads.ts): until
// then "no ticket matches" would not be true, so the screen says the list is opening. Nor is it
// true while the answer to what was just typed is on its way (a first search builds the search
// index, hundreds of milliseconds on a cheap phone): the screen says it is searching.
import type { MessageKey } from '../i18n/t';

export function searchNote(
  query: string,
  found: number,
  listLoading: boolean,
  answered: boolean,
): MessageKey | null {
  if (query.trim().length < 2) return 'searchHint';
  if (listLoading) return 'scanListLoading';
  if (!answered) return found === 0 ? 'searchPending' : null;
  return found === 0 ? 'searchEmpty' : null;
}
