// The event's join codes with their state (live, expired, used up, revoked) and how many doors
// each joined; a live one can be shown again or revoked. Revoking a code joins no one more; the
// doors it already joined keep working until each is revoked itself.
import { useState } from 'react';
import { type AdminFailure, type AdminResult, describeAdminError } from '../../../api/admin-failure';
import type { JoinCodeData } from '../../../api/fleet-client';
import { formatCount } from '../../format';
import { t } from '../../i18n/t';
import { formatInstant } from '../event-format';
import { useEventFormat } from '../event-format-context';
import { codeStateWords, groupedCode, sortCodes } from './join-code-words';

interface Props {
  codes: readonly JoinCodeData[];
  shownId: string | null;
  onShow(id: string | null): void;
  revoke(id: string): Promise<AdminResult<JoinCodeData>>;
}

export function JoinCodeList({ codes, shownId, onShow, revoke }: Props) {
  const format = useEventFormat();
  const [asking, setAsking] = useState<string | null>(null);
  const [failure, setFailure] = useState<AdminFailure | null>(null);
  const confirm = async (id: string) => {
    setFailure(null);
    const result = await revoke(id);
    if (!result.ok) setFailure(result);
    setAsking(null);
  };
  if (codes.length === 0) return <p className="org-empty">{t('codeNone')}</p>;
  return (
    <>
      {failure ? (
        <p className="org-failure" role="alert">
          {describeAdminError(failure)}
        </p>
      ) : null}
      <ul className="join-codes" data-testid="join-codes">
        {sortCodes(codes).map((code) => (
          <li
            key={code.id}
            className={`join-codes__item join-codes__item--${code.state}`}
            data-testid="join-code"
          >
            <div className="join-codes__what">
              <span className="join-codes__label">{code.label || code.checkin_list.title}</span>
              <span className="code">{groupedCode(code.code)}</span>
              <span
                className={`join-codes__state join-codes__state--${code.state}`}
                data-testid="join-code-state"
              >
                {codeStateWords(code.state)}
              </span>
            </div>
            <div className="join-codes__facts muted">
              {code.label ? <span>{code.checkin_list.title}</span> : null}
              <span>
                {t('codeJoined', {
                  joined: formatCount(code.devices_joined),
                  max: formatCount(code.max_devices),
                })}
              </span>
              <span>
                {code.state === 'revoked' && code.revoked_at
                  ? t('codeRevokedAt', { time: formatInstant(code.revoked_at, format) })
                  : t(code.state === 'expired' ? 'codeExpiredAt' : 'codeExpiresAt', {
                      time: formatInstant(code.expires_at, format),
                    })}
              </span>
            </div>
            {code.state === 'live' ? (
              asking === code.id ? (
                <fieldset className="org-confirm">
                  <legend>{t('codeRevokeTitle')}</legend>
                  <span>{t('codeRevokeExplain')}</span>
                  <button type="button" className="button org-danger" onClick={() => confirm(code.id)}>
                    {t('codeRevokeYes')}
                  </button>
                  <button type="button" className="button" onClick={() => setAsking(null)}>
                    {t('devRevokeNo')}
                  </button>
                </fieldset>
              ) : (
                <div className="org-actions">
                  <button
                    type="button"
                    className="button org-small"
                    aria-expanded={shownId === code.id}
                    onClick={() => onShow(shownId === code.id ? null : code.id)}
                  >
                    {shownId === code.id ? t('codeHide') : t('codeShow')}
                  </button>
                  <button
                    type="button"
                    className="button org-small org-danger"
                    onClick={() => setAsking(code.id)}
                  >
                    {t('codeRevoke')}
                  </button>
                </div>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
