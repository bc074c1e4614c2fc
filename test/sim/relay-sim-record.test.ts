// The relay tier (relay-sim-case.ts) against a service that records a second active check-in of a
// ticket: the default seed and one more.
import { relaySimulation } from './relay-sim-case';

relaySimulation('record', [11, 23]);
