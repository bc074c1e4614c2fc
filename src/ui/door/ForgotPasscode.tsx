import { useId, useState } from 'react';
import type { DeviceStorage } from '../../pwa/device-storage';
import { useDoorStatus } from '../hooks/useDoor';
import { useOnline } from '../hooks/useOnline';
import { t, tn } from '../i18n/t';
import { ForgetDeviceDialog } from '../settings/ForgetDeviceSection';
import { ForgetDeviceResult } from '../settings/ForgetDeviceResult';
import { useSupervisorGate } from './SupervisorGate';

/**
 * "Forgot the passcode?": what it costs (the list cannot be read here, by anyone), what it does
 * not (check-ins made here are still sent), and the way out: forget everything on this door and
 * join again. That goes through the device wipe, whose guard refuses while check-ins are unsent
 * unless they were exported first, so nothing is lost silently.
 */
export function ForgotPasscode({ onClose }: { onClose(): void }) {
  const { pending, reachable } = useDoorStatus();
  const online = useOnline() && reachable;
  const titleId = useId();
  const gate = useSupervisorGate();
  const [asking, setAsking] = useState(false);
  const [left, setLeft] = useState<DeviceStorage | null>(null);
  return (
    <section className="seal__help" aria-labelledby={titleId} data-testid="forgot-passcode">
      <h2 id={titleId}>{t('forgotTitle')}</h2>
      <p>{t('forgotCannotRead')}</p>
      <p data-testid="forgot-unsent">{tn('forgotUnsent', pending, { online: online ? 'yes' : 'no' })}</p>
      <p>{t('forgotStartAgain')}</p>
      <div className="row">
        <button
          type="button"
          className="button button--danger"
          onClick={() => gate.run(() => setAsking(true))}
        >
          {t('forgotForget')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('forgotClose')}
        </button>
      </div>
      {asking && (
        <ForgetDeviceDialog
          onCancel={() => setAsking(false)}
          onDone={(found) => {
            setAsking(false);
            setLeft(found);
          }}
        />
      )}
      {left && <ForgetDeviceResult left={left} />}
      {gate.pad}
    </section>
  );
}
