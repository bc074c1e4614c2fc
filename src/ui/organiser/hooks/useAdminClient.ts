import type { AdminClient } from '../../../api/admin-client';
import { type Connection, clientFor, useConnection } from '../connection';

export function useAdminClient(): { client: AdminClient | null; connection: Connection } {
  const connection = useConnection();
  return { client: clientFor(connection), connection };
}
