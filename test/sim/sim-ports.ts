// Ports of the simulation's own processes and proxies: a free port in 47000-47999, so runs on a
// shared machine keep to a range of their own. A port is probed free before it is handed out,
// and the process that takes it keeps it across its kill -9 restarts. Each vitest worker probes
// a quarter of the range of its own: while a relay lies killed its port is free, and a run in
// the other worker probing the same range took it, so the relay could not start again.
import { createServer } from 'node:net';

const SLICE = 250;
const LOW = 47_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 4) * SLICE;
const HIGH = LOW + SLICE - 1;
let next = LOW + Math.floor(Math.random() * (HIGH - LOW + 1));

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function simPort(): Promise<number> {
  for (let tries = 0; tries <= HIGH - LOW; tries++) {
    const port = next;
    next = next >= HIGH ? LOW : next + 1;
    if (await free(port)) return port;
  }
  throw new Error(`no free port in ${LOW}-${HIGH}`);
}
