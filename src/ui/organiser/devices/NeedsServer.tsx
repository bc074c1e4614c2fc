// Why there is no fleet here, and how to get one: the doors as a fleet live on the app's own
// server, which the demo in this browser and another Admin API are not.
import { Link } from 'wouter';
import { t } from '../../i18n/t';
import type { FleetClientState } from './useFleetClient';

type Why = Exclude<FleetClientState, { kind: 'ready' } | { kind: 'checking' }>;

export function NeedsServer({ why }: { why: Why }) {
  return (
    <div className="org-empty devices__needs" data-testid="devices-need-server">
      <p>
        <strong>
          {why.kind === 'demo'
            ? t('devNeedsServerDemo')
            : why.kind === 'foreign'
              ? t('devNeedsServerForeign', { host: why.host })
              : why.kind === 'old-server'
                ? t('devNeedsServerOld')
                : why.kind === 'signed-out'
                  ? t('devNeedsSignIn')
                  : t('devNeedsServerNone')}
        </strong>
      </p>
      {why.kind === 'old-server' ? null : <p>{t('devHowToStart')}</p>}
      <p>
        <Link href="/connection" className="button">
          {t('orgOpenConnection')}
        </Link>
      </p>
    </div>
  );
}
