// Where the organiser screens get their data: the Node server this page came from (signed in
// by its one-time link), the demo service inside this browser (a token generated here, live or
// test, API 3.0 or 3.1) or another Admin API (its base address and a pasted token). Each choice
// says where its data lives and which doors can reach it.
import { t } from '../i18n/t';
import { type FormEvent, useState } from 'react';
import type { ServiceInfo } from '../../api/service-info';
import { Link } from 'wouter';
import { generateBuiltinToken, revokeBuiltinToken } from './builtin-service';
import { type Connection, isUnchosen, saveConnection, useConnection } from './connection';
import { FailureNotice } from './FailureNotice';
import { useHello } from './hooks/useHello';
import { useServiceInfo } from './hooks/useServiceInfo';
import { ServerSignIn } from './ServerSignIn';
import { WhereDataLives } from './WhereDataLives';

export function ConnectionScreen() {
  const served = useServiceInfo();
  if (served.loading) return <p className="muted">{t('orgConnecting')}</p>;
  return <ConnectionChoice served={served.info} />;
}

function ConnectionChoice({ served }: { served: ServiceInfo | null }) {
  const connection = useConnection();
  const [kind, setKind] = useState<Connection['kind']>(
    served && isUnchosen(connection) ? 'server' : connection.kind,
  );
  // The server's choice is offered when this page came from it, or when already signed in there.
  const offerServer = served !== null || connection.kind === 'server';
  const [mode, setMode] = useState<'live' | 'test'>(
    connection.kind === 'builtin' ? (connection.mode ?? 'test') : 'test',
  );
  const [version, setVersion] = useState<'3.0' | '3.1'>(
    connection.kind === 'builtin' ? (connection.version ?? '3.1') : '3.1',
  );
  const [baseUrl, setBaseUrl] = useState(connection.kind === 'remote' ? connection.baseUrl : '');
  const [token, setToken] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const fresh = await generateBuiltinToken({ mode, version });
      if (connection.kind === 'builtin' && connection.token)
        await revokeBuiltinToken(connection.token).catch(() => {});
      saveConnection({ kind: 'builtin', token: fresh, mode, version });
      setMessage(t('orgTokenGenerated', { mode, version }));
    } catch {
      setMessage(t('orgTokenGenerateFailed'));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    if (connection.kind !== 'builtin' || !connection.token) return;
    setBusy(true);
    await revokeBuiltinToken(connection.token).catch(() => {});
    saveConnection({ kind: 'builtin', token: null });
    setBusy(false);
    setMessage(t('orgTokenRevoked'));
  };
  const saveRemote = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = baseUrl.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+/.test(trimmed)) {
      setMessage(t('orgBaseInvalid'));
      return;
    }
    if (!token.trim()) {
      setMessage(t('orgTokenMissing'));
      return;
    }
    saveConnection({ kind: 'remote', baseUrl: trimmed, token: token.trim() });
    setToken('');
    setMessage(t('orgConnectionSaved'));
  };

  return (
    <section className="panel org-section" aria-labelledby="connection-title">
      <h2 id="connection-title">{t('orgConnection')}</h2>
      <fieldset className="fieldset">
        <legend>{t('orgWhereLegend')}</legend>
        {offerServer ? (
          <label className="choice">
            <input type="radio" name="kind" checked={kind === 'server'} onChange={() => setKind('server')} />
            {t('orgThisServer', { host: connection.kind === 'server' ? connection.host : location.host })}
          </label>
        ) : null}
        <label className="choice">
          <input type="radio" name="kind" checked={kind === 'builtin'} onChange={() => setKind('builtin')} />
          {t('orgBuiltinOption')}
        </label>
        <label className="choice">
          <input type="radio" name="kind" checked={kind === 'remote'} onChange={() => setKind('remote')} />
          {t('orgRemoteOption')}
        </label>
      </fieldset>
      <WhereDataLives
        {...(kind === 'server'
          ? { kind, info: served }
          : kind === 'builtin'
            ? { kind }
            : { kind, baseUrl: baseUrl || (connection.kind === 'remote' ? connection.baseUrl : '') })}
      />
      {kind === 'server' ? (
        <ServerSignIn />
      ) : kind === 'builtin' ? (
        <div className="org-grid">
          <div className="field">
            <label htmlFor="token-mode">{t('orgMode')}</label>
            <select
              id="token-mode"
              className="input"
              value={mode}
              onChange={(e) => setMode(e.currentTarget.value as 'live' | 'test')}
            >
              <option value="test">test</option>
              <option value="live">live</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="token-version">{t('orgApiVersion')}</label>
            <select
              id="token-version"
              className="input"
              value={version}
              onChange={(e) => setVersion(e.currentTarget.value as '3.0' | '3.1')}
            >
              <option value="3.1">3.1</option>
              <option value="3.0">3.0</option>
            </select>
          </div>
          <div className="org-actions org-wide">
            <button type="button" className="button button--primary" onClick={generate} disabled={busy}>
              {t('orgGenerateToken')}
            </button>
            {connection.kind === 'builtin' && connection.token ? (
              <button type="button" className="button" onClick={revoke} disabled={busy}>
                {t('orgRevokeToken')}
              </button>
            ) : null}
          </div>
        </div>
      ) : (
        <form className="org-grid" onSubmit={saveRemote} noValidate>
          <div className="field org-wide">
            <label htmlFor="remote-base">{t('orgBaseAddress')}</label>
            <input
              id="remote-base"
              className="input"
              type="url"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.currentTarget.value)}
            />
          </div>
          <div className="field org-wide">
            <label htmlFor="remote-token">{t('orgApiToken')}</label>
            <input
              id="remote-token"
              className="input"
              type="password"
              autoComplete="off"
              value={token}
              placeholder={connection.kind === 'remote' ? t('orgTokenSavedPlaceholder') : ''}
              onChange={(e) => setToken(e.currentTarget.value)}
            />
          </div>
          <div className="org-actions org-wide">
            <button type="submit" className="button button--primary">
              {t('orgSaveConnection')}
            </button>
          </div>
        </form>
      )}
      {message ? (
        <p role="status" className="org-job">
          {message}
        </p>
      ) : null}
      {kind === 'server' && !connection.token ? null : <WhoAmI />}
    </section>
  );
}

function WhoAmI() {
  const connection = useConnection();
  const hello = useHello();
  if (!connection.token) return <p className="org-empty">{t('orgNotConnectedYet')}</p>;
  if (hello.failure) return <FailureNotice failure={hello.failure} onRetry={hello.reload} />;
  if (!hello.value) return <p className="muted">{t('orgCheckingToken')}</p>;
  const who = hello.value;
  return (
    <section className="org-subsection" aria-labelledby="hello-title" data-testid="hello">
      <h3 id="hello-title">{t('orgWhoYouAre')}</h3>
      <dl className="org-facts">
        <div className="org-fact">
          <dt>{t('orgToken')}</dt>
          <dd>{who.access_token}</dd>
        </div>
        <div className="org-fact">
          <dt>{t('orgMode')}</dt>
          <dd data-testid="hello-mode">{who.lookup_mode}</dd>
        </div>
        <div className="org-fact">
          <dt>{t('orgAccounts')}</dt>
          <dd>
            {who.accounts.map((account) => (
              <Link key={account} href={`/accounts/${encodeURIComponent(account)}`} className="org-account">
                {account}
              </Link>
            ))}
          </dd>
        </div>
      </dl>
    </section>
  );
}
