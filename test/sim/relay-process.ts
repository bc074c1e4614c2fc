// One hall's relay in the simulation: the app's own server in relay mode with its venue mirror on
// disk (RELAY_DATA_DIR in a fresh folder), its upstream the service through the relay's own link of
// the fault proxy. Killed with SIGKILL by its own pid and started again over the same folder on the
// same port, so it replays its journal and its doors find it where they left it. A torn restart
// leaves the journal as a kill in the middle of a write would: the last line cut part-way when it
// is a record nobody outside was answered on (a pull, a "sent", a requeue: the effect it notes
// happened before it), or a partial line after it (a write that was never answered). A door's
// write is never cut: the relay answered it only once it was on disk.
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, freePort, killHard, startServerProcess } from '../server/server-process';
import type { Tear } from './relay-plan';

/** Journal entries whose loss is the same as a kill just before they were written. */
const AFTER_THE_FACT = new Set([
  'pulled',
  'sent',
  'requeue',
  'parked',
  'deleted-up',
  'uuids',
  'ready',
  'list',
  'questions',
]);

export interface RelayProcessOptions {
  n: number;
  /** The Check-in API and Admin API of the service as this relay reaches them (its uplink). */
  checkinUrl: string;
  adminUrl: string;
  adminToken: string;
  intervalMs?: number;
}

/** What a torn restart did to the journal (for the run's report). */
export type TornTail = 'cut' | 'partial' | 'none';

export async function simRelay(o: RelayProcessOptions) {
  const root = mkdtempSync(join(tmpdir(), `sim-relay-${o.n}-`));
  const dataDir = join(root, 'relay-data');
  const distDir = join(root, 'dist');
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  const env = {
    DIST_DIR: distDir,
    UPSTREAM_CHECKIN_URL: o.checkinUrl,
    UPSTREAM_ADMIN_URL: o.adminUrl,
    UPSTREAM_ADMIN_TOKEN: o.adminToken,
    UPSTREAM_TIMEOUT_MS: '15000',
    RELAY_DATA_DIR: dataDir,
    RELAY_MIRROR_INTERVAL_MS: String(o.intervalMs ?? 2000),
    MOCK_CONTROL_TOKEN: randomBytes(24).toString('hex'),
    PORT: String(await freePort()),
  };
  const start = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startServerProcess(env, 240_000);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  };
  let server: RunningServer | null = await start();
  const origin = server.origin;
  let kills = 0;
  const torn: TornTail[] = [];
  // Kills and restarts run one after another, in the order they were asked for.
  let chain: Promise<void> = Promise.resolve();
  let busy = 0;
  const then = (step: () => Promise<void>) => {
    busy++;
    const run = chain.then(step).finally(() => busy--);
    chain = run.catch(() => undefined);
    return run;
  };
  const journals = () => readdirSync(join(dataDir, 'mirror')).filter((name) => name.endsWith('.journal'));

  function tear(how: Tear): TornTail {
    const [name] = journals();
    if (!name) return 'none';
    const file = join(dataDir, 'mirror', name);
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const last = text.endsWith('\n') ? lines[lines.length - 2] : lines[lines.length - 1];
    if (!last) return 'none';
    const kind = /"e":\{"k":"([a-z-]+)"/.exec(last)?.[1] ?? '';
    if (how === 'cut' && AFTER_THE_FACT.has(kind)) {
      const lastStart = Buffer.byteLength(text) - Buffer.byteLength(last) - (text.endsWith('\n') ? 1 : 0);
      truncateSync(file, lastStart + Math.max(1, Math.floor(Buffer.byteLength(last) / 2)));
      return 'cut';
    }
    appendFileSync(file, last.slice(0, Math.max(1, Math.floor(last.length / 2))));
    return 'partial';
  }

  return {
    n: o.n,
    origin,
    dataDir,
    kills: () => kills,
    torn: () => [...torn],
    up: () => server !== null && busy === 0,
    /** kill -9 of the relay's own process; it stays down until `restart`. */
    kill: () =>
      then(async () => {
        if (!server) return;
        await killHard(server);
        kills++;
        server = null;
      }),
    /** Starts it again over its folder, the journal's tail torn first when asked. */
    restart: (tornTail: Tear | null) =>
      then(async () => {
        if (server) return;
        if (tornTail) torn.push(tear(tornTail));
        server = await start();
      }),
    settled: () => chain,
    output: () => server?.output() ?? '',
    /**
     * A join code for `devices` doors of `slug`'s list in `event` (account/event), made as an
     * organiser would: signed in on this relay with the code it printed, then on its fleet.
     */
    async joinCode(event: string, slug: string, devices: number): Promise<string> {
      const printed = /^\s*Organiser:\s+(\S+)/m.exec(server?.output() ?? '')?.[1];
      if (!printed) throw new Error(`relay ${o.n} printed no organiser sign-in`);
      const signIn = await fetch(`${origin}/__service/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: new URL(printed).hash.replace(/^#code=/, '') }),
      });
      if (!signIn.ok) throw new Error(`relay ${o.n}: organiser sign-in refused (${signIn.status})`);
      const { token } = (await signIn.json()) as { token: string };
      const made = await fetch(`${origin}/__service/fleet/${event}/join_codes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token token=${token}` },
        body: JSON.stringify({
          checkin_list: slug,
          valid_minutes: 24 * 60,
          max_devices: devices,
          label: 'Sim',
        }),
      });
      if (made.status !== 201) throw new Error(`relay ${o.n}: no join code (${made.status})`);
      return ((await made.json()) as { join_code: { code: string } }).join_code.code;
    },
    async stop() {
      // A failed restart has failed the run already: the stop still kills what is running.
      await chain.catch(() => undefined);
      if (server) await killHard(server);
      server = null;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

export type SimRelay = Awaited<ReturnType<typeof simRelay>>;
