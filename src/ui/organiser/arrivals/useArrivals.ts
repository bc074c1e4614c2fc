// A check-in list's arrivals, live: finds the list's Check-in API, then watches it with
// `since` every few seconds. The aggregate lives in memory for as long as the screen is open.
import { useEffect, useState } from 'react';
import type { AdminRecord } from '../../../api/admin-client';
import type { Failure } from '../../../domain/result';
import type { Arrivals, ArrivalsSummary } from '../../../domain/arrivals';
import type { RemoteList } from '../../../api/schemas';
import { systemClock } from '../../../sync/clock';
import { watchArrivals } from '../../../sync/arrivals/watch-arrivals';
import { useAdminClient } from '../hooks/useAdminClient';
import { checkinClientFor } from './list-service';

export interface LiveArrivals {
  summary: ArrivalsSummary | null;
  arrivals: Arrivals | null;
  list: RemoteList | null;
  updatedAt: number | null;
  failure: Failure | null;
}

export const ARRIVALS_INTERVAL_MS = 3000;

export function useArrivals(record: AdminRecord | null): LiveArrivals {
  const { client, connection } = useAdminClient();
  const [state, setState] = useState<LiveArrivals>({
    summary: null,
    arrivals: null,
    list: null,
    updatedAt: null,
    failure: null,
  });
  const slug = record ? String(record.slug ?? '') : '';
  const web = record && typeof record.web_checkin_url === 'string' ? record.web_checkin_url : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: slug and address name the list; a record reloaded with the same ones is the same list.
  useEffect(() => {
    if (!client || !record || !slug) return;
    let live = true;
    let stop = () => {};
    void checkinClientFor(connection, client.baseUrl, record).then((api) => {
      if (!live) return;
      if (!api.ok) {
        setState((s) => ({ ...s, failure: api }));
        return;
      }
      const watch = watchArrivals({
        api: api.value,
        listSlug: slug,
        clock: systemClock,
        intervalMs: ARRIVALS_INTERVAL_MS,
        onUpdate: ({ arrivals, list, updatedAt }) =>
          setState({ summary: arrivals.summary(Date.now()), arrivals, list, updatedAt, failure: null }),
        onFailure: (failure) => setState((s) => ({ ...s, failure })),
      });
      stop = () => watch.stop();
    });
    return () => {
      live = false;
      stop();
    };
  }, [client, connection.kind, slug, web]);
  return state;
}
