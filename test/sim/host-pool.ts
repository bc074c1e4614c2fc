// The runner's view of its door hosts: each host's methods, all async, whether the host lives
// in this thread or in a worker thread (door-worker.ts, started with tsx like the runner).
import { Worker } from 'node:worker_threads';
import type { DoorOptions } from './door';
import { type DoorHost, doorHost } from './door-host';

export type Host = {
  [K in keyof DoorHost]: (...args: Parameters<DoorHost[K]>) => Promise<Awaited<ReturnType<DoorHost[K]>>>;
} & { terminate(): Promise<void> };

function localHost(doors: DoorOptions[]): Host {
  const host = doorHost(doors);
  const wrapped = Object.fromEntries(
    Object.entries(host).map(([name, method]) => [
      name,
      async (...args: unknown[]) => (method as (...a: unknown[]) => unknown)(...args),
    ]),
  );
  return { ...wrapped, terminate: async () => undefined } as Host;
}

function workerHost(doors: DoorOptions[], heapMb: number): Host {
  // Node 20 does not pass `--import tsx` on to a worker's loader: the worker registers tsx itself.
  const entry = new URL('./door-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true, workerData: doors, resourceLimits: { maxOldGenerationSizeMb: heapMb } },
  );
  let serial = 0;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) call?.reject(new Error(`door worker: ${error}`));
    else call?.resolve(value);
  });
  let dead: Error | null = null;
  const die = (error: Error) => {
    dead ??= error;
    for (const call of waiting.values()) call.reject(dead);
    waiting.clear();
  };
  worker.on('error', die);
  worker.on('exit', (code) => die(new Error(`door worker exited (${code})`)));
  const call =
    (method: string) =>
    (...args: unknown[]) =>
      new Promise((resolve, reject) => {
        if (dead) return reject(dead);
        const id = ++serial;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, method, args });
      });
  return new Proxy({} as Host, {
    get: (_, name: string) =>
      name === 'terminate' ? async () => void (await worker.terminate()) : call(name),
  });
}

/**
 * Hosts for these doors: `workers` threads of their own (doors dealt round-robin), or, with
 * `workers` 0, one host in this thread.
 */
export function hostPool(doors: DoorOptions[], workers: number, heapMb = 6000) {
  const groups =
    workers > 0
      ? Array.from({ length: workers }, (_, w) => doors.filter((d) => d.n % workers === w))
      : [doors];
  const owner = new Map<number, Host>();
  const hosts = groups
    .filter((g) => g.length > 0)
    .map((g) => {
      const host = workers > 0 ? workerHost(g, heapMb) : localHost(g);
      for (const d of g) owner.set(d.n, host);
      return host;
    });
  return { hosts, hostOf: (door: number) => owner.get(door)! };
}
