import { useEffect, useState } from 'react';
import { formatAge } from '../format';
import { t } from '../i18n/t';

interface Props {
  /**
   * Whether the entered PIN is right (compared with its stored hash), or how long the pad must
   * wait after too many wrong ones.
   */
  check(pin: string): Promise<boolean | { waitMs: number }>;
  /** The heading; the kiosk PIN's by default. */
  title?: string;
  onUnlock(): void;
  onCancel(): void;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '', '0', '⌫'];

/** A PIN gate drawn in the page, so a kiosk can be left only by staff who know it. */
export function PinPad({ check, onUnlock, onCancel, title = t('pinTitle') }: Props) {
  const [entered, setEntered] = useState('');
  const [wrong, setWrong] = useState(false);
  const [waitMs, setWaitMs] = useState(0);
  const [checking, setChecking] = useState(false);

  const press = (key: string) => {
    setWrong(false);
    setWaitMs(0);
    if (key === '⌫') setEntered((v) => v.slice(0, -1));
    else if (/^\d$/.test(key)) setEntered((v) => (v + key).slice(0, 8));
  };
  const submit = async () => {
    setChecking(true);
    const right = await check(entered);
    setChecking(false);
    if (right === true) onUnlock();
    else if (right !== false) {
      setWaitMs(right.waitMs);
      setEntered('');
    } else {
      setWrong(true);
      setEntered('');
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === 'Backspace') press('⌫');
      else if (e.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <div className="pin" role="dialog" aria-modal="true" aria-labelledby="pin-title">
      <h2 id="pin-title">{title}</h2>
      <output className="pin__dots" aria-label={t('pinDigits', { n: entered.length })}>
        {'•'.repeat(entered.length) || '\u00a0'}
      </output>
      {wrong && (
        <p className="field-error" role="alert">
          {t('pinWrong')}
        </p>
      )}
      {waitMs > 0 && (
        <p className="field-error" role="alert">
          {t('supervisorPinWait', { time: formatAge(waitMs) })}
        </p>
      )}
      <div className="pin__keys">
        {KEYS.map((key) =>
          key === '' ? (
            <span key="blank" />
          ) : (
            <button
              key={key}
              type="button"
              className="button pin__key"
              aria-label={key === '⌫' ? t('pinDelete') : key}
              onClick={() => press(key)}
            >
              {key}
            </button>
          ),
        )}
      </div>
      <div className="pin__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('pinCancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={entered.length < 4 || checking}
          onClick={() => void submit()}
        >
          {t('pinOk')}
        </button>
      </div>
    </div>
  );
}
