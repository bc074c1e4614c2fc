import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { parseListCredential } from '../../domain/list-credential';
import { t } from '../i18n/t';

export function DoorHome() {
  const [, navigate] = useLocation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credential = parseListCredential(value);
    if (!credential) {
      setError(t('doorSlugInvalid'));
      return;
    }
    setError(null);
    navigate(`/checkin_lists/${encodeURIComponent(credential.slug)}`);
  };

  return (
    <section className="panel" aria-labelledby="door-title">
      <h1 id="door-title">{t('doorTitle')}</h1>
      <p className="muted">{t('doorIntro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>{t('doorSlugLabel')}</label>
        <input
          id={inputId}
          className="input input--large"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('doorSlugPlaceholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--primary button--large">
          {t('doorJoin')}
        </button>
      </form>
    </section>
  );
}
