import { useDoorEngine, useDoorStatus, useEngineAnswer, useNow } from '../hooks/useDoor';
import { useOnline } from '../hooks/useOnline';
import { t } from '../i18n/t';

/**
 * What still waits to be sent, and whether it is going: the passcode's screens say so, since
 * the outbox is sent whether or not the list is unlocked. Unlocked, the status counts it; while
 * the copy is sealed no list is open to count for the status, so the outbox is asked (it needs
 * no key), again as sends land and every few seconds. Null until it has answered.
 */
export function useSending(): { pending: number | null; words: string | null } {
  const engine = useDoorEngine();
  const { pending, reachable, seal, lastPushAt, phase } = useDoorStatus();
  const online = useOnline();
  const tick = useNow(3000);
  const sealed = seal !== 'open';
  const unsent = useEngineAnswer(
    () => (sealed ? engine.unsentByList() : Promise.resolve(null)),
    [engine, sealed, lastPushAt, phase, reachable, online, tick],
    null,
  );
  const count = sealed ? (unsent?.reduce((n, l) => n + l.unsent + l.unsentEnds, 0) ?? null) : pending;
  const state = !online ? 'offline' : reachable ? 'online' : 'unreachable';
  return { pending: count, words: count ? t('sealSending', { state }) : null };
}
