// A worker thread hosting some of the simulation's doors (door-host.ts): the runner calls the
// host's methods by message, `{ id, method, args }`, and gets `{ id, value }` or `{ id, error }`.
import { parentPort, workerData } from 'node:worker_threads';
import type { DoorOptions } from './door';
import { type DoorHost, doorHost } from './door-host';

const host = doorHost(workerData as DoorOptions[]);
parentPort!.on(
  'message',
  async ({ id, method, args }: { id: number; method: keyof DoorHost; args: unknown[] }) => {
    try {
      const value = await (host[method] as (...a: unknown[]) => unknown)(...args);
      parentPort!.postMessage({ id, value });
    } catch (error) {
      parentPort!.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  },
);
