import { type ReactNode, useState } from 'react';
import { useLocation } from 'wouter';
import type { DeviceStorage } from '../../pwa/device-storage';
import type { SyncStatus } from '../../sync/engine/door-protocol';
import { ForgetDeviceResult } from '../settings/ForgetDeviceResult';
import { useAppStore } from '../../state/use-app-store';
import { useDoorStart } from '../hooks/useDoor';
import { t } from '../i18n/t';
import { DoorUnavailable } from './DoorUnavailable';
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

const NO_TITLES: readonly string[] = [];

/** The locked door's lists by title, the open one first: that is the one it opens once unlocked. */
function lockedTitles({ list, lists }: SyncStatus): string[] {
  return list
    ? [list.title, ...lists.filter((l) => l.slug !== list.slug).map((l) => l.title)]
    : lists.map((l) => l.title);
}

function SealCheck({ children, kiosk, home }: { children: ReactNode; kiosk: boolean; home: boolean }) {
  const start = useDoorStart();
  // Read from the store as it stands at this render, as `started` is: the start's status is in
  // the store before `started` turns, and a copy kept in state (useDoorStatus) would be drawn a
  // render late, showing the door's screens a moment before the unlock screen. Only what this
  // check decides by is read, so a decision's status (its counts) renders nothing here: a
  // render of its own would draw the counts a moment before their verdict.
  const seal = useAppStore((s) => s.sync.seal);
  const listCount = useAppStore((s) => s.sync.lists.length);
  const titles = useAppStore((s) => (s.sync.seal === 'locked' ? lockedTitles(s.sync) : NO_TITLES));
  // Wiped from the unlock screen: what is left, until the app starts afresh.
  const [left, setLeft] = useState<DeviceStorage | null>(null);
  if (left) return <ForgetDeviceResult left={left} />;
  // Before anything that would wait on the engine: a worker that could not load answers nothing.
  if (start === 'unavailable') return <DoorUnavailable />;
  // Until the engine has said where its seal stands and which lists it holds, no door screen
  // shows: one shown a moment before the unlock screen would answer nothing, or start a scan.
  // The door's home waits for the start itself (and does the first verdict's work meanwhile).
  if (start !== 'started')
    return home ? (
      children
    ) : (
      <p className="muted" role="status">
        {t('scanListLoading')}
      </p>
    );
  if (seal === 'unavailable') return <InsecureAddress />;
  if (listCount === 0) return <>{children}</>;
  if (seal === 'locked') return <UnlockScreen titles={titles} forgot={!kiosk} onForgotten={setLeft} />;
  if (seal === 'none') return <PasscodeChoice purpose="upgrade" onChosen={() => undefined} />;
  return <>{children}</>;
}
