// The relay tier (relay-sim-case.ts) against a service that records a second active check-in of a
// ticket: the full-size bench's default seed (20261202) at this small size, and two more.
import { relaySimulation } from './relay-sim-case';

relaySimulation('record', [20261202, 11, 23]);
