// The "This server" choice of the connection screen: signed in (and a way to sign out on this
// device), or how to sign in with the server's one-time link, which may also be pasted here.
import { type FormEvent, useState } from 'react';
import { signInCodeFrom } from '../../api/service-info';
import { t } from '../i18n/t';
import { forgetConnection, useConnection } from './connection';
import { describeSignInFailure, signInToThisServer } from './server-sign-in';

export function ServerSignIn() {
  const connection = useConnection();
  const [link, setLink] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (connection.kind === 'server') {
    return (
      <div className="org-signed-in">
        <p>
          {t('orgSignedInServer', { mode: connection.mode ?? 'live', version: connection.version ?? '3.1' })}
        </p>
        <button type="button" className="button" onClick={forgetConnection}>
          {t('orgSignOut')}
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const hash = link.includes('#') ? link.slice(link.indexOf('#')) : `#code=${link.trim()}`;
    const code = signInCodeFrom(hash);
    if (!code) {
      setMessage(t('orgSignInNoCode'));
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await signInToThisServer(code);
    setBusy(false);
    setLink('');
    if (!result.ok) setMessage(describeSignInFailure(result));
  };

  return (
    <form className="org-grid" onSubmit={submit} noValidate>
      <p className="org-wide">{t('orgSignInHow')}</p>
      <div className="field org-wide">
        <label htmlFor="sign-in-link">{t('orgSignInPaste')}</label>
        <input
          id="sign-in-link"
          className="input"
          type="password"
          autoComplete="off"
          value={link}
          onChange={(e) => setLink(e.currentTarget.value)}
        />
      </div>
      <div className="org-actions org-wide">
        <button type="submit" className="button button--primary" disabled={busy || !link.trim()}>
          {t('orgSignIn')}
        </button>
      </div>
      {message ? (
        <p role="alert" className="org-wide">
          {message}
        </p>
      ) : null}
    </form>
  );
}
