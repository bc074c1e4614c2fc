// The languages the app speaks, and which one a device gets when nobody chose: the first of
// the browser's preferred languages (navigator.languages) that the app has, else English.
export const LOCALES = ['en', 'de', 'fr', 'es', 'nl', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/**
 * Each language named in itself, as a language menu shows them, so a person finds their own
 * whatever language the screen is in (these are names, not messages to translate).
 */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  nl: 'Nederlands',
  ar: 'العربية',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const base = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';

/** The first preferred language the app has ("de-AT" picks German), else English. */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = base(tag);
    if (isLocale(language)) return language;
  }
  return SOURCE_LOCALE;
}

export function direction(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The tag numbers, dates and money are formatted with: the device's own regional variant
 * when it prefers this language ("en-GB" keeps its 24-hour clock, "de-CH" its separators),
 * else the bare language. Arabic keeps Latin digits (-u-nu-latn), so counts, times and
 * ticket references read as the same digits printed on the tickets.
 */
export function formattingTag(locale: Locale, preferred: readonly string[]): string {
  const regional = preferred.find((tag) => base(tag) === locale && tag.includes('-'));
  const tag = regional ?? locale;
  return locale === 'ar' ? `${tag.split('-u-')[0]}-u-nu-latn` : tag;
}
