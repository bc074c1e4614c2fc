import { t } from '../i18n/t';
import { useState } from 'react';
import { generateBuiltinToken, revokeBuiltinToken } from './builtin-service';
import { saveConnection, useConnection } from './connection';

/** Built-in service only: a token of the other mode, same version; the old one is revoked. */
export function SwitchMode({ current }: { current: 'live' | 'test' }) {
  const connection = useConnection();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (connection.kind !== 'builtin') return null;
  const other = current === 'live' ? 'test' : 'live';
  const flip = async () => {
    setBusy(true);
    setError(null);
    try {
      const version = connection.version ?? '3.1';
      const token = await generateBuiltinToken({ mode: other, version });
      if (connection.token) await revokeBuiltinToken(connection.token).catch(() => undefined);
      saveConnection({ kind: 'builtin', token, mode: other, version });
    } catch {
      setError(t('orgSwitchFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button org-small" onClick={flip} disabled={busy}>
        {t('orgSwitchTo', { mode: other })}
      </button>
      {error ? <span className="field-error">{error}</span> : null}
    </>
  );
}
