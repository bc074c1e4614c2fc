// Translated attributes: the record's own fields hold the default locale; other locales live
// in `translations`. Responses list every locale of the event (see `translationsFor`).
declare module './event' {
  interface Event {
    translations?: Translations | null;
  }
}

declare module './question' {
  interface Question {
    translations?: Translations | null;
  }
}

/** Locale -> attribute -> value. */
export type Translations = Record<string, Record<string, string | null>>;

/** Every locale of the event, the default one from the record's own values. */
export function translationsFor(
  record: Record<string, unknown>,
  stored: Translations | null | undefined,
  attributes: readonly string[],
  locales: readonly string[],
  defaultLocale: string,
): Translations {
  const out: Translations = {};
  for (const locale of locales.length > 0 ? locales : [defaultLocale]) {
    const entry: Record<string, string | null> = {};
    for (const attribute of attributes) {
      const value = locale === defaultLocale ? record[attribute] : stored?.[locale]?.[attribute];
      entry[attribute] =
        typeof value === 'string' ? value : Array.isArray(value) ? value.join('\n') || null : null;
    }
    out[locale] = entry;
  }
  return out;
}
