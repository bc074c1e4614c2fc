// Which language each kind of screen speaks: the staff screens the device's setting (or the
// browser's preferred languages), the kiosk its own when set, for the attendees in front of it.
import { negotiateLocale, type Locale } from '../../domain/locales';
import type { Settings } from '../../state/settings';

function preferred(): readonly string[] {
  return globalThis.navigator?.languages ?? [];
}

export function staffLocale(settings: Pick<Settings, 'language'>): Locale {
  return settings.language === 'auto' ? negotiateLocale(preferred()) : settings.language;
}

export function kioskLocale(settings: Pick<Settings, 'language' | 'kioskLanguage'>): Locale {
  return settings.kioskLanguage === 'staff' ? staffLocale(settings) : settings.kioskLanguage;
}
