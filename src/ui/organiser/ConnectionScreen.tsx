// Where the organiser screens get their data: the built-in service (a token generated here,
// live or test, API 3.0 or 3.1) or another Admin API (its base address and a pasted token).
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { generateBuiltinToken, revokeBuiltinToken } from './builtin-service';
import { saveConnection, useConnection } from './connection';
import { FailureNotice } from './FailureNotice';
import { useHello } from './hooks/useHello';

export function ConnectionScreen() {
  const connection = useConnection();
  const [kind, setKind] = useState(connection.kind);
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
      setMessage(`New ${mode} token for API ${version} generated and in use.`);
    } catch {
      setMessage('The built-in service could not generate a token. Reload the page and try again.');
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
    setMessage('Token revoked. Generate a new one to continue.');
  };
  const saveRemote = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = baseUrl.trim().replace(/\/+$/, '');
    if (!/^https?:\/\/[^/]+/.test(trimmed)) {
      setMessage('Enter the base address, such as https://api.example.com/v3.');
      return;
    }
    if (!token.trim()) {
      setMessage('Paste the API token.');
      return;
    }
    saveConnection({ kind: 'remote', baseUrl: trimmed, token: token.trim() });
    setToken('');
    setMessage('Connection saved.');
  };

  return (
    <section className="panel org-section" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection</h2>
      <fieldset className="fieldset">
        <legend>Ticketing service</legend>
        <label className="choice">
          <input type="radio" name="kind" checked={kind === 'builtin'} onChange={() => setKind('builtin')} />
          Built-in service on this device
        </label>
        <label className="choice">
          <input type="radio" name="kind" checked={kind === 'remote'} onChange={() => setKind('remote')} />
          Another Admin API
        </label>
      </fieldset>
      {kind === 'builtin' ? (
        <div className="org-grid">
          <div className="field">
            <label htmlFor="token-mode">Mode</label>
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
            <label htmlFor="token-version">API version</label>
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
              Generate token
            </button>
            {connection.kind === 'builtin' && connection.token ? (
              <button type="button" className="button" onClick={revoke} disabled={busy}>
                Revoke token
              </button>
            ) : null}
          </div>
        </div>
      ) : (
        <form className="org-grid" onSubmit={saveRemote} noValidate>
          <div className="field org-wide">
            <label htmlFor="remote-base">Base address (ends in /v3)</label>
            <input
              id="remote-base"
              className="input"
              type="url"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.currentTarget.value)}
            />
          </div>
          <div className="field org-wide">
            <label htmlFor="remote-token">API token</label>
            <input
              id="remote-token"
              className="input"
              type="password"
              autoComplete="off"
              value={token}
              placeholder={connection.kind === 'remote' ? 'Saved; paste to replace' : ''}
              onChange={(e) => setToken(e.currentTarget.value)}
            />
          </div>
          <div className="org-actions org-wide">
            <button type="submit" className="button button--primary">
              Save connection
            </button>
          </div>
        </form>
      )}
      {message ? (
        <p role="status" className="org-job">
          {message}
        </p>
      ) : null}
      <WhoAmI />
    </section>
  );
}

function WhoAmI() {
  const connection = useConnection();
  const hello = useHello();
  if (!connection.token) return <p className="org-empty">Not connected yet: generate or paste a token.</p>;
  if (hello.failure) return <FailureNotice failure={hello.failure} onRetry={hello.reload} />;
  if (!hello.value) return <p className="muted">Checking the token…</p>;
  const who = hello.value;
  return (
    <section className="org-subsection" aria-labelledby="hello-title" data-testid="hello">
      <h3 id="hello-title">Who you are</h3>
      <dl className="org-facts">
        <div className="org-fact">
          <dt>Token</dt>
          <dd>{who.access_token}</dd>
        </div>
        <div className="org-fact">
          <dt>Mode</dt>
          <dd data-testid="hello-mode">{who.lookup_mode}</dd>
        </div>
        <div className="org-fact">
          <dt>Accounts</dt>
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
