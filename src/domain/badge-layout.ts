// A badge layout: the label it is printed on and which of a ticket's fields it shows, in which
// order. It travels with the list's join link (`#badge=…` after the web check-in address), so
// every door that joins by the link or the door kit's QR code has it, offline, without anyone
// typing it again. Guarantees: `encodeBadgeLayout` and `parseBadgeLayout` are inverse for every
// valid layout; parsing never throws and answers a bad text with a reason naming what is wrong;
// the text is short (under 40 characters) so the list's QR code stays easy to scan. Pure.

export type BadgeField = 'first' | 'last' | 'company' | 'job' | 'release' | 'answer' | 'qr';

/** Every field, in the order a new layout shows them. */
export const BADGE_FIELDS: readonly BadgeField[] = [
  'release',
  'first',
  'last',
  'company',
  'job',
  'answer',
  'qr',
];

export type LabelPreset = '4x3in' | '4x6in' | 'a6' | 'roll62' | 'card' | 'custom';

export interface LabelSize {
  widthMm: number;
  heightMm: number;
}

/** Labels venues buy; the 62 mm roll is cut at 100 mm and printed along the roll. */
export const LABEL_PRESETS: Record<Exclude<LabelPreset, 'custom'>, LabelSize> = {
  '4x3in': { widthMm: 101.6, heightMm: 76.2 },
  '4x6in': { widthMm: 101.6, heightMm: 152.4 },
  a6: { widthMm: 105, heightMm: 148 },
  roll62: { widthMm: 100, heightMm: 62 },
  card: { widthMm: 54, heightMm: 86 },
};

export const PRESET_IDS = [...Object.keys(LABEL_PRESETS), 'custom'] as LabelPreset[];

/** A custom label's sides, in whole millimetres. */
export const CUSTOM_MM = { min: 25, max: 300 } as const;

export interface BadgeLayout {
  label: LabelPreset;
  size: LabelSize;
  /** Shown in this order; each at most once. */
  fields: BadgeField[];
  /** The question whose answer the `answer` field shows (pronouns, a dietary mark). */
  answerQuestion: number | null;
}

export const DEFAULT_BADGE_LAYOUT: BadgeLayout = {
  label: '4x3in',
  size: LABEL_PRESETS['4x3in'],
  fields: ['release', 'first', 'last', 'company', 'job', 'qr'],
  answerQuestion: null,
};

export type BadgeLayoutProblem =
  | 'version'
  | 'label'
  | 'custom-size'
  | 'no-fields'
  | 'unknown-field'
  | 'repeated-field'
  | 'answer-question';

export type ParsedBadgeLayout =
  | { ok: true; layout: BadgeLayout | null }
  | { ok: false; problem: BadgeLayoutProblem };

const LETTERS: Record<BadgeField, string> = {
  first: 'f',
  last: 'l',
  company: 'c',
  job: 'j',
  release: 'r',
  answer: 'a',
  qr: 'q',
};
const BY_LETTER = new Map(Object.entries(LETTERS).map(([field, letter]) => [letter, field as BadgeField]));
const VERSION = '1';
/** The value that says "this list prints no badges" (a layout the organiser took away). */
const NO_BADGE_LAYOUT = '0';
const MAX_TEXT = 60;

/** `1.4x3in.rflcjq` or, with an answer and a custom label, `1.c90x55.fla.412`. */
export function encodeBadgeLayout(layout: BadgeLayout | null): string {
  if (!layout) return NO_BADGE_LAYOUT;
  const label =
    layout.label === 'custom'
      ? `c${Math.round(layout.size.widthMm)}x${Math.round(layout.size.heightMm)}`
      : layout.label;
  const fields = layout.fields.map((f) => LETTERS[f]).join('');
  const parts = [VERSION, label, fields];
  if (layout.fields.includes('answer') && layout.answerQuestion !== null)
    parts.push(String(layout.answerQuestion));
  return parts.join('.');
}

const fail = (problem: BadgeLayoutProblem): ParsedBadgeLayout => ({ ok: false, problem });

export function parseBadgeLayout(text: string): ParsedBadgeLayout {
  const value = text.trim();
  if (value === NO_BADGE_LAYOUT) return { ok: true, layout: null };
  if (value.length > MAX_TEXT) return fail('version');
  const [version, labelText = '', fieldText = '', questionText, ...rest] = value.split('.');
  if (version !== VERSION || rest.length > 0) return fail('version');
  const label = parseLabel(labelText);
  if (!label) return fail(/^c/.test(labelText) ? 'custom-size' : 'label');
  if (fieldText === '') return fail('no-fields');
  const fields: BadgeField[] = [];
  for (const letter of fieldText) {
    const field = BY_LETTER.get(letter);
    if (!field) return fail('unknown-field');
    if (fields.includes(field)) return fail('repeated-field');
    fields.push(field);
  }
  const wantsAnswer = fields.includes('answer');
  if (wantsAnswer !== (questionText !== undefined)) return fail('answer-question');
  if (questionText !== undefined && !/^[1-9]\d{0,11}$/.test(questionText)) return fail('answer-question');
  return {
    ok: true,
    layout: { ...label, fields, answerQuestion: questionText ? Number(questionText) : null },
  };
}

function parseLabel(text: string): Pick<BadgeLayout, 'label' | 'size'> | null {
  // Own keys only: `in` would take `toString` or `__proto__` from a link for a label size.
  if (Object.hasOwn(LABEL_PRESETS, text)) {
    const label = text as Exclude<LabelPreset, 'custom'>;
    return { label, size: LABEL_PRESETS[label] };
  }
  const custom = /^c(\d{2,3})x(\d{2,3})$/.exec(text);
  if (!custom) return null;
  const size = { widthMm: Number(custom[1]), heightMm: Number(custom[2]) };
  return validCustomSize(size) ? { label: 'custom', size } : null;
}

export function validCustomSize({ widthMm, heightMm }: LabelSize): boolean {
  const fits = (mm: number) => Number.isInteger(mm) && mm >= CUSTOM_MM.min && mm <= CUSTOM_MM.max;
  return fits(widthMm) && fits(heightMm);
}

/**
 * The layout a join link or QR code carries, from its fragment (`…/checkin_lists/<slug>#badge=…`):
 * `undefined` when it carries none (a bare slug, or an address without one).
 */
export function badgeLayoutInLink(code: string): ParsedBadgeLayout | undefined {
  const hash = code.indexOf('#');
  if (hash < 0) return undefined;
  const value = new URLSearchParams(code.slice(hash + 1)).get('badge');
  return value === null ? undefined : parseBadgeLayout(value);
}

/** The web check-in address with the layout in its fragment (replacing any there). */
export function linkWithBadgeLayout(address: string, layout: BadgeLayout | null): string {
  const bare = address.split('#')[0]!;
  return `${bare}#badge=${encodeBadgeLayout(layout)}`;
}

/**
 * A door kit's join-code link (`…/door/join#code=<code>`) with the layout added to its fragment
 * (`#code=<code>&badge=<layout>`): unlike `linkWithBadgeLayout`, the fragment's other parts stay,
 * since the code is what the door joins by. A `badge=` already there is replaced.
 */
export function joinCodeLinkWithBadgeLayout(link: string, layout: BadgeLayout | null): string {
  const hash = link.indexOf('#');
  const bare = hash < 0 ? link : link.slice(0, hash);
  const kept = hash < 0 ? [] : link.slice(hash + 1).split('&');
  const parts = kept.filter((part) => part !== '' && !part.startsWith('badge='));
  return `${bare}#${[...parts, `badge=${encodeBadgeLayout(layout)}`].join('&')}`;
}

/**
 * Only the layout part of a link (`#badge=…`), for `badgeLayoutInLink`, or null when it has none:
 * what a door keeps of a join-code link, whose code must not be kept on.
 */
export function badgeLayoutPartOf(link: string): string | null {
  const hash = link.indexOf('#');
  if (hash < 0) return null;
  const value = new URLSearchParams(link.slice(hash + 1)).get('badge');
  return value === null ? null : `#${new URLSearchParams({ badge: value }).toString()}`;
}
