// What one badge says: the fields of a layout filled from a ticket and its answers, in the
// layout's order. Guarantees: a field with nothing to show (no company, no answer) is left out
// altogether, so it leaves no gap; text is trimmed, its inner runs of spaces made one, and cut
// at MAX_CHARS; the release band's shade is the same at every door for the same release title,
// and every shade keeps white text legible when a greyscale printer turns it grey. Pure.
import type { BadgeField, BadgeLayout } from './badge-layout';

export interface BadgeTicket {
  slug: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  jobTitle?: string | null;
  releaseTitle: string | null;
}

export interface BadgeAnswer {
  questionId: number;
  response: string;
}

export type BadgeLine =
  | { field: Exclude<BadgeField, 'release' | 'qr'>; text: string }
  | { field: 'release'; text: string; shade: string }
  | { field: 'qr'; code: string };

/**
 * A field's longest text: past it, cut with an ellipsis. Names up to 60 characters are what a
 * badge must fit on two lines (badge-fit.ts shrinks them); a longer one, up to this, shrinks too.
 */
const MAX_CHARS = 120;

/**
 * Dark shades, one per release (by its title): distinct in colour, and each dark enough that
 * white text on it keeps a contrast of at least 7:1 in colour and once printed in grey.
 */
export const BAND_SHADES = [
  '#1f3a93',
  '#7a1f1f',
  '#14532d',
  '#5b2a86',
  '#7c2d12',
  '#134e4a',
  '#831843',
  '#1e293b',
];

function clean(value: string | null | undefined): string {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}

/** The shade of a release's band: the same title gives the same shade everywhere. */
export function bandShade(releaseTitle: string): string {
  let hash = 0;
  for (const char of releaseTitle) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return BAND_SHADES[hash % BAND_SHADES.length]!;
}

export function badgeLines(
  layout: Pick<BadgeLayout, 'fields' | 'answerQuestion'>,
  ticket: BadgeTicket,
  answers: readonly BadgeAnswer[] = [],
): BadgeLine[] {
  const lines: BadgeLine[] = [];
  for (const field of layout.fields) {
    if (field === 'qr') {
      if (ticket.slug) lines.push({ field, code: ticket.slug });
      continue;
    }
    if (field === 'release') {
      const text = clean(ticket.releaseTitle);
      if (text) lines.push({ field, text, shade: bandShade(text) });
      continue;
    }
    const text = clean(textOf(field, layout.answerQuestion, ticket, answers));
    if (text) lines.push({ field, text });
  }
  return lines;
}

function textOf(
  field: 'first' | 'last' | 'company' | 'job' | 'answer',
  question: number | null,
  ticket: BadgeTicket,
  answers: readonly BadgeAnswer[],
): string | null | undefined {
  switch (field) {
    case 'first':
      return ticket.firstName;
    case 'last':
      return ticket.lastName;
    case 'company':
      return ticket.companyName;
    case 'job':
      return ticket.jobTitle;
    case 'answer':
      return question === null ? null : answers.find((a) => a.questionId === question)?.response;
  }
}

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The grey a printer's driver makes of a colour (Rec. 601 luma, as most drivers do). */
export function printedGrey(hex: string): string {
  const c = (i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const grey = Math.round(0.299 * c(0) + 0.587 * c(1) + 0.114 * c(2));
  const two = grey.toString(16).padStart(2, '0');
  return `#${two}${two}${two}`;
}

export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}
