// Whether the relay this page came from reaches the real service's Check-in API, followed over
// time. What it guarantees:
// - nothing is asked while the browser is offline: not which server this is (asked once it is
//   online, src/platform/once-online.ts), nor the relay's word, which could only fail;
// - offline, the reach is not known (null): the relay's last word is not shown as current, from
//   the moment the browser says it went offline, not from the next refresh;
// - on a page that did not come from a relay, the relay is never asked.
import type { ServiceInfo } from '../../api/service-info';
import { browserOnline, type OnlineSignal, onceOnline } from '../../platform/once-online';
import { readServiceInfo, servedBy } from '../shared/served-by';

export const RELAY_REACH_REFRESH_MS = 30_000;

/** What the watch reads: the server's description once per page and afresh, and the network. */
export interface RelayReachSources {
  servedBy(): Promise<ServiceInfo | null>;
  readServiceInfo(): Promise<ServiceInfo | null>;
  signal: OnlineSignal;
}

const pageSources: RelayReachSources = { servedBy, readServiceInfo, signal: browserOnline };

/**
 * Reports the relay's reach (null: not a relay, no answer, or offline) now and every 30 s, and
 * at once when the browser goes offline or comes back online; the returned function stops it.
 */
export function watchRelayReach(
  report: (reach: boolean | null) => void,
  sources: RelayReachSources = pageSources,
): () => void {
  let live = true;
  const stops: (() => void)[] = [];
  const read = async () => {
    if (!sources.signal.isOnline()) return live ? report(null) : undefined;
    const info = await sources.readServiceInfo().catch(() => null);
    const checkin = info?.mode === 'relay' ? info.upstreams.find((u) => u.api === 'checkin') : undefined;
    if (live) report(checkin ? checkin.reachable : null);
  };
  stops.push(
    onceOnline(() => {
      void sources.servedBy().then((info) => {
        if (!live || info?.mode !== 'relay') return;
        void read();
        stops.push(
          sources.signal.every(RELAY_REACH_REFRESH_MS, () => void read()),
          sources.signal.onOnline(() => void read()),
          sources.signal.onOffline(() => void read()),
        );
      });
    }, sources.signal),
  );
  return () => {
    live = false;
    for (const stop of stops) stop();
  };
}
