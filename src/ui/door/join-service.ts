import type { Result } from '../../domain/result';
import { baseUrlOf, parseListCredential } from '../../domain/list-credential';
import { takeBadgeLayout } from '../../state/badge-layouts';
import type { ListSummary } from '../../sync/engine/door-protocol';
import type { DoorEngine } from '../hooks/useDoor';
import { BUILT_IN_CHECKIN_URL, thisServerCheckinUrl } from '../shared/checkin-addresses';
import { relayUpstreamOrigin, servedBy } from '../shared/served-by';

export type ServiceChoice = 'auto' | 'demo' | 'server' | 'url';

/**
 * Joins with the chosen service. "auto" (a web check-in address opened on this app) asks the
 * server the app came from first, then the built-in demo service, where organiser screens in
 * this browser make their lists.
 */
export async function joinWithService(
  engine: DoorEngine,
  code: string,
  choice: ServiceChoice,
  url: string,
): Promise<Result<ListSummary>> {
  const joined = await joinAt(engine, code, choice, url);
  // The list's badge layout rides in its link's fragment (docs/badges.md): kept with the list.
  if (joined.ok) takeBadgeLayout(joined.value.slug, code);
  return joined;
}

async function joinAt(
  engine: DoorEngine,
  code: string,
  choice: ServiceChoice,
  url: string,
): Promise<Result<ListSummary>> {
  if (choice === 'demo') return engine.join(code, { baseUrl: BUILT_IN_CHECKIN_URL });
  if (choice === 'server') return engine.join(code, { baseUrl: thisServerCheckinUrl() });
  if (choice === 'url') return engine.join(code, { baseUrl: url });
  // A relay's upstream address is recognised only once the server has said it is a relay.
  await servedBy();
  let last: Result<ListSummary> | null = null;
  for (const baseUrl of autoCandidates(code)) {
    last = await engine.join(code, { baseUrl });
    if (last.ok || last.reason === 'storage-full' || last.reason === 'storage-unavailable') return last;
  }
  return last ?? engine.join(code, { baseUrl: BUILT_IN_CHECKIN_URL });
}

/**
 * Where a list may live, most likely first. An address of this app on another machine means
 * that machine's server (`<origin>/checkin`); a real service's web check-in address has the
 * Check-in API right before `/checkin_lists/`. A real list's address on the service that the
 * relay serving this page stands in front of goes through the relay only: the browser never
 * talks to the upstream itself (nor could it: the service does not allow other origins).
 */
function autoCandidates(code: string): string[] {
  const credential = parseListCredential(code);
  const here = thisServerCheckinUrl();
  if (!credential?.origin || credential.origin === window.location.origin)
    return [here, BUILT_IN_CHECKIN_URL];
  if (credential.origin === relayUpstreamOrigin()) return [here];
  const prefix = baseUrlOf(code);
  return [
    `${credential.origin}/checkin`,
    ...(prefix && prefix !== credential.origin ? [prefix] : []),
    prefix ?? '',
  ].filter((url, i, all) => url !== '' && all.indexOf(url) === i);
}

/**
 * The origin a join would reach over the network, or null when it stays with this app's own
 * server or the built-in service.
 */
export function serviceOriginOf(code: string, choice: ServiceChoice, url: string): string | null {
  const origins =
    choice === 'url' ? [originOf(url)] : choice === 'auto' ? autoCandidates(code).map(originOf) : [];
  return (
    origins.find(
      (o): o is string => o !== null && o !== window.location.origin && !o.startsWith(BUILT_IN_ORIGIN),
    ) ?? null
  );
}

const BUILT_IN_ORIGIN = new URL(BUILT_IN_CHECKIN_URL).origin;

function originOf(url: string): string | null {
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

/** Whether joining at this origin must be confirmed: neither this app's nor one used before. */
export function isUnfamiliarService(origin: string, lists: readonly ListSummary[], known: readonly string[]) {
  if (origin === window.location.origin || known.includes(origin)) return false;
  return !lists.some((l) => originOf(l.baseUrl) === origin);
}

export function validServiceUrl(url: string): boolean {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
