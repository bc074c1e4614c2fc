// Gives every vitest file a real IndexedDB implementation; browsers bring their own.
import 'fake-indexeddb/auto';
