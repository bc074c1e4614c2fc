import { useDoorStatus } from '../hooks/useDoor';
import { useOnline } from '../hooks/useOnline';
import { t } from '../i18n/t';

/**
 * What still waits to be sent, and whether it is going: the passcode's screens say so, since
 * the outbox is sent whether or not the list is unlocked.
 */
export function useSending(): { pending: number; words: string | null } {
  const { pending, reachable } = useDoorStatus();
  const online = useOnline();
  const state = !online ? 'offline' : reachable ? 'online' : 'unreachable';
  return { pending, words: pending > 0 ? t('sealSending', { state }) : null };
}
