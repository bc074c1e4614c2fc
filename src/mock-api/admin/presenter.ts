// How one request wants records shown: the event scope plus the 3.1 expansions and the 3.0
// view. 3.0 embeds related records in the extended view (the default for one record, `short`
// for lists); 3.1 shows them only when named in `expand`. Every record view takes a Presenter
// (`xRecord(p, row)`, and `{nested: true}` for a record embedded in another), so that these
// rules are read from one place instead of from flags each caller passes along.
import type { AdminContext, ServiceContext } from '../context';
import type { Attributes } from '../http/validation';
import type { RowOf } from '../store/tables';
import { recordId } from '../http/scope';
import { type View, expansions, viewOf } from '../http/expand';
import { type Translations, translationsFor } from '../model/translations';
import { type EventScope, eventScope } from './scope';

export interface Presenter extends EventScope {
  expanded: ReadonlySet<string>;
  /** The `view` asked for; `extended` for one record shown in full (`inFull`). */
  view: View;
  /** 3.0 extended view: `view`, translations and embedded related records. */
  extended: boolean;
}

/** How a record view is called beyond the presenter. */
export interface RecordOptions {
  /**
   * Embedded in another record: no 3.1 expansions of its own (those name the parent's
   * relations), and in 3.0 whatever each view says its embedded form leaves out.
   */
  nested?: boolean;
}

export function presenter(c: AdminContext, ctx: ServiceContext, shape: 'record' | 'list'): Presenter {
  return withShape(eventScope(c, ctx), shape);
}

export function withShape(scope: EventScope, shape: 'record' | 'list'): Presenter {
  const view = viewOf(scope.url);
  const extended =
    scope.version === '3.0' && (view === 'extended' || (view === 'default' && shape === 'record'));
  return {
    ...scope,
    expanded: scope.version === '3.1' ? expansions(scope.url) : new Set(),
    view,
    extended,
  };
}

/**
 * One record in full, whatever `view` asks: a registration, ticket or release answered alone is
 * always its extended record (as recorded), and 3.0 embeds some records only in that form.
 * 3.1 keeps its expansions: it has one form.
 */
export function inFull(p: Presenter): Presenter {
  return { ...p, view: 'extended', extended: p.version === '3.0' };
}

/** Whether a related record (or list) belongs in the response. */
export function shows(p: Presenter, name: string): boolean {
  return p.version === '3.0' ? p.extended : p.expanded.has(name);
}

/**
 * 3.1 id and slug arrays (`releases_ids`, `releases_slugs`), shown when expanded under either
 * spelling: the expandable list says `release_ids`, the records say `releases_ids`.
 */
export function idArrays(
  p: Presenter,
  plural: string,
  singular: string,
  ids: readonly number[],
  slugs?: readonly string[],
): Record<string, unknown> {
  if (p.version !== '3.1') return {};
  const out: Record<string, unknown> = {};
  if (p.expanded.has(`${singular}_ids`) || p.expanded.has(`${plural}_ids`)) out[`${plural}_ids`] = [...ids];
  if (slugs && (p.expanded.has(`${singular}_slugs`) || p.expanded.has(`${plural}_slugs`))) {
    out[`${plural}_slugs`] = [...slugs];
  }
  return out;
}

/** `idArrays` of linked records addressed by slug as well as id (releases, questions). */
export function linkedIdArrays(
  p: Presenter,
  plural: string,
  singular: string,
  records: readonly { id: number; slug: string }[],
): Record<string, unknown> {
  return idArrays(
    p,
    plural,
    singular,
    records.map((r) => r.id),
    records.map((r) => r.slug),
  );
}

/** `translations`: 3.0 extended view; 3.1 when the event has several locales or it is expanded. */
export function translationsOf(
  p: Presenter,
  record: Record<string, unknown>,
  stored: Translations | null | undefined,
  attributes: readonly string[],
): Record<string, unknown> {
  const wanted =
    p.version === '3.0' ? p.extended : p.event.locales.length > 1 || p.expanded.has('translations');
  if (!wanted) return {};
  return {
    translations: translationsFor(record, stored, attributes, p.event.locales, p.event.default_locale),
  };
}

/** Names an id list by slug or id, the way 3.0 and 3.1 bodies both may. */
export function resolveIds<T extends { id: number; slug?: string }>(
  values: readonly (string | number)[],
  candidates: readonly T[],
): { ids: number[]; unknown: boolean } {
  const ids: number[] = [];
  let unknown = false;
  for (const value of values) {
    const found = candidates.find(
      (r) =>
        r.id === (typeof value === 'number' ? value : recordId(value)) ||
        (r.slug !== undefined && r.slug === String(value)),
    );
    if (found) ids.push(found.id);
    else unknown = true;
  }
  return { ids: [...new Set(ids)], unknown };
}

const LINK_INVALID = 'is invalid';

/**
 * Linked records named in a body under any of `names` (`release_ids`, `releases_ids`,
 * `release_slugs`, ...), by id or slug. Undefined when none was sent; an unknown one is 422.
 */
export function linkedIds<T extends { id: number; slug?: string }>(
  attrs: Attributes,
  names: readonly string[],
  candidates: readonly T[],
): number[] | undefined {
  for (const name of names) {
    if (!attrs.has(name)) continue;
    const raw = attrs.value(name);
    const values =
      raw === null || raw === ''
        ? []
        : Array.isArray(raw)
          ? raw
          : typeof raw === 'string'
            ? raw.split(',')
            : [raw];
    if (!values.every((v) => typeof v === 'string' || typeof v === 'number')) {
      attrs.errors.add(name, LINK_INVALID);
      return undefined;
    }
    const cleaned = values.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
    const { ids, unknown } = resolveIds(cleaned, candidates);
    if (unknown) {
      attrs.errors.add(name, LINK_INVALID);
      return undefined;
    }
    return ids;
  }
  return undefined;
}

export const RELEASE_LINKS = ['release_ids', 'releases_ids', 'release_slugs', 'releases_slugs'] as const;
export const QUESTION_LINKS = ['question_ids', 'questions_ids', 'question_slugs', 'questions_slugs'] as const;
export const ACTIVITY_LINKS = ['activity_ids', 'activities_ids'] as const;

/** The linked records that still exist: a deleted release or question drops out of every id list. */
export function present<T extends 'activities' | 'questions' | 'releases'>(
  p: Presenter,
  table: T,
  ids: readonly number[],
): RowOf<T>[] {
  return ids.map((id) => p.ctx.store.get(table, id)).filter((row): row is RowOf<T> => row !== undefined);
}

/**
 * `translations: {de: {name: ...}}` in a body: values of the other locales, merged into what is
 * stored. The default locale's values are the record's own fields, so they are taken from there.
 */
export function readTranslations(
  attrs: Attributes,
  attributes: readonly string[],
  current: Translations | null | undefined,
  defaultLocale: string,
): Translations | undefined {
  if (!attrs.has('translations')) return undefined;
  const raw = attrs.value('translations');
  if (raw === null) return {};
  const valid =
    typeof raw === 'object' &&
    !Array.isArray(raw) &&
    Object.values(raw as object).every(
      (entry) =>
        typeof entry === 'object' &&
        entry !== null &&
        Object.entries(entry).every(
          ([key, value]) => attributes.includes(key) && (value === null || typeof value === 'string'),
        ),
    );
  if (!valid) {
    attrs.errors.add('translations', LINK_INVALID);
    return undefined;
  }
  const out: Translations = { ...current };
  for (const [locale, entry] of Object.entries(raw as Translations)) {
    if (locale === defaultLocale) continue;
    out[locale] = { ...out[locale], ...entry };
  }
  return out;
}

/** `readTranslations` for a record of the request's event, whose default locale it shares. */
export function readEventTranslations(
  p: Presenter,
  attrs: Attributes,
  attributes: readonly string[],
  current: { translations?: Translations | null } | null,
): Translations | undefined {
  return readTranslations(attrs, attributes, current?.translations, p.event.default_locale);
}
