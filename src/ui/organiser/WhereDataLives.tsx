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

export function WhereDataLives(props: Props) {
  let lines: string[];
  if (props.kind === 'builtin') lines = [t('orgWhereDemo')];
  else if (props.kind === 'remote') {
    const host = hostOf(props.baseUrl);
    lines = [host ? t('orgWhereRemote', { host }) : t('orgWhereRemoteUnset')];
  } else {
    const origin = props.info?.origin ?? location.origin;
    lines = [
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
