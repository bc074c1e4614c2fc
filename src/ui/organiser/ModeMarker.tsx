// Always visible: which data the screens show (live or test), and a switch between them.
import { t } from '../i18n/t';
import { Link } from 'wouter';
import { useConnection } from './connection';
import { useHello } from './hooks/useHello';
import { SwitchMode } from './SwitchMode';

export function ModeMarker() {
  const connection = useConnection();
  const hello = useHello();
  if (!connection.token) {
    return (
      <div className="org-mode">
        <span className="pill">{t('orgNotConnected')}</span>
        <Link href="/connection">{t('orgConnect')}</Link>
      </div>
    );
  }
  const mode = hello.value?.lookup_mode;
  return (
    <div className={`org-mode${mode === 'test' ? ' org-mode--test' : ''}`} data-testid="mode-marker">
      <span className={`pill ${mode === 'test' ? 'org-test' : 'org-live'}`}>
        {mode === 'test' ? t('orgTestData') : mode === 'live' ? t('orgLiveData') : '…'}
      </span>
      <span className="muted">
        {connection.kind === 'builtin'
          ? t('orgBuiltinService')
          : connection.kind === 'server'
            ? t('orgThisServer', { host: connection.host })
            : connection.baseUrl}
        {connection.kind !== 'remote' && connection.version ? ` · API ${connection.version}` : ''}
      </span>
      {connection.kind === 'builtin' && mode ? (
        <SwitchMode current={mode === 'test' ? 'test' : 'live'} />
      ) : null}
      <Link href="/connection">{t('orgConnection')}</Link>
    </div>
  );
}
