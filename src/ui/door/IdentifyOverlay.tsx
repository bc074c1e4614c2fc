import { useEffect } from 'react';
import { playIdentify } from '../../platform/feedback';
import { appStore } from '../../state/app-store';
import { useAppStore } from '../../state/use-app-store';
import { t } from '../i18n/t';

/** How often the door beeps while it shows who it is: a room of doors can find the one asked for. */
const BEEP_EVERY_MS = 2000;

/** Whether the door is showing who it is (asked by the organiser, not yet tapped away). */
export function useIdentifying(): boolean {
  return useAppStore((s) => s.sync.identify !== null && s.sync.identify !== s.shell.identifySeen);
}

/**
 * The organiser asked which door this is: its name, full screen, with a beep, until tapped. It
 * lies over whatever is on screen and takes nothing away: a verdict under it stays until staff
 * dismiss it themselves (the scan screen holds it meanwhile), and a scan still goes on beneath.
 */
export function IdentifyOverlay() {
  const identifying = useIdentifying();
  const name = useAppStore((s) => s.settings.deviceName);
  useEffect(() => {
    if (!identifying) return;
    playIdentify();
    const timer = window.setInterval(playIdentify, BEEP_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [identifying]);
  if (!identifying) return null;
  const close = () => appStore.getState().setShell({ identifySeen: appStore.getState().sync.identify });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap anywhere closes it; the button inside is the keyboard's way
    <div
      className="identify"
      role="alertdialog"
      aria-labelledby="identify-name"
      data-testid="identify"
      onClick={close}
    >
      <p className="identify__asked">{t('identifyAsked')}</p>
      <p id="identify-name" className="identify__name" dir="auto">
        {name}
      </p>
      <button type="button" className="button identify__close" onClick={close}>
        {t('identifyClose')}
      </button>
    </div>
  );
}
