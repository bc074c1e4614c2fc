import { useEffect, useId, useRef, useState } from 'react';
import type { DeviceStorage } from '../../pwa/device-storage';
import { t, tn } from '../i18n/t';
import { ForgetDeviceDialog } from '../settings/ForgetDeviceSection';
import { useSupervisorGate } from './SupervisorGate';
import { useSending } from './useSending';

/**
 * "Forgot the passcode?": what it costs (the list cannot be read here, by anyone), what it does
 * not (check-ins made here are still sent), and the way out: forget everything on this door and
 * join again. That goes through the device wipe, whose guard refuses while check-ins are unsent
 * unless they were exported first, so nothing is lost silently.
 */
export function ForgotPasscode({
  onClose,
  onForgotten,
}: {
  onClose(): void;
  /**
   * The device was wiped: what is left, for the screen above to show. Above, since the wipe
   * empties the door's lists and this screen, shown only while it holds some, goes with them.
   */
  onForgotten(left: DeviceStorage): void;
}) {
  const sending = useSending();
  const titleId = useId();
  const gate = useSupervisorGate();
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus goes to the answer once, as it opens: a screen reader reads it, a phone scrolls to it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="seal__help" aria-labelledby={titleId} data-testid="forgot-passcode">
      <h2 id={titleId} tabIndex={-1} ref={heading}>
        {t('forgotTitle')}
      </h2>
      <p>{t('forgotCannotRead')}</p>
      {sending.pending !== null && (
        <p data-testid="forgot-unsent">
          {tn('forgotUnsent', sending.pending)} {sending.words}
        </p>
      )}
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
            onForgotten(found);
          }}
        />
      )}
      {gate.pad}
    </section>
  );
}
