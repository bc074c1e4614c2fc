// The device's languages: one for the staff screens (by default the browser's), one for the
// kiosk (by default the same), each language named in itself so anyone finds their own.
import { useId } from 'react';
import { direction, LOCALE_NAMES, LOCALES, negotiateLocale } from '../../domain/locales';
import { appStore } from '../../state/app-store';
import type { KioskLanguage, Language } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { t } from '../i18n/t';

const update = appStore.getState().setSettings;

function LanguageOptions() {
  return LOCALES.map((locale) => (
    <option key={locale} value={locale} lang={locale} dir={direction(locale)}>
      {LOCALE_NAMES[locale]}
    </option>
  ));
}

export function LanguageSettings() {
  const { language, kioskLanguage } = useAppStore((s) => s.settings);
  const staffId = useId();
  const kioskId = useId();
  const device = LOCALE_NAMES[negotiateLocale(globalThis.navigator?.languages ?? [])];
  return (
    <>
      <div className="field">
        <label htmlFor={staffId}>{t('settingsLanguageStaff')}</label>
        <select
          id={staffId}
          className="input"
          value={language}
          onChange={(e) => update({ language: e.currentTarget.value as Language })}
        >
          <option value="auto">{t('settingsLanguageAuto', { language: device })}</option>
          <LanguageOptions />
        </select>
      </div>
      <div className="field">
        <label htmlFor={kioskId}>{t('settingsLanguageKiosk')}</label>
        <select
          id={kioskId}
          className="input"
          value={kioskLanguage}
          aria-describedby={`${kioskId}-help`}
          onChange={(e) => update({ kioskLanguage: e.currentTarget.value as KioskLanguage })}
        >
          <option value="staff">{t('settingsLanguageKioskSame')}</option>
          <LanguageOptions />
        </select>
        <p id={`${kioskId}-help`} className="muted help">
          {t('settingsLanguageKioskHelp')}
        </p>
      </div>
    </>
  );
}
