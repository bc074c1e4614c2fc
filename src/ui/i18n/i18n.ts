// The one Lingui instance and the loading of its catalogues. Each language and area (door,
// organiser) is its own chunk, fetched only when that language is chosen: the door's entry
// holds no messages at all, and the organiser's arrive with the organiser screens.
import { setupI18n } from '@lingui/core';
import { direction, formattingTag, type Locale, SOURCE_LOCALE } from '../../domain/locales';
import { type Area, catalogueLoaders as loaders } from './catalogues';

export type { Area } from './catalogues';

export const i18n = setupI18n();
const wanted = new Set<Area>(['door']);
const loaded = new Set<string>();
const listeners = new Set<(locale: Locale) => void>();
let formatting = 'en';

function preferred(): readonly string[] {
  return globalThis.navigator?.languages ?? [];
}

async function loadArea(area: Area, locale: Locale): Promise<void> {
  if (loaded.has(`${area}:${locale}`)) return;
  const load = loaders[area][`./messages/${area}/${locale}.json`];
  if (!load) throw new Error(`No ${area} catalogue for ${locale}`);
  i18n.load(locale, await load());
  loaded.add(`${area}:${locale}`);
}

async function loadAll(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((area) => loadArea(area, locale)));
}

/**
 * Loads `locale`'s catalogues for every area in use and makes it the one `t` speaks. When
 * they cannot be fetched (offline, never chosen before), English, which the service worker
 * always precaches, stands in. Resolves to the locale now active.
 */
export async function activateLocale(locale: Locale): Promise<Locale> {
  let active = locale;
  try {
    await loadAll(locale);
  } catch {
    active = SOURCE_LOCALE;
    await loadAll(active);
  }
  formatting = formattingTag(active, preferred());
  i18n.activate(active, [formatting]);
  const root = globalThis.document?.documentElement;
  if (root) {
    root.lang = active;
    root.dir = direction(active);
  }
  for (const listener of listeners) listener(active);
  return active;
}

/** Brings in an area's messages (the organiser screens, when first opened) for the active locale. */
export async function includeArea(area: Area): Promise<void> {
  wanted.add(area);
  const locale = activeLocale();
  try {
    await loadArea(area, locale);
  } catch {
    await loadArea(area, SOURCE_LOCALE);
  }
}

export function activeLocale(): Locale {
  return (i18n.locale || SOURCE_LOCALE) as Locale;
}

/** The tag Intl formatters use for the active locale ("en-GB", "ar-u-nu-latn"). */
export function formattingLocale(): string {
  return formatting;
}

export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
