import { useOnline } from '../hooks/useOnline';
import { t } from '../i18n/t';

interface Props {
  /**
   * Whether the door's service answered its last request (the sync status), where the screen is
   * the door's: a venue network without an uplink is "online" to the browser, and the pill must
   * not say so beside a screen saying the service cannot be reached.
   */
  reachable?: boolean;
}

export function StatusPill({ reachable = true }: Props) {
  const online = useOnline();
  const [tone, words] = !online
    ? (['warn', t('offline')] as const)
    : reachable
      ? (['ok', t('online')] as const)
      : (['warn', t('statusUnreachable')] as const);
  return (
    <span className={`pill pill--${tone}`} role="status" aria-live="polite" data-testid="connection-pill">
      <span aria-hidden="true" className="pill__dot" />
      {words}
    </span>
  );
}
