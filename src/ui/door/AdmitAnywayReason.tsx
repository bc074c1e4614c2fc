import { useId, useState } from 'react';
import type { MessageKey } from '../i18n/t';
import { t } from '../i18n/t';

const REASONS = [
  'admitAnywayReasonReentry',
  'admitAnywayReasonMistake',
  'admitAnywayReasonPaid',
  'admitAnywayReasonOrganiser',
] as const satisfies readonly MessageKey[];

/** "Admit anyway" asks why: one of a few reasons, or typed. The reason goes into the audit log. */
export function AdmitAnywayReason({
  onAdmit,
  onCancel,
}: {
  onAdmit(reason: string): void;
  onCancel(): void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const reason = choice === 'other' ? typed.trim() : choice ? t(choice as MessageKey) : '';
  return (
    <fieldset className="verdict__confirm" data-testid="admit-anyway-reason">
      <legend>{t('admitAnywayWhy')}</legend>
      <div className="verdict__reasons">
        {[...REASONS, 'other' as const].map((key) => (
          <label key={key} className="choice">
            <input
              type="radio"
              name={`${id}-reason`}
              value={key}
              checked={choice === key}
              onChange={() => setChoice(key)}
            />
            {key === 'other' ? t('admitAnywayReasonOther') : t(key)}
          </label>
        ))}
        {choice === 'other' && (
          <>
            <label htmlFor={`${id}-typed`} className="visually-hidden">
              {t('admitAnywayReasonTyped')}
            </label>
            <input
              id={`${id}-typed`}
              className="input"
              maxLength={200}
              // A reason may name a guest: the browser's form history must not keep it.
              autoComplete="off"
              value={typed}
              placeholder={t('admitAnywayReasonTyped')}
              onChange={(e) => setTyped(e.target.value)}
            />
          </>
        )}
      </div>
      <button type="button" className="button button--large" onClick={onCancel}>
        {t('verdictConfirmAdmitNo')}
      </button>
      <button
        type="button"
        className="button button--primary button--large"
        disabled={reason === ''}
        onClick={() => onAdmit(reason)}
      >
        {t('admitAnywayConfirm')}
      </button>
    </fieldset>
  );
}
