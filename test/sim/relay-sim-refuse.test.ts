// The relay tier (relay-sim-case.ts) against a service that refuses a second active check-in of a
// ticket (MOCK_DUPLICATE_CHECKINS=refuse): three more seeds.
import { relaySimulation } from './relay-sim-case';

relaySimulation('refuse', [37, 61, 53]);
