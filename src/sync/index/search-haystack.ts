// The open list's search index: each ticket's searchable fields, normalised as search-text.ts
// normalises them, kept as one string a thousand tickets and found with indexOf. Guarantees:
// - `candidates(words)` holds every ticket that has, for each word, a field or a word of a
//   field starting with it (as domain/search-rank.ts judges a match), and maybe more: any
//   position after a character that is not a letter or digit counts as a word's start, so an
//   email's or a reference's inner words are candidates too; ranking judges each.
// - A ticket added again (a newer version) is found by its id, once: the caller looks the id up,
//   so a stale version's words can only add a candidate, never keep the newest one out.
// - About 100 bytes a ticket (one-byte strings for Latin names) and one normalisation a
//   ticket: building it for 100,000 tickets is a fraction of what a term per word cost (a
//   string, two array slots and a map lookup each, about ten a ticket). Pure TypeScript.
import { normalizeText, type SearchableTicket } from '../../domain/search-text';

/** Starts each field: not a letter or digit, so a field's first word is a word's start. */
const FIELD = '\u0001';
/** Tickets a chunk: its string stays a few hundred kilobytes, its offsets small. */
const CHUNK = 1024;

const WORDLIKE = /[\p{L}\p{N}\p{M}]/u;

/** Whether the character before `at` ends a word (or there is none): `at` starts one. */
function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  const c = text.charCodeAt(at - 1);
  if (c < 128) return !((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122));
  return !WORDLIKE.test(text[at - 1]!);
}

/** Whether `word` starts a word within text[from, end). */
function hasWordStart(text: string, word: string, from: number, end: number): boolean {
  for (
    let at = text.indexOf(word, from);
    at !== -1 && at + word.length <= end;
    at = text.indexOf(word, at + 1)
  )
    if (startsWord(text, at)) return true;
  return false;
}

/** A ticket's searchable fields in one string, each after FIELD; the same value once. */
export function haystackOf(ticket: SearchableTicket): string {
  const { firstName, lastName, email, companyName, reference, registrationReference } = ticket;
  let raw = `${FIELD}${firstName ?? ''}${FIELD}${lastName ?? ''}${FIELD}${email ?? ''}${FIELD}${companyName ?? ''}${FIELD}${reference}`;
  // An order's reference that starts its ticket's adds no word's start of its own.
  if (registrationReference && !reference.toUpperCase().startsWith(registrationReference.toUpperCase()))
    raw += `${FIELD}${registrationReference}`;
  const holder = [firstName, lastName].filter(Boolean).join(' ');
  if (ticket.buyerName && ticket.buyerName !== holder) raw += `${FIELD}${ticket.buyerName}`;
  if (ticket.buyerEmail && ticket.buyerEmail !== email) raw += `${FIELD}${ticket.buyerEmail}`;
  return normalizeText(raw);
}

/**
 * The words with the one met least often first (counted in `sample`, the first chunk; then
 * the longest): it leads the look through every chunk, the others are checked only in the
 * tickets it finds, so "ma zz" looks at no one rather than at every "ma".
 */
function leadFirst(words: readonly string[], sample: string): [string, ...string[]] {
  if (words.length === 1) return [words[0]!];
  const seen = (word: string) => {
    let count = 0;
    for (let at = sample.indexOf(word); at !== -1; at = sample.indexOf(word, at + 1))
      if (startsWord(sample, at)) count++;
    return count;
  };
  const counted = words.map((word) => ({ word, count: seen(word) }));
  counted.sort((a, b) => a.count - b.count || b.word.length - a.word.length);
  return counted.map((each) => each.word) as [string, ...string[]];
}

interface Chunk {
  text: string;
  /** Where each ticket's fields start in `text`, and one past the last's end. */
  starts: Int32Array;
  ids: Int32Array;
}

export interface SearchHaystack {
  add(ticket: SearchableTicket & { id: number }): void;
  /** Ids of the tickets whose fields have a word starting with each of `words` (normalised). */
  candidates(words: readonly string[]): number[];
}

export function createSearchHaystack(): SearchHaystack {
  const chunks: Chunk[] = [];
  let open: string[] = [];
  let openIds: number[] = [];

  const close = () => {
    if (open.length === 0) return;
    const starts = new Int32Array(open.length + 1);
    let at = 0;
    for (let i = 0; i < open.length; i++) {
      starts[i] = at;
      at += open[i]!.length;
    }
    starts[open.length] = at;
    chunks.push({ text: open.join(''), starts, ids: Int32Array.from(openIds) });
    open = [];
    openIds = [];
  };

  return {
    add(ticket) {
      open.push(haystackOf(ticket));
      openIds.push(ticket.id);
      if (open.length >= CHUNK) close();
    },
    candidates(words) {
      if (words.length === 0) return [];
      close();
      const [lead, ...rest] = leadFirst(words, chunks[0]?.text ?? '');
      const seen = new Set<number>();
      const found: number[] = [];
      for (const { text, starts, ids } of chunks) {
        let ticket = 0;
        let at = text.indexOf(lead);
        while (at !== -1) {
          if (!startsWord(text, at)) {
            at = text.indexOf(lead, at + 1);
            continue;
          }
          while (starts[ticket + 1]! <= at) ticket++;
          const from = starts[ticket]!;
          const end = starts[ticket + 1]!;
          const id = ids[ticket]!;
          if (!seen.has(id) && rest.every((word) => hasWordStart(text, word, from, end))) {
            seen.add(id);
            found.push(id);
          }
          // One hit a ticket is enough: on to the next ticket's fields.
          at = text.indexOf(lead, end);
        }
      }
      return found;
    },
  };
}
