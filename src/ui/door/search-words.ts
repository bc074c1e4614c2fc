// The words a door last searched its open list for, kept in this page's memory only. Never in the
// address: the browser keeps every address a tab shows in its history, its session files and its
// usage metrics, on disk and out of the sealed copy's reach, and may sync its history off the
// device; a search for a guest's name there names the guest to whoever holds a copy of the profile.
// Guarantees: nothing here is written anywhere; the words go with the page, and are never
// offered for another list than the one they were typed for.

interface SearchWords {
  list: string;
  words: string;
  /** Just typed at the scan screen, which handed them over: the search goes on from them. */
  handedOver: boolean;
}

let last: SearchWords | null = null;

/** What the search screen of `list` opens with: the words typed last for it, here or at the scan screen. */
export function lastSearchWords(list: string | null): { words: string; handedOver: boolean } {
  return last !== null && last.list === list
    ? { words: last.words, handedOver: last.handedOver }
    : { words: '', handedOver: false };
}

const keep = (list: string | null, words: string, handedOver: boolean) => {
  last = list === null ? null : { list, words, handedOver };
};

/** The words being searched for in `list`, as typed at the search screen. */
export const rememberSearchWords = (list: string | null, words: string) => keep(list, words, false);

/** Words typed at the scan screen that are no code: the search screen opens on them. */
export const handOverSearchWords = (list: string | null, words: string) => keep(list, words, true);
