import { t } from '../i18n/t';
import { useState } from 'react';

interface Props {
  what: string;
  busy: boolean;
  onConfirm(): void;
}

/** Deleting asks once more, in place, so nothing goes by a stray click. */
export function ConfirmDelete({ what, busy, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="button org-danger" onClick={() => setAsking(true)}>
        {t('orgDelete')}
      </button>
    );
  }
  return (
    <fieldset className="org-confirm">
      <legend className="visually-hidden">{t('orgDelete')}</legend>
      <span>{t('orgDeleteConfirm', { what })}</span>
      <button type="button" className="button org-danger" disabled={busy} onClick={onConfirm}>
        {t('orgYesDelete')}
      </button>
      <button type="button" className="button" onClick={() => setAsking(false)}>
        {t('orgKeepIt')}
      </button>
    </fieldset>
  );
}
