import { startTransition, useEffect, useRef, useState } from 'react';
import { readStorageHealth, type StorageHealth } from '../../platform/storage-health';
import type { SyncStatus } from '../../sync/engine/door-protocol';
import { formatAge, formatBytes, formatShare } from '../format';
import { t, tn } from '../i18n/t';
import { useRelayReach } from './useRelayReach';

const REFRESH_MS = 30_000;
/** After the queue moves, read once it has stood still this long: not on every scan of a rush. */
const SETTLE_MS = 2000;

const sameHealth = (a: StorageHealth | null, b: StorageHealth) =>
  a !== null && a.usage === b.usage && a.quota === b.quota && a.persisted === b.persisted;

/** The device's storage, read again as check-ins are queued, and now and then. */
export function useStorageHealth(pending: number): StorageHealth | null {
  const [storage, setStorage] = useState<StorageHealth | null>(null);
  const first = useRef(true);
  // Usage grows with every sync. A new reading re-renders the scan screen, so it is taken
  // only when the queue settles, and kept only when it differs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pending changes what is stored
  useEffect(() => {
    let current = true;
    // In a transition: the whole scan screen renders again for it, and an urgent update (a
    // verdict) goes first; React renders a transition in slices, never one long task.
    const read = () =>
      void readStorageHealth().then((health) => {
        if (current)
          startTransition(() => setStorage((before) => (sameHealth(before, health) ? before : health)));
      });
    const settle = window.setTimeout(read, first.current ? 0 : SETTLE_MS);
    first.current = false;
    const timer = window.setInterval(read, REFRESH_MS);
    return () => {
      current = false;
      window.clearTimeout(settle);
      window.clearInterval(timer);
    };
  }, [pending]);
  return storage;
}

/** What the device's health is told (and the scan screen's menu, which shows it). */
export interface DoorHealthProps {
  status: SyncStatus;
  now: number;
  storage: StorageHealth | null;
}

/** The device's health, in the scan screen's menu: how old its data is, what is unsent, and storage. */
export function DoorHealth({ status, now, storage }: DoorHealthProps) {
  const relayReach = useRelayReach(status.route);
  const parts = [
    status.lastPullAt === null
      ? t('healthDataNever')
      : now - status.lastPullAt < 60_000
        ? t('healthDataFresh')
        : t('healthDataAge', { age: formatAge(now - status.lastPullAt) }),
    tn('healthUnsent', status.pending),
  ];
  // What the door is talking to: its relay (and whether the relay reaches the service), the
  // service directly while the relay is down, or neither.
  if (status.route === 'direct') parts.push(t('healthRouteDirect'));
  else if (status.route === 'offline') parts.push(t('healthRouteOffline'));
  else if (relayReach !== null) parts.push(relayReach ? t('healthRelayUp') : t('healthRelayDown'));
  else if (status.route === 'relay') parts.push(t('healthRouteRelay'));
  if (storage) {
    parts.push(
      storage.usage !== null && storage.quota
        ? t('healthStorage', {
            used: formatBytes(storage.usage),
            quota: formatBytes(storage.quota),
            percent: formatShare(storage.usage, storage.quota),
          })
        : t('healthStorageUnknown'),
      storage.persisted === null
        ? t('healthPersistUnknown')
        : storage.persisted
          ? t('healthPersisted')
          : t('healthNotPersisted'),
    );
  }
  return (
    <p className="door-health muted" data-testid="door-health">
      {parts.join(' · ')}
    </p>
  );
}
