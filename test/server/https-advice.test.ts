// The banner of a server reachable from other machines: without TLS it says that phones need
// HTTPS and how to get it (a certificate for a name the venue controls, or a local CA such as
// mkcert's, with the steps); with TLS_CERT_FILE/TLS_KEY_FILE it does not. Both the mock and the
// relay. The servers listen on 0.0.0.0 on a free port; nothing but this test talks to them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, killHard, startServerProcess } from './server-process';
import { makeTestCertificate } from '../relay/test-certificate';

let root: string;
let distDir: string;
const started: RunningServer[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'https-advice-'));
  distDir = join(root, 'dist');
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
});

afterAll(async () => {
  for (const server of started) await killHard(server);
  rmSync(root, { recursive: true, force: true });
});

async function bannerOf(env: Record<string, string>): Promise<string> {
  const server = await startServerProcess({ DIST_DIR: distDir, HOST: '0.0.0.0', ...env });
  started.push(server);
  const output = server.output();
  await killHard(server);
  return output;
}

const relayEnv = () => ({
  // Never asked during this test: the banner is printed before any request.
  UPSTREAM_CHECKIN_URL: 'http://127.0.0.1:9/checkin',
  UPSTREAM_ADMIN_URL: 'http://127.0.0.1:9/v3',
  UPSTREAM_ADMIN_TOKEN: 'banner-test-upstream-token',
  RELAY_DATA_DIR: join(root, `relay-${started.length}`),
});

function expectAdvice(banner: string) {
  expect(banner).toContain('phones need HTTPS to use the camera and work offline');
  expect(banner).toContain('a certificate for a name the venue controls');
  expect(banner).toContain('mkcert -install && mkcert');
  expect(banner).toContain('TLS_CERT_FILE=<cert.pem> TLS_KEY_FILE=<key.pem>');
}

describe('on a non-loopback address', () => {
  it('the relay without TLS says phones need HTTPS and how to get it', async () => {
    const banner = await bannerOf(relayEnv());
    expect(banner).toContain('as a relay');
    expect(banner).toContain('WARNING:      listening on 0.0.0.0');
    expectAdvice(banner);
  }, 60_000);

  it('the mock without TLS says the same', async () => {
    const banner = await bannerOf({ MOCK_DATA_DIR: join(root, 'mock'), MOCK_SEED: 'demo' });
    expectAdvice(banner);
  }, 60_000);

  it('a relay with TLS does not', async () => {
    const { cert, key } = makeTestCertificate(root);
    const banner = await bannerOf({ ...relayEnv(), TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
    expect(banner).toMatch(/running at https:\/\//);
    expect(banner).not.toContain('phones need HTTPS');
  }, 60_000);

  it('a relay on loopback does not either', async () => {
    const banner = await bannerOf({ ...relayEnv(), HOST: '127.0.0.1' });
    expect(banner).not.toContain('WARNING');
    expect(banner).not.toContain('phones need HTTPS');
  }, 60_000);
});

describe('the venue mirror on the banner', () => {
  it('names the directory it keeps lists in, and how to turn it off', async () => {
    const env = { ...relayEnv(), HOST: '127.0.0.1' };
    const banner = await bannerOf(env);
    expect(banner).toContain(
      `Mirror:       on: joined lists and doors' check-ins are kept in ${env.RELAY_DATA_DIR}`,
    );
    expect(banner).toContain('RELAY_MIRROR=off turns it off');
  }, 60_000);

  it('says when it is off', async () => {
    const banner = await bannerOf({ ...relayEnv(), HOST: '127.0.0.1', RELAY_MIRROR: 'off' });
    expect(banner).toContain('Mirror:       off (RELAY_MIRROR=off)');
  }, 60_000);
});
