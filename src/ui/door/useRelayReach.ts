import { useEffect, useState } from 'react';
import { watchRelayReach } from './relay-reach';

/**
 * Whether the relay this page came from reaches the real service's Check-in API: null when the
 * page did not come from a relay (the mock, a static host), the relay did not answer, or the
 * browser is offline (the door's own status already says so). Asked again every 30 s; the relay
 * caches its probe, so doors polling cost the real service nothing extra. Asked again at once
 * when `route` (what the door's own requests are reaching) changes: back on the relay, its word
 * is fresh. Nothing is asked while offline (./relay-reach.ts).
 */
export function useRelayReach(route: string | null = null): boolean | null {
  const [reach, setReach] = useState<boolean | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of route asks again
  useEffect(() => watchRelayReach(setReach), [route]);
  return reach;
}
