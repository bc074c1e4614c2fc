// Which server this page came from, asked once per page load (it does not change while the page
// is open): the Node server's description, or null for a static host, Vite's dev server or no
// network; an empty answer while the browser is offline is not kept, so it is asked again. The
// door reads it to join a real list's typed address through the relay.
import type { ServiceInfo } from '../../api/service-info';

/**
 * The reader loads on first use: its schema library (zod) would otherwise ride in the door
 * route's first bundle, which has a budget (door-js-gzip), for one small answer.
 */
export async function readServiceInfo(): Promise<ServiceInfo | null> {
  const { fetchServiceInfo } = await import('../../api/service-info');
  return fetchServiceInfo(location.origin, (request) => fetch(request));
}

let asked: Promise<ServiceInfo | null> | null = null;
let known: ServiceInfo | null | undefined;

export function servedBy(): Promise<ServiceInfo | null> {
  if (asked) return asked;
  const offline = !navigator.onLine;
  // A chunk that cannot load (offline before the service worker cached it) means "not known".
  const asking = readServiceInfo()
    .catch(() => null)
    .then((info) => {
      // No answer while offline says nothing of the server: asked again next time, not kept.
      if (info === null && offline) {
        if (asked === asking) asked = null;
        return null;
      }
      known = info;
      return info;
    });
  asked = asking;
  return asking;
}

/** The answer if it has come (undefined while asking). */
export function servedByNow(): ServiceInfo | null | undefined {
  return known;
}

/** The origin of a relay's upstream Check-in API, when this page came from a relay. */
export function relayUpstreamOrigin(info: ServiceInfo | null | undefined = known): string | null {
  if (info?.mode !== 'relay' || !info.upstreamCheckinUrl) return null;
  try {
    return new URL(info.upstreamCheckinUrl).origin;
  } catch {
    return null;
  }
}
