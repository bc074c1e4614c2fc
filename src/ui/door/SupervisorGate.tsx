import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter';
import { type DoorRole, roleAt, supervisorLeft } from '../../domain/door-roles';
import { appStore } from '../../state/app-store';
import { accessOf, lockSupervisor, unlockSupervisor } from '../../state/supervisor';
import { useAppStore } from '../../state/use-app-store';
import { PinPad } from '../components/PinPad';
import { t } from '../i18n/t';

/** The supervisor PIN pad's check, in the pad's terms. */
export async function checkSupervisorPin(pin: string): Promise<boolean | { waitMs: number }> {
  const answer = await unlockSupervisor(appStore, pin);
  return answer.kind === 'wait' ? { waitMs: answer.ms } : answer.kind === 'right';
}

/** This device's role now, and the supervisor time left; ticks while unlocked and relocks at the end. */
export function useRole(): { role: DoorRole; leftMs: number } {
  const access = useAppStore(accessOf);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (access.supervisorUntil === null) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setTick(at);
      // Cleared once it has run out, so every screen sees the lock at once.
      if (access.supervisorUntil !== null && at >= access.supervisorUntil) lockSupervisor(appStore);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [access.supervisorUntil]);
  const at = Date.now();
  return { role: roleAt(access, at), leftMs: supervisorLeft(access, at) };
}

/**
 * Runs supervisor actions: at once when the device is open or unlocked, else after the
 * supervisor PIN. Render `pad` where the PIN pad may appear.
 */
export function useSupervisorGate() {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const run = useCallback((action: () => void, needed = true) => {
    const role = roleAt(accessOf(appStore.getState()), Date.now());
    if (!needed || role !== 'door') return action();
    setPending(() => action);
  }, []);
  // In the page's body: a verdict's or a bar's styles must not reach the pad.
  const pad = pending
    ? createPortal(
        <PinPad
          title={t('supervisorPinTitle')}
          check={checkSupervisorPin}
          onCancel={() => setPending(null)}
          onUnlock={() => {
            setPending(null);
            pending();
          }}
        />,
        document.body,
      )
    : null;
  return { run, pad };
}

const clock = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Under the top bar once a supervisor PIN is set: the role, the time left, and lock or unlock. */
export function SupervisorBar() {
  const { role, leftMs } = useRole();
  const gate = useSupervisorGate();
  if (role === 'open') return null;
  return (
    <div className={`role-bar role-bar--${role}`} data-testid="role-bar" data-role={role}>
      <span className="role-bar__role">
        <strong>{role === 'supervisor' ? t('roleSupervisor') : t('roleDoor')}</strong>
        {role === 'supervisor' ? (
          <span data-testid="supervisor-left"> · {t('roleBarSupervisor', { time: clock(leftMs) })}</span>
        ) : (
          <span className="role-bar__help"> · {t('roleBarDoor')}</span>
        )}
      </span>
      <span className="role-bar__actions">
        <Link href="/door/audit" className="role-bar__link">
          {t('roleAuditLink')}
        </Link>
        {role === 'supervisor' ? (
          <button type="button" className="button" onClick={() => lockSupervisor(appStore)}>
            {t('roleLockNow')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => gate.run(() => undefined)}>
            {t('roleUnlock')}
          </button>
        )}
      </span>
      {gate.pad}
    </div>
  );
}

/** A screen only supervisors reach once a PIN is set (settings). */
export function SupervisorOnly({ children }: { children: ReactNode }) {
  const { role } = useRole();
  const gate = useSupervisorGate();
  if (role !== 'door') return <>{children}</>;
  return (
    <section className="panel" aria-labelledby="supervisor-only-title" data-testid="supervisor-only">
      <h1 id="supervisor-only-title">{t('supervisorOnlyTitle')}</h1>
      <p>{t('supervisorOnlyBody')}</p>
      <button type="button" className="button button--primary" onClick={() => gate.run(() => undefined)}>
        {t('roleUnlock')}
      </button>
      {gate.pad}
    </section>
  );
}
