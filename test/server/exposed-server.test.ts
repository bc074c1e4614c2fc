// A server listening beyond loopback says so at start and does not serve the demo lists under
// the slugs printed in the source (unless MOCK_DEMO_SLUGS=fixed); without MOCK_CONTROL_TOKEN
// it makes a control token and prints it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { type RunningServer, killHard, startServerProcess } from './server-process';

const root = mkdtempSync(join(tmpdir(), 'mock-exposed-'));
const running: RunningServer[] = [];
const base = { MOCK_SEED: 'demo', MOCK_SEED_TICKETS: '50', DIST_DIR: join(root, 'no-dist') };

async function start(env: Record<string, string>) {
  const server = await startServerProcess({ ...base, ...env });
  running.push(server);
  return server;
}

const listStatus = async (server: RunningServer, slug: string) =>
  (await fetch(`${server.origin}/checkin/checkin_lists/${slug}`)).status;

afterAll(async () => {
  for (const server of running) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

describe('a server reachable from other machines', () => {
  it('warns, and gives the demo lists fresh slugs, even ones stored by an earlier loopback start', {
    timeout: 120_000,
  }, async () => {
    const data = join(root, 'data');
    const local = await start({ MOCK_DATA_DIR: data });
    expect(local.output()).not.toContain('WARNING');
    expect(await listStatus(local, DEMO_CHECKIN_LIST)).toBe(200);
    await killHard(local);

    const exposed = await start({ MOCK_DATA_DIR: data, HOST: '0.0.0.0' });
    expect(exposed.output()).toContain('WARNING:      listening on 0.0.0.0');
    expect(await listStatus(exposed, DEMO_CHECKIN_LIST)).toBe(404);
    const printed =
      /Demo list: +http:\/\/[^/]+\/checkin_lists\/(chk_p[0-9A-Za-z]{22}) \(Main entrance\)/.exec(
        exposed.output(),
      );
    expect(printed).not.toBeNull();
    expect(printed?.[1]).not.toBe(DEMO_CHECKIN_LIST);
    expect(await listStatus(exposed, printed?.[1] ?? '')).toBe(200);
    expect(exposed.output()).not.toContain(DEMO_CHECKIN_LIST);
  });

  it('keeps the well-known slugs when the operator asks with MOCK_DEMO_SLUGS=fixed', {
    timeout: 60_000,
  }, async () => {
    const server = await start({
      MOCK_DATA_DIR: join(root, 'fixed'),
      HOST: '0.0.0.0',
      MOCK_DEMO_SLUGS: 'fixed',
    });
    expect(server.output()).toContain('MOCK_DEMO_SLUGS=fixed');
    expect(await listStatus(server, DEMO_CHECKIN_LIST)).toBe(200);
  });
});

describe('the control token', () => {
  it('is generated and printed when MOCK_CONTROL_TOKEN is not set', { timeout: 60_000 }, async () => {
    const server = await start({
      MOCK_DATA_DIR: join(root, 'control'),
      MOCK_FAULTS: '1',
      MOCK_CONTROL_TOKEN: '',
    });
    const token = /Control token: ([0-9A-Za-z]{32})/.exec(server.output())?.[1];
    expect(token).toBeDefined();
    expect((await fetch(`${server.origin}/__mock/faults`)).status).toBe(401);
    const ok = await fetch(`${server.origin}/__mock/faults`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.status).toBe(200);
  });
});
