import { t } from '../i18n/t';
import { Link } from 'wouter';
import { type AdminFailure, describeAdminError } from '../../api/admin-failure';

interface Props {
  failure: AdminFailure;
  onRetry?: () => void;
}

/** A failure in words, with the way forward that fits it. */
export function FailureNotice({ failure, onRetry }: Props) {
  const toConnection = failure.reason === 'unauthorised' || failure.reason === 'forbidden';
  const retry = onRetry && failure.reason !== 'invalid' && failure.reason !== 'not-found';
  return (
    <div className="org-failure" role="alert">
      <p>
        <strong>{describeAdminError(failure)}</strong>
      </p>
      {failure.hint ? <p className="muted">{failure.hint}</p> : null}
      {failure.retryAfterMs ? (
        <p className="muted">{t('orgTryAgainIn', { seconds: Math.ceil(failure.retryAfterMs / 1000) })}</p>
      ) : null}
      <div className="org-actions">
        {retry ? (
          <button type="button" className="button" onClick={onRetry}>
            {t('orgTryAgain')}
          </button>
        ) : null}
        {toConnection ? (
          <Link href="/connection" className="button">
            {t('orgOpenConnection')}
          </Link>
        ) : null}
        {failure.reason === 'not-found' ? (
          <Link href="/" className="button">
            {t('orgBackToEvents')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
