import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { appStore, type Theme } from '../../state/app-store';
import { useAppStore } from '../../state/use-app-store';
import { t, tn } from '../i18n/t';
import { BadgeSettings } from './BadgeSettings';
import { ForgetDeviceSection } from './ForgetDeviceSection';
import { KioskPinField } from './KioskPinField';
import { LanguageSettings } from './LanguageSettings';
import { SupervisorPinField } from './SupervisorPinField';
import { canHoldScreenAwake } from '../../platform/wake-lock';

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

/** A choice of a number of seconds, where 0 means never. */
function SecondsField({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: number;
  choices: readonly number[];
  onChange(seconds: number): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {choices.map((n) => (
          <option key={n} value={n}>
            {n === 0 ? t('settingsAutoReturnNever') : tn('settingsSeconds', n)}
          </option>
        ))}
      </select>
    </div>
  );
}

function CameraField({ deviceId }: { deviceId: string | null }) {
  const id = useId();
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    // The camera's module (and @zxing/browser) loads only when asked: never with the door route.
    void import('../../scanner/camera')
      .then(({ listCameras }) => listCameras())
      .then(setCameras)
      .catch(() => setCameras([]));
  }, []);
  return (
    <div className="field">
      <label htmlFor={id}>{t('settingsCameraChoice')}</label>
      <select
        id={id}
        className="input"
        value={deviceId ?? ''}
        aria-describedby={`${id}-help`}
        onChange={(e) => update({ cameraDeviceId: e.target.value || null })}
      >
        <option value="">{t('settingsCameraAuto')}</option>
        {/* Without camera permission the list is empty: the one in use still shows as chosen. */}
        {deviceId && !cameras.some((c) => c.deviceId === deviceId) && (
          <option value={deviceId}>{t('settingsCameraRemembered')}</option>
        )}
        {cameras
          .filter((c) => c.deviceId)
          .map((camera, i) => (
            <option key={camera.deviceId} value={camera.deviceId}>
              {camera.label || t('settingsCameraNumbered', { n: i + 1 })}
            </option>
          ))}
      </select>
      <p id={`${id}-help`} className="muted help">
        {t('settingsCameraHelp')}
      </p>
    </div>
  );
}

export function SettingsScreen() {
  const settings = useAppStore((s) => s.settings);
  const nameId = useId();
  return (
    <section className="panel" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settingsTitle')}</h1>

      <Section title={t('settingsLanguage')}>
        <LanguageSettings />
      </Section>

      <Section title={t('settingsDevice')}>
        <div className="field">
          <label htmlFor={nameId}>{t('settingsDeviceName')}</label>
          <input
            id={nameId}
            className="input"
            value={settings.deviceName}
            maxLength={40}
            placeholder={t('settingsDeviceNamePlaceholder')}
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
        <SecondsField
          label={t('settingsAutoReturn')}
          value={settings.autoReturnSeconds}
          choices={[2, 3, 5, 8, 0]}
          onChange={(autoReturnSeconds) => update({ autoReturnSeconds })}
        />
      </Section>

      <Section title={t('settingsCamera')}>
        <CameraField deviceId={settings.cameraDeviceId} />
      </Section>

      <Section title={t('settingsSync')}>
        <SecondsField
          label={t('settingsSyncInterval')}
          value={settings.syncIntervalSeconds}
          choices={[5, 10, 30, 60]}
          onChange={(syncIntervalSeconds) => update({ syncIntervalSeconds })}
        />
      </Section>

      <Section title={t('settingsBadges')}>
        <BadgeSettings />
      </Section>

      <Section title={t('settingsSupervisor')}>
        <SupervisorPinField isSet={settings.supervisorPin !== null} />
      </Section>

      <Section title={t('settingsKiosk')}>
        <KioskPinField isSet={settings.kioskPin !== null} />
        {!canHoldScreenAwake() && (
          <p className="muted help" data-testid="kiosk-no-wake-lock">
            {t('settingsKioskNoWakeLock')}
          </p>
        )}
      </Section>

      <Section title={t('settingsData')}>
        <p className="muted help">{t('settingsDataHelp')}</p>
        <Link href="/door/lists" className="button">
          {t('settingsDataManage')}
        </Link>
        <ForgetDeviceSection />
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

      <p className="muted">
        {t('settingsVersion')} {__APP_VERSION__} · {__BUILD_TIME__}
      </p>
    </section>
  );
}
