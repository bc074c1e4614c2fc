// The mock ticketing service, for the app (in-process) and the Node server.
export { createMockService } from './service';
export type { MockService, MockServiceOptions } from './service';
export type { MockConfig, SeedOptions, TokenGrant } from './context';
export { fixedClock, systemClock } from '../platform/clock';
export { createRandom } from './random';
export { Store } from './store/store';
export { memoryPersistence } from './store/persistence';
export { indexedDbPersistence } from './store/persistence-idb';
export { DroppedResponse } from './faults';
