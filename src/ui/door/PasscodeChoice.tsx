import { type FormEvent, useId, useRef, useState } from 'react';
import { PASSCODE_MIN_LENGTH } from '../../sync/engine/door-protocol';
import { describeError } from '../error-words';
import { useDoorEngine } from '../hooks/useDoor';
import { t } from '../i18n/t';
import { PasscodeActions } from './PasscodeActions';
import { PasscodeInput } from './PasscodeInput';
import './seal.css';

interface Props {
  /** `join`: asked before this door's first list; `upgrade`: a list kept from before sealing. */
  purpose: 'join' | 'upgrade';
  onChosen(): void;
  /** Back to the join form; an upgrade has nowhere to go back to. */
  onCancel?(): void;
}

/** Counted as the keyring counts: characters as a person types them, not UTF-16 units. */
const length = (text: string) => [...text.normalize('NFC')].length;

/**
 * The door's passcode, chosen once: typed twice, since a typo here would lock the list under a
 * passcode nobody knows. The engine has the last word on what it accepts.
 */
export function PasscodeChoice({ purpose, onChosen, onCancel }: Props) {
  const engine = useDoorEngine();
  const ids = { title: useId(), first: useId(), again: useId(), help: useId(), error: useId() };
  const first = useRef<HTMLInputElement>(null);
  const again = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<{ field: 'first' | 'again' | 'form'; text: string } | null>(null);

  // Read from the fields at submit (not held in state): whatever typed them, keys, a paste or a
  // test driver, the passcode sent is what the fields hold.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const passcode = first.current?.value ?? '';
    if (length(passcode) < PASSCODE_MIN_LENGTH) {
      first.current?.focus();
      return setError({ field: 'first', text: t('passcodeTooShort', { min: PASSCODE_MIN_LENGTH }) });
    }
    if (again.current?.value !== passcode) {
      again.current?.focus();
      return setError({ field: 'again', text: t('passcodeMismatch') });
    }
    setError(null);
    setWorking(true);
    const chosen = await engine.choosePasscode(passcode);
    setWorking(false);
    if (!chosen.ok) return setError({ field: 'form', text: describeError(chosen) });
    onChosen();
  };

  const problem = (field: 'first' | 'again' | 'form') =>
    error?.field === field ? (
      <p id={ids.error} className="field-error" role="alert">
        {error.text}
      </p>
    ) : null;

  return (
    <section className="panel seal" aria-labelledby={ids.title} data-testid="passcode-choice">
      <h1 id={ids.title}>{purpose === 'join' ? t('passcodeChoiceTitle') : t('passcodeUpgradeTitle')}</h1>
      <p>{purpose === 'join' ? t('passcodeChoiceIntro') : t('passcodeUpgradeIntro')}</p>
      <ul className="seal__points">
        <li>{t('passcodeChoiceWhen')}</li>
        <li>{t('passcodeChoiceKeep')}</li>
      </ul>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="seal__label-row">
          <label htmlFor={ids.first}>{t('passcodeLabel')}</label>
          <label className="choice seal__show">
            <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
            {t('passcodeShow')}
          </label>
        </div>
        <PasscodeInput
          id={ids.first}
          ref={first}
          shown={shown}
          autoFocus
          describedBy={error?.field === 'first' ? ids.error : ids.help}
          invalid={error?.field === 'first'}
        />
        {problem('first') ?? (
          <p id={ids.help} className="muted help">
            {t('passcodeChoiceLength', { min: PASSCODE_MIN_LENGTH })}
          </p>
        )}
        <label htmlFor={ids.again}>{t('passcodeAgainLabel')}</label>
        <PasscodeInput
          id={ids.again}
          ref={again}
          shown={shown}
          describedBy={error?.field === 'again' ? ids.error : undefined}
          invalid={error?.field === 'again'}
        />
        {problem('again')}
        {problem('form')}
        <PasscodeActions
          label={
            working
              ? t('passcodeChoosing')
              : purpose === 'join'
                ? t('passcodeChooseJoin')
                : t('passcodeChooseOpen')
          }
          working={working}
          onCancel={onCancel}
        />
      </form>
    </section>
  );
}
