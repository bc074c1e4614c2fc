// A check-in list and its event, loaded for the list's own screens (arrivals, door kit): the
// list's failure or loading answered once, the event's record when it has come.
import type { ReactNode } from 'react';
import type { AdminRecord } from '../../../api/admin-client';
import { t } from '../../i18n/t';
import { type EventScope, scopedPath } from '../event-scope';
import { FailureNotice } from '../FailureNotice';
import { useAdminData } from '../hooks/useAdminData';

export type ListAndEvent =
  | { ready: true; list: AdminRecord; event: AdminRecord | null }
  | { ready: false; notice: ReactNode };

export function useListAndEvent(scope: EventScope, id: string): ListAndEvent {
  const list = useAdminData(
    (client) => client.get(scopedPath(scope, 'checkin_lists', id), 'checkin_list'),
    `${scope.account}/${scope.event}/${id}`,
  );
  const event = useAdminData(
    (client) => client.get(scopedPath(scope), 'event'),
    `${scope.account}/${scope.event}`,
  );
  if (list.failure)
    return { ready: false, notice: <FailureNotice failure={list.failure} onRetry={list.reload} /> };
  if (!list.value) return { ready: false, notice: <p className="muted">{t('orgLoading')}</p> };
  return { ready: true, list: list.value, event: event.value };
}
