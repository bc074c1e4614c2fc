// Each joined list's badge layout on this device, as its join link brought it (src/domain/
// badge-layout.ts), kept in localStorage: small, read synchronously when a badge is printed,
// with no network. Guarantees: a link without a layout leaves the one kept (a join by the bare
// slug does not take it away); a link whose layout cannot be read keeps the reason, so Settings
// can say what was wrong, and never throws; a list's entry goes when the list is forgotten.
import {
  type BadgeLayout,
  type BadgeLayoutProblem,
  badgeLayoutInLink,
  parseBadgeLayout,
  encodeBadgeLayout,
} from '../domain/badge-layout';

const KEY = 'venue-checkin.badge-layouts';
/** Lists kept at most: more than any device joins; a bound on what a page can make it store. */
const MAX_LISTS = 200;

export type ListBadgeLayout = { layout: BadgeLayout } | { problem: BadgeLayoutProblem };

/** Stored as the link's own text, so a layout is read by the one parser whichever way it came. */
type Stored = Record<string, string>;

function readAll(): Stored {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '{}') as unknown;
    if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return {};
    return Object.fromEntries(Object.entries(saved).filter(([, v]) => typeof v === 'string')) as Stored;
  } catch {
    return {};
  }
}

function writeAll(all: Stored): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(all));
  } catch {
    // A private window may refuse storage: badges then print only until the page closes.
  }
}

const PROBLEMS: readonly BadgeLayoutProblem[] = [
  'version',
  'label',
  'custom-size',
  'no-fields',
  'unknown-field',
  'repeated-field',
  'answer-question',
];

const listeners = new Set<() => void>();
let version = 0;
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

/** Changes with every change to the stored layouts (a snapshot for React's external stores). */
export const badgeLayoutsVersion = () => version;

/** The list's layout, the reason its link's layout was refused, or null when it has none. */
export function badgeLayoutOf(listSlug: string): ListBadgeLayout | null {
  const text = readAll()[listSlug];
  if (text === undefined) return null;
  if (text.startsWith('!')) return { problem: PROBLEMS.find((p) => p === text.slice(1)) ?? 'version' };
  const parsed = parseBadgeLayout(text);
  if (!parsed.ok) return { problem: parsed.problem };
  return parsed.layout ? { layout: parsed.layout } : null;
}

/**
 * Keeps the layout a join link carries for the list just joined or opened by it. Answers what
 * the link said: undefined when it carried no layout (what was kept stays).
 */
export function takeBadgeLayout(listSlug: string, code: string): ListBadgeLayout | null | undefined {
  const found = badgeLayoutInLink(code);
  if (found === undefined) return undefined;
  const all = readAll();
  delete all[listSlug];
  const kept = Object.keys(all);
  if (kept.length >= MAX_LISTS) delete all[kept[0]!];
  if (!found.ok) all[listSlug] = `!${found.problem}`;
  else if (found.layout) all[listSlug] = encodeBadgeLayout(found.layout);
  writeAll(all);
  changed();
  return badgeLayoutOf(listSlug);
}

export function forgetBadgeLayout(listSlug: string): void {
  const all = readAll();
  if (!(listSlug in all)) return;
  delete all[listSlug];
  writeAll(all);
  changed();
}

export function onBadgeLayoutsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
