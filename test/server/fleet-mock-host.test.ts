// The fleet on the built-in service's host, as real server processes: the journey of
// ../fleet/fleet-journey with an Admin API token of this server as the organiser's, the fleet
// kept in MOCK_DATA_DIR across kill -9, and MOCK_RESET setting it aside with the rest.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetJourney } from '../fleet/fleet-journey';
import { call, shiftableClock } from '../fleet/fleet-process';
import { type RunningServer, killHard, startServerProcess } from './server-process';

const root = mkdtempSync(join(tmpdir(), 'fleet-mock-host-'));
const distDir = join(root, 'dist');
const dataDir = join(root, 'data');
const clock = shiftableClock(root);
const LIVE = 'fleet_live_token_0123456789abcdef';
const TEST = 'fleet_test_token_0123456789abcdef';
const env = {
  MOCK_DATA_DIR: dataDir,
  DIST_DIR: distDir,
  MOCK_SEED: 'demo',
  MOCK_SEED_TICKETS: '120',
  MOCK_API_TOKENS: `${LIVE}:live:3.1:demo,${TEST}:test:3.1:demo,fleet_other_account_token_0123:live:3.1:elsewhere`,
  ...clock.env,
};
let server: RunningServer;
const SLUG = 'chk_pDemoMainEntrance000000';

beforeAll(async () => {
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  server = await startServerProcess(env);
}, 90_000);

afterAll(async () => {
  if (server) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

async function restart() {
  await killHard(server);
  server = await startServerProcess({ ...env, PORT: new URL(server.origin).port });
}

describe('the fleet on the built-in service host', () => {
  fleetJourney(() => ({
    origin: () => server.origin,
    organiserHeaders: () => ({ authorization: `Token token=${LIVE}` }),
    event: 'demo/demo-conference',
    slug: SLUG,
    restart,
    shiftClock: clock.shiftClock,
    serviceCheckins: async () => {
      const pages = [];
      for (let page = 1; page <= 3; page++)
        pages.push(
          ...(await call(server.origin, `/checkin/checkin_lists/${SLUG}/checkins?page=${page}`)).body,
        );
      return pages;
    },
  }));

  it('takes a test token of the account too, and refuses one of another account', async () => {
    const base = '/__service/fleet/demo/demo-conference';
    expect(
      (await call(server.origin, base, { headers: { authorization: `Token token=${TEST}` } })).status,
    ).toBe(200);
    const other = await call(server.origin, base, {
      headers: { authorization: 'Token token=fleet_other_account_token_0123' },
    });
    expect(other.status).toBe(403);
    expect(
      (
        await call(server.origin, '/__service/fleet/nobody/demo-conference', {
          headers: { authorization: `Token token=${LIVE}` },
        })
      ).status,
    ).toBe(404);
  });

  it('keeps the fleet owner-only in MOCK_DATA_DIR, and MOCK_RESET sets it aside with the rest', async () => {
    expect(statSync(join(dataDir, 'fleet.json')).mode & 0o777).toBe(0o600);
    await killHard(server);
    server = await startServerProcess({ ...env, MOCK_RESET: '1', PORT: new URL(server.origin).port });
    expect(existsSync(join(dataDir, 'fleet.json'))).toBe(false);
    const aside = readdirSync(dataDir).find((name) => name.startsWith('set-aside-')) ?? '';
    expect(readdirSync(join(dataDir, aside))).toContain('fleet.json');
    const view = await call(server.origin, '/__service/fleet/demo/demo-conference', {
      headers: { authorization: `Token token=${LIVE}` },
    });
    expect(view.body.devices).toEqual([]);
  });
});
