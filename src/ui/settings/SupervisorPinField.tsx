import { type FormEvent, useId, useState } from 'react';
import { appStore } from '../../state/app-store';
import { setSupervisorPin } from '../../state/supervisor';
import { t } from '../i18n/t';

/**
 * Sets, changes or removes the supervisor PIN, saying plainly what the device does without
 * one (every action open) and with one (a door; supervisor actions ask for it).
 */
export function SupervisorPinField({ isSet }: { isSet: boolean }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<'set' | 'removed' | null>(null);
  const valid = /^\d{4,8}$/.test(draft);
  const showInvalid = draft !== '' && !valid;

  const save = async (pin: string) => {
    setSaving(true);
    await setSupervisorPin(appStore, pin);
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
      <p className={isSet ? 'muted' : undefined} data-testid="supervisor-pin-state">
        {isSet ? t('settingsSupervisorPinIsSet') : t('settingsSupervisorPinNotSet')}
      </p>
      <label htmlFor={id}>{isSet ? t('settingsSupervisorPinChange') : t('settingsSupervisorPin')}</label>
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
        {showInvalid ? t('settingsKioskPinInvalid') : t('settingsSupervisorPinHelp')}
      </p>
      <div className="row">
        <button type="submit" className="button" disabled={!valid || saving}>
          {t('settingsSupervisorPinSave')}
        </button>
        {isSet && (
          <button type="button" className="button" disabled={saving} onClick={() => void save('')}>
            {t('settingsSupervisorPinRemove')}
          </button>
        )}
      </div>
      {saved && (
        <p className="muted" role="status">
          {saved === 'set' ? t('settingsSupervisorPinSaved') : t('settingsSupervisorPinRemoved')}
        </p>
      )}
    </form>
  );
}
