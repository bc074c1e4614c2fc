// Runs one write at a time and keeps its failure; the form keeps what was typed either way.
import { useCallback, useState } from 'react';
import type { AdminClient } from '../../../api/admin-client';
import type { AdminFailure, AdminResult } from '../../../api/admin-failure';
import { useAdminClient } from './useAdminClient';

export function useSubmit() {
  const { client } = useAdminClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AdminFailure | null>(null);
  const run = useCallback(
    async <T>(write: (client: AdminClient) => Promise<AdminResult<T>>): Promise<T | undefined> => {
      if (!client) return undefined;
      setBusy(true);
      setFailure(null);
      const result = await write(client);
      setBusy(false);
      if (result.ok) return result.value;
      setFailure(result);
      return undefined;
    },
    [client],
  );
  return { busy, failure, run, clearFailure: () => setFailure(null) };
}
