import { type FormEvent, useId, useRef, useState } from 'react';
import type { DeviceStorage } from '../../pwa/device-storage';
import { describeError } from '../error-words';
import { useDoorEngine } from '../hooks/useDoor';
import { t, tn } from '../i18n/t';
import { ForgotPasscode } from './ForgotPasscode';
import { PasscodeActions } from './PasscodeActions';
import { PasscodeInput } from './PasscodeInput';
import { useSending } from './useSending';
import './seal.css';

interface Props {
  /** The lists this door holds, by title; none when a passcode is asked before a join. */
  titles: readonly string[];
  /** Called once the engine has the passcode (the screen also goes when the status says open). */
  onOpened?(): void;
  /** Whether "Forgot the passcode?" is offered: not on a kiosk, which attendees face. */
  forgot?: boolean;
  /** Back to where the passcode was asked from (a join), when there is such a place. */
  onCancel?(): void;
  /** The device was wiped through "Forgot the passcode?": what is left (ForgotPasscode.tsx). */
  onForgotten(left: DeviceStorage): void;
}

/**
 * The door after a start: its list stays locked until staff type the door's passcode. One
 * field, Enter or "Open"; meanwhile the outbox is still sent, and the screen says so, so staff
 * know nothing waits on them.
 */
export function UnlockScreen({ titles, onOpened, forgot = true, onCancel, onForgotten }: Props) {
  const engine = useDoorEngine();
  const sending = useSending();
  const ids = { title: useId(), field: useId(), error: useId() };
  const field = useRef<HTMLInputElement>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [helping, setHelping] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const passcode = field.current?.value ?? '';
    if (!passcode) return field.current?.focus();
    setWorking(true);
    const opened = await engine.unlock(passcode);
    setWorking(false);
    if (opened.ok) return onOpened?.();
    // Cleared for the next try, which starts from nothing rather than from a typo.
    if (field.current) field.current.value = '';
    field.current?.focus();
    setError(describeError(opened));
  };

  return (
    <section className="panel seal" aria-labelledby={ids.title} data-testid="unlock">
      <p className="seal__locked">{t('unlockLocked')}</p>
      <h1 id={ids.title}>{titles.length > 0 ? titles.join(' · ') : t('unlockBeforeJoinTitle')}</h1>
      <p>{titles.length > 0 ? t('unlockIntro') : t('unlockBeforeJoinIntro')}</p>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={ids.field}>{t('unlockLabel')}</label>
        <PasscodeInput
          id={ids.field}
          ref={field}
          shown={false}
          autoFocus
          describedBy={error ? ids.error : undefined}
          invalid={error !== null}
        />
        {error && (
          <p id={ids.error} className="field-error" role="alert">
            {error}
          </p>
        )}
        <PasscodeActions
          label={working ? t('unlockWorking') : t('unlockOpen')}
          working={working}
          onCancel={onCancel}
        />
      </form>
      {/* Said again, with the way out, once "Forgot the passcode?" is open. */}
      {titles.length > 0 && !helping && sending.pending !== null && (
        <p className="seal__pending" data-testid="unlock-pending" role="status">
          {tn('unlockPending', sending.pending)} {sending.words}
        </p>
      )}
      {forgot &&
        (helping ? (
          <ForgotPasscode onClose={() => setHelping(false)} onForgotten={onForgotten} />
        ) : (
          <button type="button" className="button seal__forgot" onClick={() => setHelping(true)}>
            {t('unlockForgot')}
          </button>
        ))}
    </section>
  );
}
