// How well a search result matches what was typed. Staff type a person: that person comes
// first. A ticket whose holder's whole name (either way round), email or reference is what was
// typed is `exact`; one whose name, email, reference or company starts with it is `prefix`; one
// where every typed word starts a word of the holder's is `word`; a ticket found only through
// its order (the buyer's name or email, the order's reference) is `order`, last. An order is
// found by its own reference or buyer, or only through a ticket's holder, and says which.
// Pure, and cheap per candidate: the worker ranks every candidate of a search on lists of
// 100,000 tickets, so judging a ticket makes no term lists and keeps only the best `limit`.
import { type SearchableTicket, normalizeText, wordStart } from './search-text';

export type { SearchableTicket };

/** How a result matched, strongest first. */
export const STRENGTHS = ['exact', 'prefix', 'word', 'order'] as const;
export type Strength = (typeof STRENGTHS)[number];
/** A match on a result's own fields: `order` is only ever a ticket found through its order. */
export type OwnStrength = Exclude<Strength, 'order'>;

export interface SearchQuery {
  /** What was typed, normalised, its words one space apart. */
  phrase: string;
  words: string[];
  /** For each word, whether a normalised value has a word starting with it. */
  starts: RegExp[];
}

/** What was typed, ready to match; null when it holds no word. */
export function searchQuery(text: string): SearchQuery | null {
  const words = normalizeText(text).split(/\s+/).filter(Boolean);
  return words.length > 0 ? { phrase: words.join(' '), words, starts: words.map(wordStart) } : null;
}

export const normalized = (value: string | null | undefined) => (value ? normalizeText(value) : '');
export const joined = (a: string, b: string) => (a && b ? `${a} ${b}` : a || b);

function starting(value: string, phrase: string) {
  return value !== '' && value.startsWith(phrase);
}

/** Whether the holder's own fields have a word starting with the query's `i`th word. */
function holderHas(
  query: SearchQuery,
  i: number,
  name: string,
  company: string,
  email: string,
  reference: string,
) {
  const starts = query.starts[i]!;
  const word = query.words[i]!;
  return starts.test(name) || starts.test(company) || email.startsWith(word) || reference.startsWith(word);
}

/**
 * How `ticket` matches, as an index into STRENGTHS, or -1 when it does not (some typed word
 * starts none of the words it is found by: a field's start, or a word's after a break). Its holder's
 * name, normalised, is left in `out.name` to sort by.
 */
function judge(query: SearchQuery, ticket: SearchableTicket, out: { name: string }): number {
  const { phrase, words, starts } = query;
  const first = normalized(ticket.firstName);
  const last = normalized(ticket.lastName);
  const name = joined(first, last);
  const reversed = joined(last, first);
  const email = normalized(ticket.email);
  const reference = normalizeText(ticket.reference);
  out.name = name;
  if (phrase === name || phrase === reversed || phrase === email || phrase === reference) return 0;
  const company = normalized(ticket.companyName);
  if (
    starting(name, phrase) ||
    starting(reversed, phrase) ||
    starting(email, phrase) ||
    starting(reference, phrase) ||
    starting(company, phrase)
  )
    return 1;
  let own = true;
  for (let i = 0; i < words.length && own; i++) own = holderHas(query, i, name, company, email, reference);
  if (own) return 2;
  const buyer = normalized(ticket.buyerName);
  const buyerEmail = normalized(ticket.buyerEmail);
  const order = normalized(ticket.registrationReference);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (holderHas(query, i, name, company, email, reference) || starts[i]!.test(buyer)) continue;
    if (starting(buyerEmail, word) || starting(order, word)) continue;
    return -1;
  }
  return 3;
}

/** How `ticket` matches what was typed, or null when it does not. */
export function ticketStrength(query: SearchQuery, ticket: SearchableTicket): Strength | null {
  return STRENGTHS[judge(query, ticket, { name: '' })] ?? null;
}

export interface TicketHit<T> {
  ticket: T;
  match: Strength;
}

interface Ranked<T> {
  rank: number;
  name: string;
  ticket: T;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareRanked = <T extends SearchableTicket>(a: Ranked<T>, b: Ranked<T>) =>
  a.rank - b.rank || compareText(a.name, b.name) || compareText(a.ticket.reference, b.ticket.reference);

/**
 * Keeps the `limit` least entries by `compare` as they are offered, in order: one worse than
 * the last kept is dropped at once, so thousands of candidates are never sorted.
 */
export function keepBest<E>(limit: number, compare: (a: E, b: E) => number) {
  const best: E[] = [];
  return {
    /** Keeps `entry` if it is among the best so far: true when it was kept. */
    offer(entry: E): boolean {
      if (limit <= 0) return false;
      if (best.length >= limit && compare(entry, best[best.length - 1]!) >= 0) return false;
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (compare(best[middle]!, entry) <= 0) low = middle + 1;
        else high = middle;
      }
      best.splice(low, 0, entry);
      if (best.length > limit) best.pop();
      return true;
    },
    best: (): readonly E[] => best,
  };
}

/**
 * The `limit` best matches of the tickets offered, best first: by strength, then by name, then
 * by reference, so a list answers the same search in the same order.
 */
export function ticketRanking<T extends SearchableTicket>(query: SearchQuery, limit: number) {
  const kept = keepBest<Ranked<T>>(limit, compareRanked);
  const out = { name: '' };
  // One entry reused until it is kept: most candidates of a broad query are not.
  let entry: Ranked<T> | null = null;
  return {
    /** Judges `ticket` and keeps it if it is among the best so far; how it matched, or null. */
    offer(ticket: T): Strength | null {
      const rank = judge(query, ticket, out);
      if (rank < 0) return null;
      entry ??= { rank, name: out.name, ticket };
      entry.rank = rank;
      entry.name = out.name;
      entry.ticket = ticket;
      if (kept.offer(entry)) entry = null;
      return STRENGTHS[rank]!;
    },
    best: (): TicketHit<T>[] => kept.best().map(({ rank, ticket }) => ({ ticket, match: STRENGTHS[rank]! })),
  };
}

/** The `limit` best matches among `candidates`, best first; those that do not match left out. */
export function rankTickets<T extends SearchableTicket>(
  query: SearchQuery,
  candidates: Iterable<T>,
  limit: number,
): TicketHit<T>[] {
  const ranking = ticketRanking<T>(query, limit);
  for (const ticket of candidates) ranking.offer(ticket);
  return ranking.best();
}

/** An order as search sees it. */
export interface SearchableOrder {
  reference: string;
  buyerName: string | null;
  buyerEmail: string | null;
}

/** A ticket of an order that matched by its holder: their name as shown, and how well. */
export interface HolderMatch {
  name: string;
  match: Strength;
}

/** Why an order was found, for the screen to say. */
export type OrderMatch =
  | { by: 'reference' | 'buyer'; strength: OwnStrength }
  | { by: 'holder'; strength: Strength; holders: string[] };

/** A strength's place, strongest 0. */
export const rankOf = (strength: Strength) => STRENGTHS.indexOf(strength);

function buyerStrength(query: SearchQuery, buyer: string, email: string): OwnStrength | null {
  const { phrase, words, starts } = query;
  if ((buyer !== '' && phrase === buyer) || (email !== '' && phrase === email)) return 'exact';
  if (starting(buyer, phrase) || starting(email, phrase)) return 'prefix';
  for (let i = 0; i < words.length; i++)
    if (!starts[i]!.test(buyer) && !starting(email, words[i]!)) return null;
  return 'word';
}

/**
 * Whether `order` matches by its own reference or its buyer (the stronger; the reference on a
 * tie), or null when neither does.
 */
export function orderOwnMatch(query: SearchQuery, order: SearchableOrder): OrderMatch | null {
  const reference = normalizeText(order.reference);
  const byReference: OwnStrength | null =
    reference === query.phrase ? 'exact' : reference.startsWith(query.phrase) ? 'prefix' : null;
  const byBuyer = buyerStrength(query, normalized(order.buyerName), normalized(order.buyerEmail));
  if (byReference && (!byBuyer || rankOf(byReference) <= rankOf(byBuyer)))
    return { by: 'reference', strength: byReference };
  return byBuyer ? { by: 'buyer', strength: byBuyer } : null;
}

/** An order found only through the holders of its tickets that matched, best first. */
export function holderMatch(holders: readonly HolderMatch[]): OrderMatch | null {
  if (holders.length === 0) return null;
  const sorted = [...holders].sort((a, b) => rankOf(a.match) - rankOf(b.match));
  return { by: 'holder', strength: sorted[0]!.match, holders: [...new Set(sorted.map((h) => h.name))] };
}

/** Orders best first: found by their own fields before through a holder, then by strength. */
export function compareOrderMatches(a: OrderMatch, b: OrderMatch): number {
  const viaHolder = (m: OrderMatch) => (m.by === 'holder' ? 1 : 0);
  return viaHolder(a) - viaHolder(b) || rankOf(a.strength) - rankOf(b.strength);
}
