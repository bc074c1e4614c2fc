import { appStore, type Theme } from '../../state/app-store';
import { useAppStore } from '../../state/use-app-store';
import { t } from '../i18n/t';

export function SettingsScreen() {
  const theme = useAppStore((s) => s.settings.theme);
  const choose = (value: Theme) => appStore.getState().setSettings({ theme: value });
  return (
    <section className="panel" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settingsTitle')}</h1>
      <fieldset className="fieldset">
        <legend>{t('settingsTheme')}</legend>
        {(['dark', 'light'] as const).map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="theme"
              value={value}
              checked={theme === value}
              onChange={() => choose(value)}
            />
            {value === 'dark' ? t('settingsThemeDark') : t('settingsThemeLight')}
          </label>
        ))}
      </fieldset>
      <p className="muted">
        {t('settingsVersion')} {__APP_VERSION__} · {__BUILD_TIME__}
      </p>
    </section>
  );
}
