// The fleet on the Node server, for either host: its store in the server's data directory
// (../../fleet/fleet-file), each device's own check-ins beside it (../../fleet/device-checkins),
// its endpoints, and the gate that maps device credentials to list slugs. The host brings the
// ports (who is an organiser, which lists an event has), says whether a list holds a check-in,
// and calls `http` for fleet paths and `gate` on every raw target before its own Check-in API.
import { systemClock } from '../../platform/clock';
import { secretString } from '../../platform/secrets';
import { deviceCheckins } from '../../fleet/device-checkins';
import { type DeviceGateOptions, createDeviceGate } from '../../fleet/device-gate';
import { fleetFile } from '../../fleet/fleet-file';
import { createFleetHttp } from '../../fleet/fleet-http';
import type { FleetPorts } from '../../fleet/fleet-ports';
import { createFleetStore, isDead } from '../../fleet/fleet-store';
import type { DataSeal } from '../../platform/data-seal';

export interface ServerFleetOptions {
  dataDir: string;
  ports: FleetPorts;
  doorOrigin: string;
  holdsCheckin: DeviceGateOptions['holdsCheckin'];
  /** How fleet.json is sealed at rest (DATA_KEY). */
  seal: DataSeal;
  /** FLEET_ONLINE_WITHIN_S: a door is online while it reported within this. */
  onlineWithinMs: number;
}

export type ServerFleet = Awaited<ReturnType<typeof startServerFleet>>;

export async function startServerFleet(options: ServerFleetOptions) {
  const store = await createFleetStore({
    file: fleetFile(options.dataDir, options.seal),
    clock: systemClock,
    // Device ids appear in organisers' paths: random, so one id says nothing of another.
    newId: (kind) => `${kind}_${secretString(20)}`,
  });
  const checkins = deviceCheckins(options.dataDir);
  // A door forgotten (or dropped from the fleet) while the server was down leaves its file.
  await checkins.prune(
    new Set(
      store
        .allDevices()
        .filter((d) => !isDead(d))
        .map((d) => d.id),
    ),
  );
  return {
    http: createFleetHttp({
      store,
      checkins,
      ports: options.ports,
      clock: systemClock,
      doorOrigin: options.doorOrigin,
      onlineWithinMs: options.onlineWithinMs,
    }),
    gate: createDeviceGate({ store, checkins, holdsCheckin: options.holdsCheckin }),
  };
}
