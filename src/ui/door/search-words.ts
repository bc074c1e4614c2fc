// The words a door last searched its open list for, kept in this page's memory only. Never in the
// address: the browser keeps every address a tab shows in its history, its session files and its
// usage metrics, on disk and out of the sealed copy's reach, and may sync its history off the
// device; a search for a guest's name there names the guest to whoever holds a copy of the profile.
// Guarantees: nothing here is written anywhere; the words go with the page, and are never
// offered for another list than the one they were typed for.

let last: { list: string; words: string } | null = null;

/** What the search screen of `list` opens with: the words typed last for it, here or at the scan screen. */
export const lastSearchWords = (list: string | null): string =>
  last !== null && last.list === list ? last.words : '';

/** The words being searched for in `list`, as typed (the scan screen hands over a name it was given). */
export function rememberSearchWords(list: string | null, words: string) {
  last = list === null ? null : { list, words };
}
