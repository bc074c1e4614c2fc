// Where the server's one-time sign-in link lands (`/organiser/sign-in#code=…`). The code is in
// the fragment, so it never reaches a server log or a Referer; it is taken out of the address
// bar at once, spent, and the organiser lands on their events connected to this server.
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { signInCodeFrom } from '../../api/service-info';
import { t } from '../i18n/t';
import { describeSignInFailure, signInToThisServer } from './server-sign-in';

export function SignInScreen() {
  const [code] = useState(() => signInCodeFrom(location.hash));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
    if (!code) return;
    let live = true;
    signInToThisServer(code).then((result) => {
      if (!live) return;
      if (result.ok) navigate('/', { replace: true });
      else setRefusal(describeSignInFailure(result));
    });
    return () => {
      live = false;
    };
  }, [code, navigate]);

  return (
    <section className="panel org-section" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">{t('orgSignInTitle')}</h2>
      {!code ? (
        <p role="alert">{t('orgSignInNoCode')}</p>
      ) : refusal ? (
        <div className="org-failure" role="alert" data-testid="sign-in-refused">
          <p>
            <strong>{t('orgSignInRefused')}</strong>
          </p>
          <p>{refusal}</p>
        </div>
      ) : (
        <p role="status">{t('orgSigningIn')}</p>
      )}
      {!code || refusal ? (
        <p>
          <Link href="/connection">{t('orgOpenConnection')}</Link>
        </p>
      ) : null}
    </section>
  );
}
