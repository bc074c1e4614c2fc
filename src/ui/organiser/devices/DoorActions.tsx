// Identify and Revoke on one door: the buttons sit on the door's first line, what they lead to
// (the confirmation, "shows its name at its next contact", a failure) under the door. Revoking
// asks once more and says what will happen, since it cannot be undone: the door's reads stop,
// what it recorded is still taken once, and then it removes the list.
import { useState } from 'react';
import { type AdminFailure, type AdminResult, describeAdminError } from '../../../api/admin-failure';
import type { DeviceData } from '../../../api/fleet-client';
import { t } from '../../i18n/t';

export interface DoorActionCalls {
  identify(id: string): Promise<AdminResult<DeviceData>>;
  revoke(id: string): Promise<AdminResult<DeviceData>>;
}

export interface DoorActionState {
  asking: boolean;
  busy: boolean;
  failure: AdminFailure | null;
  ask(asking: boolean): void;
  identify(): void;
  revoke(): void;
}

export function useDoorActions(device: DeviceData, calls: DoorActionCalls): DoorActionState {
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
  return {
    asking,
    busy,
    failure,
    ask: setAsking,
    identify: () => void run(calls.identify),
    revoke: () => void run(calls.revoke),
  };
}

export function DoorButtons({ device, state }: { device: DeviceData; state: DoorActionState }) {
  return (
    <div className="door__buttons">
      <button
        type="button"
        className="button org-small"
        disabled={state.busy}
        aria-label={t('devIdentifyLabel', { name: device.name })}
        onClick={state.identify}
      >
        {t('devIdentify')}
      </button>
      <button
        type="button"
        className="button org-small org-danger"
        aria-label={t('devRevokeLabel', { name: device.name })}
        aria-expanded={state.asking}
        onClick={() => state.ask(!state.asking)}
      >
        {t('devRevoke')}
      </button>
    </div>
  );
}

export function DoorNotes({ device, state }: { device: DeviceData; state: DoorActionState }) {
  return (
    <>
      {device.identify_pending ? (
        <p className="door__identify" role="status" data-testid="door-identify-pending">
          {t('devIdentifyPending', { name: device.name })}
        </p>
      ) : null}
      {state.asking ? (
        <fieldset className="door__confirm">
          <legend>{t('devRevokeTitle', { name: device.name })}</legend>
          <p>{t('devRevokeExplain')}</p>
          <div className="org-actions">
            <button type="button" className="button org-danger" disabled={state.busy} onClick={state.revoke}>
              {t('devRevokeYes')}
            </button>
            <button type="button" className="button" onClick={() => state.ask(false)}>
              {t('devRevokeNo')}
            </button>
          </div>
        </fieldset>
      ) : null}
      {state.failure ? (
        <p className="door__failure" role="alert">
          {describeAdminError(state.failure)}
        </p>
      ) : null}
    </>
  );
}
