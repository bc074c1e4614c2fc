// The Node server's entry (`npm run serve`, `npm start`): its settings from the environment,
// then one of its two ways of running. With UPSTREAM_* set it is a relay in front of a real
// ticketing service (./relay-host) and nothing of the mock starts; otherwise it serves the
// built-in mock service (./mock-host). Either way the built app is served at `/`.
import { StoredDataError } from '../mock-api/store/stored-data-error';
import { FleetFileError } from '../fleet/fleet-file';
import { DataKeyError } from '../platform/data-seal';
import { SettingsError } from '../platform/settings-error';
import { readServerSettings } from './config';
import { startMockHost } from './mock-host';
import { startRelayHost } from './relay-host';

async function main(): Promise<void> {
  const settings = readServerSettings(process.env);
  if (settings.relay) await startRelayHost(settings, settings.relay);
  else await startMockHost(settings);
}

main().catch((error) => {
  // Refusals are written for the operator: the message is the whole story, no stack.
  const refusal =
    error instanceof StoredDataError ||
    error instanceof FleetFileError ||
    error instanceof DataKeyError ||
    error instanceof SettingsError;
  console.error(refusal ? error.message : error);
  process.exit(1);
});
