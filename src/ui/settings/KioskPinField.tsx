import { type FormEvent, useId, useState } from 'react';
import { appStore } from '../../state/app-store';
import { setKioskPin } from '../../state/kiosk-pin';
import { t } from '../i18n/t';

/** Sets, changes or removes the kiosk PIN; the current one is never shown (only its hash is kept). */
export function KioskPinField({ isSet }: { isSet: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<'set' | 'removed' | null>(null);
  const valid = /^\d{4,8}$/.test(draft);
  const showInvalid = draft !== '' && !valid;

  const save = async (pin: string) => {
    setSaving(true);
    await setKioskPin(appStore, pin);
    setSaving(false);
    setDraft('');
    setSaved(pin === '' ? 'removed' : 'set');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) void save(draft);
  };

  return (
    <form className="field" onSubmit={submit} noValidate>
      <p className="muted" data-testid="kiosk-pin-state">
        {isSet ? t('settingsKioskPinIsSet') : t('settingsKioskPinNotSet')}
      </p>
      <label htmlFor={id}>{isSet ? t('settingsKioskPinChange') : t('settingsKioskPin')}</label>
      <input
        id={id}
        className="input"
        inputMode="numeric"
        autoComplete="off"
        type="password"
        value={draft}
        aria-invalid={showInvalid ? true : undefined}
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          setSaved(null);
          setDraft(e.target.value.replace(/\D/g, '').slice(0, 8));
        }}
      />
      <p id={`${id}-help`} className={showInvalid ? 'field-error' : 'muted help'}>
        {showInvalid ? t('settingsKioskPinInvalid') : t('settingsKioskPinHelp')}
      </p>
      <div className="row">
        <button type="submit" className="button" disabled={!valid || saving}>
          {t('settingsKioskPinSave')}
        </button>
        {isSet && (
          <button type="button" className="button" disabled={saving} onClick={() => void save('')}>
            {t('settingsKioskPinRemove')}
          </button>
        )}
      </div>
      {saved && (
        <p className="muted" role="status">
          {saved === 'set' ? t('settingsKioskPinSaved') : t('settingsKioskPinRemoved')}
        </p>
      )}
    </form>
  );
}
