// Case- and accent-insensitive matching: "Zoë Ÿ" and "zoe y" are the same to the door.
const MARKS = /\p{M}/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is the point
const ASCII = /^[\u0000-\u007f]*$/;
// What separates the words of a name or a company: a word starts after one of these.
const BREAK = String.raw`[\s,.'’()-]`;
const WORDS = new RegExp(`${BREAK}+`);

export function normalizeText(text: string): string {
  // Most names are plain ASCII: decomposing them would cost a third of indexing 100,000 tickets.
  if (ASCII.test(text)) return text.toLowerCase().trim();
  return text.normalize('NFD').replace(MARKS, '').toLowerCase().trim();
}

/**
 * Whether a normalised value has a word (or its whole) starting with `word`, as its search
 * terms would say, without making them: "mary-jo lee" has words starting "jo" and "mary-j".
 */
export function wordStart(word: string): RegExp {
  return new RegExp(`(?:^|${BREAK})${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** What search reads of a ticket: its holder, its references and its buyer. */
export interface SearchableTicket {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  companyName: string | null;
  reference: string;
  registrationReference: string | null;
  buyerName?: string | null;
  buyerEmail?: string | null;
}

/** The words a ticket can be found by, normalised: names, email, company, references, its buyer. */
export function searchTerms(ticket: SearchableTicket): string[] {
  const terms = new Set<string>();
  const addWords = (value: string | null) => {
    if (!value) return;
    const whole = normalizeText(value);
    if (whole) terms.add(whole);
    for (const word of whole.split(WORDS)) if (word) terms.add(word);
  };
  addWords(ticket.firstName);
  addWords(ticket.lastName);
  const full = [ticket.firstName, ticket.lastName].filter(Boolean).join(' ');
  if (full) terms.add(normalizeText(full));
  if (ticket.email) terms.add(normalizeText(ticket.email));
  addWords(ticket.companyName);
  terms.add(normalizeText(ticket.reference));
  if (ticket.registrationReference) terms.add(normalizeText(ticket.registrationReference));
  // The buyer finds the whole order: every ticket of it carries the buyer's name and email.
  addWords(ticket.buyerName ?? null);
  if (ticket.buyerEmail) terms.add(normalizeText(ticket.buyerEmail));
  return [...terms];
}
