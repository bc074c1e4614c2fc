// Which server this page came from, asked once per page load (it does not change while the page
// is open): the Node server's description, or null for a static host, Vite's dev server or no
// network. The door reads it to join a real list's typed address through the relay.
import { type ServiceInfo, fetchServiceInfo } from '../../api/service-info';

let asked: Promise<ServiceInfo | null> | null = null;
let known: ServiceInfo | null | undefined;

export function servedBy(): Promise<ServiceInfo | null> {
  asked ??= fetchServiceInfo(location.origin, (request) => fetch(request)).then((info) => {
    known = info;
    return info;
  });
  return asked;
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
