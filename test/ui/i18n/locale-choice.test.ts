// Which language a device speaks: its browser's preference by default, its own setting once
// chosen (kept across reloads in the device settings), and the kiosk's separately.
import { afterEach, describe, expect, it } from 'vitest';
import { formattingTag, negotiateLocale } from '../../../src/domain/locales';
import { loadSettings, saveSettings } from '../../../src/state/settings';
import { kioskLocale, staffLocale } from '../../../src/ui/i18n/chosen-locale';

const KEY = 'venue-checkin.settings';
const store = new Map<string, string>();
globalThis.localStorage ??= {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: () => null,
  length: 0,
} as Storage;

afterEach(() => localStorage.removeItem(KEY));

describe('the device’s language', () => {
  it('is the first preferred language the app speaks, by its base language', () => {
    expect(negotiateLocale(['de-AT', 'en'])).toBe('de');
    expect(negotiateLocale(['pt-BR', 'ar-EG', 'fr'])).toBe('ar');
    expect(negotiateLocale(['ja', 'zh'])).toBe('en');
    expect(negotiateLocale([])).toBe('en');
  });

  it('formats with the device’s regional variant of the chosen language, Latin digits in Arabic', () => {
    expect(formattingTag('en', ['en-GB', 'de'])).toBe('en-GB');
    expect(formattingTag('de', ['en-GB', 'de'])).toBe('de');
    expect(formattingTag('ar', ['ar-EG'])).toBe('ar-EG-u-nu-latn');
  });
});

describe('the language settings', () => {
  it('follow the browser until a language is chosen, and keep the choice across a reload', () => {
    expect(loadSettings().language).toBe('auto');
    saveSettings({ language: 'nl', kioskLanguage: 'ar' }, loadSettings());
    const reloaded = loadSettings();
    expect(reloaded.language).toBe('nl');
    expect(reloaded.kioskLanguage).toBe('ar');
    expect(staffLocale(reloaded)).toBe('nl');
    expect(kioskLocale(reloaded)).toBe('ar');
  });

  it('give the kiosk the staff language unless it has its own', () => {
    expect(kioskLocale({ language: 'fr', kioskLanguage: 'staff' })).toBe('fr');
    expect(kioskLocale({ language: 'fr', kioskLanguage: 'es' })).toBe('es');
  });

  it('read settings saved before languages existed (always "en") as following the browser', () => {
    localStorage.setItem(KEY, JSON.stringify({ theme: 'light', language: 'en', deviceName: 'North' }));
    expect(loadSettings().language).toBe('auto');
    localStorage.setItem(KEY, JSON.stringify({ language: 'xx', kioskLanguage: 'yy' }));
    expect(loadSettings()).toMatchObject({ language: 'auto', kioskLanguage: 'staff' });
  });
});
