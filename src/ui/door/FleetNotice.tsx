import { appStore } from '../../state/app-store';
import { useAppStore } from '../../state/use-app-store';
import type { SyncStatus } from '../../sync/engine/door-protocol';
import { describeError } from '../error-words';
import { t, tn } from '../i18n/t';

/**
 * Over the scan screen's picture: while the organiser's revocation of this door is being carried
 * out, what it still does (sends what it holds, or cannot yet, and why); otherwise, once after a
 * join, whether the organiser can revoke this door at all.
 */
export function FleetNotice({ status }: { status: SyncStatus }) {
  const joined = useAppStore((s) => s.shell.joined);
  const door = status.list?.door;
  if (door?.revokedAt != null) {
    const failing = status.errors.outbox;
    return (
      <div className="scan__revoked" role="alert" data-testid="revoked-banner">
        <p>{tn('revokedSending', status.pending)}</p>
        {failing && status.pending > 0 && (
          <p>{tn('revokedFailing', status.pending, { reason: describeError(failing) })}</p>
        )}
        {status.parked.length > 0 && <p>{tn('revokedParked', status.parked.length)}</p>}
      </div>
    );
  }
  if (!joined || joined.title !== status.list?.title) return null;
  return (
    <p className="scan__notice scan__joined" role="status" data-testid="joined-note">
      {joined.door === null
        ? t('joinedByAddress', { title: joined.title })
        : t('joinedByCode', { title: joined.title, name: joined.door })}{' '}
      <button type="button" className="button" onClick={() => appStore.getState().setShell({ joined: null })}>
        {t('joinedNoteDismiss')}
      </button>
    </p>
  );
}
