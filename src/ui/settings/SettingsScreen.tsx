import { type ReactNode, useId, useState } from 'react';
import { appStore, type Theme } from '../../state/app-store';
import { useAppStore } from '../../state/use-app-store';
import { t } from '../i18n/t';

const update = appStore.getState().setSettings;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(value: boolean): void;
}) {
  return (
    <label className="choice">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function KioskPinField({ pin }: { pin: string }) {
  const id = useId();
  const [draft, setDraft] = useState(pin);
  const valid = draft === '' || /^\d{4,8}$/.test(draft);
  return (
    <div className="field">
      <label htmlFor={id}>{t('settingsKioskPin')}</label>
      <input
        id={id}
        className="input"
        inputMode="numeric"
        autoComplete="off"
        type="password"
        value={draft}
        aria-invalid={valid ? undefined : true}
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          const value = e.target.value.replace(/\D/g, '').slice(0, 8);
          setDraft(value);
          if (value === '' || /^\d{4,8}$/.test(value)) update({ kioskPin: value });
        }}
      />
      <p id={`${id}-help`} className={valid ? 'muted help' : 'field-error'}>
        {valid ? t('settingsKioskPinHelp') : t('settingsKioskPinInvalid')}
      </p>
    </div>
  );
}

export function SettingsScreen() {
  const settings = useAppStore((s) => s.settings);
  const nameId = useId();
  const autoId = useId();
  const syncId = useId();
  return (
    <section className="panel" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settingsTitle')}</h1>

      <Section title={t('settingsDevice')}>
        <div className="field">
          <label htmlFor={nameId}>{t('settingsDeviceName')}</label>
          <input
            id={nameId}
            className="input"
            value={settings.deviceName}
            maxLength={40}
            placeholder="North door"
            aria-describedby={`${nameId}-help`}
            onChange={(e) => update({ deviceName: e.target.value })}
          />
          <p id={`${nameId}-help`} className="muted help">
            {t('settingsDeviceNameHelp')}
          </p>
        </div>
      </Section>

      <Section title={t('settingsFeedback')}>
        <Toggle
          label={t('settingsSounds')}
          checked={settings.sounds}
          onChange={(sounds) => update({ sounds })}
        />
        <Toggle
          label={t('settingsVibration')}
          checked={settings.vibration}
          onChange={(vibration) => update({ vibration })}
        />
        <div className="field">
          <label htmlFor={autoId}>{t('settingsAutoReturn')}</label>
          <select
            id={autoId}
            className="input"
            value={settings.autoReturnSeconds}
            onChange={(e) => update({ autoReturnSeconds: Number(e.target.value) })}
          >
            {[2, 3, 5, 8, 0].map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t('settingsAutoReturnNever') : t('settingsSeconds', { n })}
              </option>
            ))}
          </select>
        </div>
      </Section>

      <Section title={t('settingsSync')}>
        <div className="field">
          <label htmlFor={syncId}>{t('settingsSyncInterval')}</label>
          <select
            id={syncId}
            className="input"
            value={settings.syncIntervalSeconds}
            onChange={(e) => update({ syncIntervalSeconds: Number(e.target.value) })}
          >
            {[5, 10, 30, 60].map((n) => (
              <option key={n} value={n}>
                {t('settingsSeconds', { n })}
              </option>
            ))}
          </select>
        </div>
      </Section>

      <Section title={t('settingsKiosk')}>
        <KioskPinField pin={settings.kioskPin} />
      </Section>

      <Section title={t('settingsAppearance')}>
        {(['dark', 'light'] as const).map((value: Theme) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="theme"
              value={value}
              checked={settings.theme === value}
              onChange={() => update({ theme: value })}
            />
            {value === 'dark' ? t('settingsThemeDark') : t('settingsThemeLight')}
          </label>
        ))}
      </Section>

      <Section title={t('settingsLanguage')}>
        <label className="choice">
          <input
            type="radio"
            name="language"
            value="en"
            checked={settings.language === 'en'}
            onChange={() => update({ language: 'en' })}
          />
          English
        </label>
      </Section>

      <p className="muted">
        {t('settingsVersion')} {__APP_VERSION__} · {__BUILD_TIME__}
      </p>
    </section>
  );
}
