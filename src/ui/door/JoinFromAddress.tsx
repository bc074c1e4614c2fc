import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { describeError } from '../error-words';
import { requestPersistentStorage } from '../../pwa/persistent-storage';
import { appStore } from '../../state/app-store';
import { takeBadgeLayout } from '../../state/badge-layouts';
import { t } from '../i18n/t';
import { joinWithService } from './join-service';
import { JoinScreen } from './JoinScreen';
import { usePasscodeFirst } from './usePasscodeFirst';
import { useDoorEngine, useDoorStarted, useDoorStatus } from '../hooks/useDoor';

/**
 * `/checkin_lists/:slug`: the list's web check-in address opened on this device (typed,
 * tapped, or read from its QR code by the phone's own camera app). A list already on the
 * device is opened; a new one is joined at once when the device has a name.
 */
export function JoinFromAddress({ slug }: { slug: string }) {
  const engine = useDoorEngine();
  const started = useDoorStarted();
  const status = useDoorStatus();
  const [, navigate] = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const [needsForm, setNeedsForm] = useState(false);
  const tried = useRef(false);
  const passcode = usePasscodeFirst(() => setNeedsForm(true));

  // Tried once, when the engine has started: a join it starts runs to its end on its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the join's own functions change every render
  useEffect(() => {
    if (!started || tried.current) return;
    tried.current = true;
    void (async () => {
      if (status.lists.some((l) => l.slug === slug)) {
        const opened = await engine.open(slug);
        if (opened.ok) {
          // Opened again by its link: a layout the link carries (a new one) replaces the kept one.
          takeBadgeLayout(slug, window.location.href);
          return navigate('/', { replace: true });
        }
      }
      if (!appStore.getState().settings.deviceName.trim()) return setNeedsForm(true);
      passcode.ensure(() => void joinHere());
    })();
  }, [started, status.lists, slug, engine, navigate]);

  const joinHere = async () => {
    const joined = await joinWithService(engine, window.location.href, 'auto', '');
    if (!joined.ok) {
      setFailure(t('joinFailed', { reason: describeError(joined) }));
      return setNeedsForm(true);
    }
    void requestPersistentStorage();
    navigate('/', { replace: true });
  };

  if (passcode.step) return passcode.step;

  if (needsForm)
    return (
      <>
        {failure && (
          <p className="field-error banner-error" role="alert">
            {failure}
          </p>
        )}
        <JoinScreen initialCode={window.location.href} onJoined={() => navigate('/', { replace: true })} />
      </>
    );
  return (
    <section className="panel" aria-labelledby="join-title">
      <h1 id="join-title">{t('doorJoiningTitle')}</h1>
      <p className="muted" role="status">
        {t('joinWorking')}
      </p>
    </section>
  );
}
