import { useEffect, useState } from 'react';
import { readServiceInfo, servedBy } from '../shared/served-by';

const REFRESH_MS = 30_000;

/**
 * Whether the relay this page came from reaches the real service's Check-in API: null when the
 * page did not come from a relay (the mock, a static host) or the relay did not answer (the
 * door's own status already says it is offline). Asked again every 30 s; the relay caches its
 * probe, so doors polling cost the real service nothing extra. Asked again at once when `route`
 * (what the door's own requests are reaching) changes: back on the relay, its word is fresh.
 */
export function useRelayReach(route: string | null = null): boolean | null {
  const [reach, setReach] = useState<boolean | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of route asks again
  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const read = async () => {
      const info = await readServiceInfo().catch(() => null);
      const checkin = info?.mode === 'relay' ? info.upstreams.find((u) => u.api === 'checkin') : undefined;
      if (live) setReach(checkin ? checkin.reachable : null);
    };
    void servedBy().then((info) => {
      if (!live || info?.mode !== 'relay') return;
      void read();
      timer = window.setInterval(() => void read(), REFRESH_MS);
    });
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [route]);
  return reach;
}
