// "The outbox changed": the one notice the door's writes give. Guarantees: a write never calls
// the syncer (as in Dexie Cloud's triggerSync, it is an event); the sync loop listens and sends
// soon, and several notices before it gets to them make one send.
export interface OutboxSignal {
  /** A write added or removed outbox rows. */
  changed(): void;
  /** Answers a function that stops listening. */
  listen(react: () => void): () => void;
}

export function createOutboxSignal(): OutboxSignal {
  const listeners = new Set<() => void>();
  return {
    changed() {
      for (const react of listeners) react();
    },
    listen(react) {
      listeners.add(react);
      return () => void listeners.delete(react);
    },
  };
}
