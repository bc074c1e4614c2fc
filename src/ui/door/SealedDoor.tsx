import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import type { DeviceStorage } from '../../pwa/device-storage';
import { ForgetDeviceResult } from '../settings/ForgetDeviceResult';
import { useAppStore } from '../../state/use-app-store';
import { useDoorStarted } from '../hooks/useDoor';
import { t } from '../i18n/t';
import { InsecureAddress } from './InsecureAddress';
import { PasscodeChoice } from './PasscodeChoice';
import { UnlockScreen } from './UnlockScreen';

/** Screens that never read the door's copy: the organiser's, and settings (the device wipe). */
const unsealed = (path: string) =>
  path === '/organiser' || path.startsWith('/organiser/') || path === '/settings';

/**
 * The door's screens behind its seal: while the copy cannot be read (locked after a start, or
 * kept from before sealing with no passcode yet) the door asks for the passcode first, whatever
 * screen was opened, rather than show screens whose answers wait on it. Where the platform
 * cannot seal, it says why instead.
 */
export function SealedDoor({ children, kiosk = false }: { children: ReactNode; kiosk?: boolean }) {
  const [path] = useLocation();
  if (!kiosk && unsealed(path)) return <>{children}</>;
  return (
    <SealCheck kiosk={kiosk} home={!kiosk && path === '/'}>
      {children}
    </SealCheck>
  );
}

function SealCheck({ children, kiosk, home }: { children: ReactNode; kiosk: boolean; home: boolean }) {
  const started = useDoorStarted();
  // Read from the store as it stands at this render, as `started` is: the start's status is in
  // the store before `started` turns, and a copy kept in state (useDoorStatus) would be drawn a
  // render late, showing the door's screens a moment before the unlock screen.
  const { seal, lists, list } = useAppStore((s) => ({
    seal: s.sync.seal,
    lists: s.sync.lists,
    list: s.sync.list,
  }));
  // Wiped from the unlock screen: what is left, until the app starts afresh.
  const [left, setLeft] = useState<DeviceStorage | null>(null);
  if (left) return <ForgetDeviceResult left={left} />;
  // Until the engine has said where its seal stands and which lists it holds, no door screen
  // shows: one shown a moment before the unlock screen would answer nothing, or start a scan.
  // The door's home waits for the start itself (and does the first verdict's work meanwhile).
  if (!started)
    return home ? (
      children
    ) : (
      <p className="muted" role="status">
        {t('scanListLoading')}
      </p>
    );
  if (seal === 'unavailable') return <InsecureAddress />;
  if (lists.length === 0) return <>{children}</>;
  if (seal === 'locked') {
    // The open list first: that is the one the door opens once unlocked.
    const titles = list
      ? [list.title, ...lists.filter((l) => l.slug !== list.slug).map((l) => l.title)]
      : lists.map((l) => l.title);
    return <UnlockScreen titles={titles} forgot={!kiosk} onForgotten={setLeft} />;
  }
  if (seal === 'none') return <PasscodeChoice purpose="upgrade" onChosen={() => undefined} />;
  return <>{children}</>;
}
