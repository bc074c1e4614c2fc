// Case- and accent-insensitive matching: "Zoë Ÿ" and "zoe y" are the same to the door.
const MARKS = /\p{M}/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is the point
const ASCII = /^[\u0000-\u007f]*$/;
// What separates the words of a name or a company: a word starts after one of these.
const BREAK = String.raw`[\s,.'’()-]`;

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
