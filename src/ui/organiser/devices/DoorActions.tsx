// Identify and Revoke on one door. Revoking asks once more, in place, and says what will happen,
// since it cannot be undone: the door's reads stop, what it recorded is still taken once, and
// then it removes the list.
import { useState } from 'react';
import { type AdminFailure, type AdminResult, describeAdminError } from '../../../api/admin-failure';
import type { DeviceData } from '../../../api/fleet-client';
import { t } from '../../i18n/t';

export interface DoorActionCalls {
  identify(id: string): Promise<AdminResult<DeviceData>>;
  revoke(id: string): Promise<AdminResult<DeviceData>>;
}

export function DoorActions({ device, actions }: { device: DeviceData; actions: DoorActionCalls }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AdminFailure | null>(null);
  const run = async (call: (id: string) => Promise<AdminResult<DeviceData>>) => {
    setBusy(true);
    setFailure(null);
    const result = await call(device.id);
    setBusy(false);
    if (!result.ok) setFailure(result);
    else setAsking(false);
  };
  return (
    <div className="door__actions">
      {device.identify_pending ? (
        <p className="door__identify" role="status" data-testid="door-identify-pending">
          {t('devIdentifyPending', { name: device.name })}
        </p>
      ) : null}
      {asking ? (
        <fieldset className="org-confirm door__confirm">
          <legend>{t('devRevokeTitle', { name: device.name })}</legend>
          <p>{t('devRevokeExplain')}</p>
          <div className="org-actions">
            <button
              type="button"
              className="button org-danger"
              disabled={busy}
              onClick={() => run(actions.revoke)}
            >
              {t('devRevokeYes')}
            </button>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              {t('devRevokeNo')}
            </button>
          </div>
        </fieldset>
      ) : (
        <div className="org-actions">
          <button
            type="button"
            className="button org-small"
            disabled={busy}
            aria-label={t('devIdentifyLabel', { name: device.name })}
            onClick={() => run(actions.identify)}
          >
            {t('devIdentify')}
          </button>
          <button
            type="button"
            className="button org-small org-danger"
            aria-label={t('devRevokeLabel', { name: device.name })}
            onClick={() => setAsking(true)}
          >
            {t('devRevoke')}
          </button>
        </div>
      )}
      {failure ? (
        <p className="door__failure" role="alert">
          {describeAdminError(failure)}
        </p>
      ) : null}
    </div>
  );
}
