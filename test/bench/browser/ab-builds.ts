// Two builds side by side on one host, for the A/B diagnostics (cold-start-ab.ts, camera-ab.ts):
// each build served by a server of its own (its own data, so its own codes) with its own joined
// door, and one host score for both, so a change of a tenth is not lost in the host's drift
// between two bench runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CHECKIN_LIST } from '../../../src/mock-api/seed/demo';
import { killHard, type RunningServer, startServerProcess } from '../../server/server-process';
import { choosePasscodeIfAsked } from './door-passcode';
import { hostCpuScore } from './host-cpu-score';
import { median } from './phone-calibration';
import { type Door, openDoor, watchJoin } from './phone-door';
import { type Multipliers, PHONES, phoneMultipliers } from './phone-sim';
import type { Recording } from './phone-trace';

export interface Build {
  name: 'A' | 'B';
  server: RunningServer;
  profile: string;
  dataDir: string;
}

/** DIST_A and DIST_B, each served on its own port from `port` on, with a list of `tickets`. */
export async function serveBuilds(port: number, tickets: number, prefix: string): Promise<Build[]> {
  const dists = { A: process.env.DIST_A, B: process.env.DIST_B };
  if (!dists.A || !dists.B) throw new Error('DIST_A and DIST_B: two built dist folders');
  const builds: Build[] = [];
  // A server that did not start stops the one that did.
  try {
    await serveEach(builds, port, tickets, prefix, dists as { A: string; B: string });
  } catch (error) {
    await stopBuilds(builds);
    throw error;
  }
  return builds;
}

async function serveEach(
  builds: Build[],
  port: number,
  tickets: number,
  prefix: string,
  dists: { A: string; B: string },
): Promise<void> {
  for (const [index, name] of (['A', 'B'] as const).entries()) {
    const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-data-${name}-`));
    const profile = mkdtempSync(join(tmpdir(), `${prefix}-profile-${name}-`));
    const server = await startServerProcess(
      {
        PORT: String(port + index),
        MOCK_DATA_DIR: dataDir,
        MOCK_SEED: 'demo',
        MOCK_SEED_TICKETS: String(tickets),
        DIST_DIR: dists[name],
      },
      240_000,
    );
    builds.push({ name, server, profile, dataDir });
  }
}

/** "NAME=value,NAME=value" as pairs. */
const envPairs = (text: string | undefined): [string, string][] =>
  (text ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`AB_ENV_A / AB_ENV_B: "${pair}" is no NAME=value`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    });

/** This process's own value of each name either build sets, taken before any build set one. */
const envBefore = new Map(
  [...envPairs(process.env.AB_ENV_A), ...envPairs(process.env.AB_ENV_B)].map(([name]) => [
    name,
    process.env[name],
  ]),
);

/**
 * AB_ENV_A / AB_ENV_B ("NAME=value,NAME=value"): this process's environment for that build's
 * browsers, set before each starts, every name either build sets first put back as it was, so
 * a name only one build sets never carries over to the other's browsers: one build under two
 * settings of the bench's own (the patched Playwright reads PLAYWRIGHT_NETWORK_BUFFER_SIZE as each
 * browser's sessions attach).
 */
function setBuildEnv(build: Build): void {
  for (const [name, value] of envBefore)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  for (const [name, value] of envPairs(process.env[`AB_ENV_${build.name}`])) process.env[name] = value;
}

/** The build's door on its profile (offline, or with a fake camera's video, where asked). */
export function openBuildDoor(
  build: Build,
  options: { offline?: boolean; video?: string } = {},
): Promise<Door> {
  setBuildEnv(build);
  return openDoor({
    profile: build.profile,
    origin: build.server.origin,
    serverPid: build.server.child.pid!,
    executablePath: '/usr/bin/chromium',
    ...options,
  });
}

/** Joins the build's door to the demo list and waits for the list and the service worker. */
export async function joinBuildDoor(build: Build, tickets: number): Promise<void> {
  const door = await openBuildDoor(build);
  await door.page.addInitScript(watchJoin, tickets);
  await door.page.goto('/');
  await door.page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
  await door.page.getByRole('button', { name: 'Join list' }).click();
  await choosePasscodeIfAsked(door.page, Date.now());
  await door.page.waitForFunction(
    () => (window as unknown as { __join: { ready: number } }).__join.ready > 0,
    null,
    { timeout: 600_000, polling: 200 },
  );
  await door.page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await door.finish();
  await door.context.close();
}

/** This host's score (two measures, their medians) and both phones' multipliers from it. */
export async function abPhones(): Promise<{
  host: { page: number; worker: number };
  phones: { mid: Multipliers; low: Multipliers };
}> {
  const scores = [];
  for (let tries = 0; scores.length < 2 && tries < 5; tries++)
    scores.push(await hostCpuScore().catch(() => null));
  const measured = scores.filter((s) => s !== null);
  if (!measured.length) throw new Error('no host score');
  const host = {
    page: median(measured.map((s) => s.page)),
    worker: median(measured.map((s) => s.worker)),
  };
  return {
    host,
    phones: { mid: phoneMultipliers(host, PHONES.mid), low: phoneMultipliers(host, PHONES.low) },
  };
}

/** Stops the builds' servers and removes their folders. */
export async function stopBuilds(builds: readonly Build[]): Promise<void> {
  for (const build of builds) {
    await killHard(build.server);
    for (const dir of [build.profile, build.dataDir]) rmSync(dir, { recursive: true, force: true });
  }
}

/** A kind of thread's CPU time (ms, this host) from `fromMs` to `toMs` on the page's clock, by its tasks. */
export function cpuIn(recording: Recording, kind: string, fromMs: number, toMs: number): number {
  const from = recording.clock.toTrace(fromMs);
  const to = recording.clock.toTrace(toMs);
  return recording.threads
    .filter((t) => t.kind === kind)
    .flatMap((t) => t.tasks)
    .reduce(
      (sum, task) =>
        sum + (Math.max(0, Math.min(to, task.end) - Math.max(from, task.start)) * task.onCpu) / 1000,
      0,
    );
}
