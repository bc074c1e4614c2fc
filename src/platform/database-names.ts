// The IndexedDB databases this app creates, named once: the door's worker opens the door
// database by this name, the wipe ("Forget this device's data") deletes both by it and counts
// what is left, and the demo service keeps its data in the other. Free of imports, so the
// page's first module can carry it; here rather than in db/, so the demo service (api/) names its
// database without importing the door's storage, which imports api/'s types.

/** The door's lists, outbox and audit (src/db/database.ts). */
export const DOOR_DATABASE = 'venue-checkin-door';

/** The built-in demo service's data, in this browser (src/api/embedded-service.ts). */
export const DEMO_SERVICE_DATABASE = 'venue-checkin-demo-service';
