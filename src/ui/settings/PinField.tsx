import { type FormEvent, useId, useState } from 'react';
import type { MessageKey } from '../i18n/t';
import { t } from '../i18n/t';

export interface PinWords {
  isSet: MessageKey;
  notSet: MessageKey;
  label: MessageKey;
  change: MessageKey;
  help: MessageKey;
  save: MessageKey;
  remove: MessageKey;
  saved: MessageKey;
  removed: MessageKey;
}

interface Props {
  isSet: boolean;
  words: PinWords;
  /** Stores the PIN's hash; '' removes it. */
  store: (pin: string) => Promise<void>;
  testId: string;
  /** The "not set" line is a warning, not an aside (the supervisor PIN: every action is open). */
  stressNotSet?: boolean;
}

/** Sets, changes or removes a PIN of 4 to 8 digits; the current one is never shown (only its hash is kept). */
export function PinField({ isSet, words, store, testId, stressNotSet = false }: Props) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<'set' | 'removed' | null>(null);
  const valid = /^\d{4,8}$/.test(draft);
  const showInvalid = draft !== '' && !valid;

  const save = async (pin: string) => {
    setSaving(true);
    await store(pin);
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
      <p className={isSet || !stressNotSet ? 'muted' : undefined} data-testid={testId}>
        {isSet ? t(words.isSet) : t(words.notSet)}
      </p>
      <label htmlFor={id}>{isSet ? t(words.change) : t(words.label)}</label>
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
        {showInvalid ? t('settingsKioskPinInvalid') : t(words.help)}
      </p>
      <div className="row">
        <button type="submit" className="button" disabled={!valid || saving}>
          {t(words.save)}
        </button>
        {isSet && (
          <button type="button" className="button" disabled={saving} onClick={() => void save('')}>
            {t(words.remove)}
          </button>
        )}
      </div>
      {saved && (
        <p className="muted" role="status">
          {saved === 'set' ? t(words.saved) : t(words.removed)}
        </p>
      )}
    </form>
  );
}
