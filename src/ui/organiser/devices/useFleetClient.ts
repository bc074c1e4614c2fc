// The fleet client for this page's connection, or why there is none (fleet-access.ts).
import { useMemo } from 'react';
import { createFleetClient, type FleetClient } from '../../../api/fleet-client';
import { useConnection } from '../connection';
import { useServiceInfo } from '../hooks/useServiceInfo';
import { type FleetAccess, fleetAccess } from './fleet-access';

export type FleetClientState =
  | { kind: 'checking' }
  | { kind: 'ready'; client: FleetClient }
  | Exclude<FleetAccess, { kind: 'ready' }>;

export function useFleetClient(): FleetClientState {
  const connection = useConnection();
  const service = useServiceInfo();
  return useMemo((): FleetClientState => {
    if (service.loading && connection.kind !== 'builtin') return { kind: 'checking' };
    const access = fleetAccess(connection, service.info, location.origin);
    if (access.kind !== 'ready') return access;
    return {
      kind: 'ready',
      client: createFleetClient({ origin: access.origin, token: access.token, fetch: (r) => fetch(r) }),
    };
  }, [connection, service]);
}
