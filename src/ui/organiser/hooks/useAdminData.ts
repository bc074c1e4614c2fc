// Loads one thing from the Admin API. A newer request wins: an answer that arrives after the
// inputs changed is dropped, so fast typing in a search never shows stale rows.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminClient } from '../../../api/admin-client';
import type { AdminFailure, AdminResult } from '../../../api/admin-failure';
import { useAdminClient } from './useAdminClient';

export interface AdminData<T> {
  value: T | null;
  failure: AdminFailure | null;
  loading: boolean;
  reload(): void;
}

export function useAdminData<T>(
  load: (client: AdminClient) => Promise<AdminResult<T>>,
  key: string,
): AdminData<T> {
  const { client } = useAdminClient();
  const [state, setState] = useState<{ value: T | null; failure: AdminFailure | null; loading: boolean }>({
    value: null,
    failure: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything `load` reads.
  useEffect(() => {
    if (!client) return;
    const run = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    loadRef.current(client).then((result) => {
      if (run !== latest.current) return;
      setState(
        result.ok
          ? { value: result.value, failure: null, loading: false }
          : { value: null, failure: result, loading: false },
      );
    });
  }, [client, key, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
