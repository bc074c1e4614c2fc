// The settings as this device saved them (localStorage), read without the rest of the settings'
// code: the page's first module (src/main.ts) reads the language from here to fetch its messages
// beside the app. It imports only the locales, so the first module stays small.
import { isLocale, type Locale } from '../domain/locales';

export const SETTINGS_KEY = 'venue-checkin.settings';

/** The saved settings object, or null when none was saved or it cannot be read. */
export function readSavedSettings(): Record<string, unknown> | null {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(SETTINGS_KEY) ?? 'null') as unknown;
    return typeof saved === 'object' && saved !== null && !Array.isArray(saved)
      ? (saved as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The saved staff language, 'auto' (the browser's) when none. Saved before there was a choice
 * ('en' was the only language, written by default, with no kiosk language beside it): 'auto'.
 */
export function savedLanguage(saved: Record<string, unknown> | null): 'auto' | Locale {
  return saved && 'kioskLanguage' in saved && isLocale(saved.language) ? saved.language : 'auto';
}
