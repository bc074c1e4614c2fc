// The runner's reads of the service (straight, never through the proxy), its CPU profiler, and
// the proxy's request counts over a range of links.
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport } from '../../src/api/http';
import type { RemoteCheckin } from '../../src/api/schemas';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';

export async function serviceCheckins(origin: string): Promise<Map<string, RemoteCheckin>> {
  const client = createCheckinClient(
    createTransport({ baseUrl: `${origin}/checkin`, fetch: (r) => fetch(r) }),
  );
  const all = new Map<string, RemoteCheckin>();
  for (let page = 1; ; page++) {
    const items = await client.listPage('checkins', DEMO_CHECKIN_LIST, page, 0);
    if (!items.ok) throw new Error(`reading the service's check-ins: ${items.reason}`);
    if (items.value.length === 0) return all;
    for (const c of items.value) all.set(c.uuid, c);
  }
}

export async function ticketIds(origin: string): Promise<number[]> {
  const client = createCheckinClient(
    createTransport({ baseUrl: `${origin}/checkin`, fetch: (r) => fetch(r) }),
  );
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const items = await client.listPage('tickets', DEMO_CHECKIN_LIST, page, null);
    if (!items.ok) throw new Error(`reading the list's tickets: ${items.reason}`);
    if (items.value.length === 0) return ids;
    ids.push(...items.value.filter((t) => t.state !== 'void').map((t) => t.id));
  }
}

/** SIM_PROFILE=<from>:<to> writes a CPU profile of those simulated seconds to sim-<from>-<to>.cpuprofile. */
export async function profiler() {
  const [from, to] = (process.env.SIM_PROFILE ?? '').split(':').map(Number);
  if (from === undefined || to === undefined || Number.isNaN(to)) return async (_second: number) => undefined;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  return async (second: number) => {
    if (second === from) {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    } else if (second === to) {
      const { profile } = await session.post('Profiler.stop');
      (await import('node:fs')).writeFileSync(`sim-${from}-${to}.cpuprofile`, JSON.stringify(profile));
    }
  };
}

export const sumOver = (proxy: { requestsOf: (link: number) => number }, from: number, to: number) => {
  let sum = 0;
  for (let link = from; link < to; link++) sum += proxy.requestsOf(link);
  return sum;
};
