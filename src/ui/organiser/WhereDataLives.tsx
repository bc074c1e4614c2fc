// One plain paragraph under the choice of service: where its data lives and which doors can
// reach it, so nobody prepares a list on the in-browser demo that door phones cannot join.
import type { ServiceInfo } from '../../api/service-info';
import { t } from '../i18n/t';

type Props =
  | { kind: 'server'; info: ServiceInfo | null }
  | { kind: 'builtin' }
  | { kind: 'remote'; baseUrl: string };

function hostOf(address: string): string | null {
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
}

const API_NAMES = { checkin: 'Check-in API', admin: 'Admin API' } as const;

/** What is real behind a relay, and whether it reached each API when this page opened. */
function relayLines(info: ServiceInfo): string[] {
  const host = hostOf(info.upstreamCheckinUrl ?? '') ?? '?';
  const lines = [t('orgWhereRelay', { host, origin: info.origin })];
  for (const upstream of info.upstreams) {
    const api = API_NAMES[upstream.api];
    lines.push(upstream.reachable ? t('orgWhereRelayUp', { api }) : t('orgWhereRelayDown', { api }));
    if (upstream.api === 'admin' && upstream.reachable && upstream.authenticated === false)
      lines.push(t('orgWhereRelayToken'));
  }
  if (info.reachableFromNetwork) lines.push(t('orgWhereServerDoors', { doorOrigin: info.doorOrigin }));
  return lines;
}

export function WhereDataLives(props: Props) {
  let lines: string[];
  if (props.kind === 'builtin') lines = [t('orgWhereDemo')];
  else if (props.kind === 'remote') {
    const host = hostOf(props.baseUrl);
    lines = [host ? t('orgWhereRemote', { host }) : t('orgWhereRemoteUnset')];
  } else if (props.info?.mode === 'relay') {
    lines = relayLines(props.info);
  } else {
    const origin = props.info?.origin ?? location.origin;
    lines = [
      ...(props.info ? [t('orgWhereServerMock')] : []),
      t('orgWhereServer', { origin }),
      props.info?.reachableFromNetwork
        ? t('orgWhereServerDoors', { doorOrigin: props.info.doorOrigin })
        : t('orgWhereServerLocal'),
    ];
  }
  return (
    <div className="org-where" data-testid="where-data-lives">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
