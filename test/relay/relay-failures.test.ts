// The relay when the upstream misbehaves, and the relay over HTTPS: a silent upstream is a 504
// and a gone one a 502, each in the API's error shape, never a 500; the relay itself keeps
// serving the app and /__service. TLS_CERT_FILE/TLS_KEY_FILE (a self-signed certificate made
// here by openssl) make it answer HTTPS.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_HEADERS, type RunningServer, killHard, startServerProcess } from '../server/server-process';
import { type RelayPair, printedSignInCode, startRelayPair, upstreamListAddresses } from './relay-setup';

let pair: RelayPair;

beforeAll(async () => {
  pair = await startRelayPair({ UPSTREAM_TIMEOUT_MS: '1500' });
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

const slug = () => new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';

async function json(response: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
  return (await response.json()) as any;
}

describe('over HTTPS', () => {
  let secure: RunningServer | undefined;
  afterAll(async () => {
    if (secure) await killHard(secure);
  });

  it('listens with TLS when given a certificate and key', async () => {
    const cert = join(pair.root, 'cert.pem');
    const key = join(pair.root, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=localhost',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
      ],
      { stdio: 'ignore' },
    );
    secure = await startServerProcess({
      DIST_DIR: join(pair.root, 'dist'),
      UPSTREAM_CHECKIN_URL: `${pair.tap.origin}/checkin`,
      UPSTREAM_ADMIN_URL: `${pair.tap.origin}/v3`,
      UPSTREAM_ADMIN_TOKEN: 'another-upstream-token-for-tls',
      RELAY_MIRROR: 'off',
      TLS_CERT_FILE: cert,
      TLS_KEY_FILE: key,
    });
    const origin = secure.origin.replace('http:', 'https:');
    expect(secure.output()).toContain(`running at ${origin}/`);
    // Trusts this one certificate only (no global switch-off of verification).
    const url = new URL(`${origin}/checkin/checkin_lists/${slug()}`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      httpsGet(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          ca: readFileSync(cert),
          servername: 'localhost',
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      ).on('error', reject);
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).slug).toBe(slug());
  });
});

describe('an upstream that does not answer', () => {
  it('answers 504 in the Check-in API shape when the upstream is silent', async () => {
    pair.tap.mode = 'hang';
    const response = await fetch(`${pair.relay.origin}/checkin/checkin_lists/${slug()}`);
    pair.tap.mode = 'pass';
    expect(response.status).toBe(504);
    expect(await json(response)).toMatchObject({ status: 504, message: expect.any(String) });
  });

  it('answers 502 in each API’s shape once the upstream is killed, and keeps serving itself', async () => {
    const session = await fetch(`${pair.relay.origin}/__service/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: printedSignInCode(pair.relay) }),
    }).then(json);
    await killHard(pair.upstream);

    const checkin = await fetch(`${pair.relay.origin}/checkin/checkin_lists/${slug()}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: 1 } }),
    });
    expect(checkin.status).toBe(502);
    expect(await json(checkin)).toMatchObject({ status: 502, message: expect.any(String) });

    const admin = await fetch(`${pair.relay.origin}/v3/demo/events`, {
      headers: { authorization: `Token token=${session.token}` },
    });
    expect(admin.status).toBe(502);
    expect(await json(admin)).toMatchObject({
      status: 502,
      message: expect.any(String),
      hint: expect.any(String),
    });

    const app = await fetch(`${pair.relay.origin}/checkin_lists/${slug()}`);
    expect(app.status).toBe(200);
    const info = await fetch(`${pair.relay.origin}/__service`).then(json);
    expect(info.mode).toBe('relay');
    expect(info.upstreams.map((u: { reachable: boolean }) => u.reachable)).toEqual([false, false]);

    // A sign-in needs the service (the relay checks its token there first): 502, not a session.
    const link = await fetch(`${pair.relay.origin}/__service/sign-in-links`, {
      method: 'POST',
      headers: CONTROL_HEADERS,
    }).then(json);
    const refused = await fetch(`${pair.relay.origin}/__service/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: new URL(link.url).hash.replace('#code=', '') }),
    });
    expect(refused.status).toBe(502);
    expect(await json(refused)).toEqual({ status: 502, message: expect.any(String) });
  });
});
