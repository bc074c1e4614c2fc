// A request that announces a body larger than its route takes (Content-Length 2^53), then sends
// one byte and waits: every route family of the Node server, the mock service's and the relay's,
// answers 413 in its API's shape at once and closes the connection, without waiting for a body
// that will never come. Raw sockets, so the client really does send one byte and stop.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCARD_MAX_MS } from '../../src/server/discard-body';
import { type RelayPair, UPSTREAM_TOKEN, printedSignInCode, startRelayPair } from '../relay/relay-setup';
import { CONTROL_HEADERS } from './server-process';

const ANNOUNCED = '9007199254740992';
// The drain of a refused body gives up after DISCARD_MAX_MS: an answer that came only then
// waited on the client, so the exchange must be over well before it.
const GIVE_UP_MS = DISCARD_MAX_MS - 1_000;

interface RawAnswer {
  status: number;
  headers: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
  body: any;
}

/** Sends the headers with the announced length and one byte, then reads until the server closes. */
function announceHugeBody(origin: string, target: string, headers: Record<string, string> = {}) {
  const { hostname, port, host } = new URL(origin);
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and close within ${GIVE_UP_MS} ms: ${Buffer.concat(chunks)}`));
    }, GIVE_UP_MS);
    socket.on('connect', () => {
      const lines = [
        `POST ${target} HTTP/1.1`,
        `Host: ${host}`,
        'Content-Type: application/json',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        `Content-Length: ${ANNOUNCED}`,
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n{`);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    // A reset after the whole answer arrived is the server closing on the unread body: fine.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split >= 0 ? text.slice(0, split) : text;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      let body: unknown = null;
      try {
        body = JSON.parse(text.slice(split + 4));
      } catch {}
      resolve({ status, headers: head.toLowerCase(), body });
    });
  });
}

let pair: RelayPair;
let relaySession = '';
let mainList = '';

beforeAll(async () => {
  // The upstream of the pair is the Node server with its mock service (controls on); the relay
  // forwards without the venue mirror, which takes the same bodies first from the same code.
  pair = await startRelayPair({ RELAY_MIRROR: 'off' }, { MOCK_FAULTS: '1' });
  mainList = /^\s*Demo list:\s+\S+\/checkin_lists\/(\S+)/m.exec(pair.upstream.output())?.[1] ?? '';
  const signedIn = await fetch(`${pair.relay.origin}/__service/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: printedSignInCode(pair.relay) }),
  });
  relaySession = ((await signedIn.json()) as { token: string }).token;
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

const tooLarge = (bytes: number) => `The request body is larger than ${bytes} bytes`;

describe('a body announced larger than the route takes is refused with 413 at once', () => {
  it('on the mock service’s Check-in API', async () => {
    const answer = await announceHugeBody(
      pair.upstream.origin,
      `/checkin/checkin_lists/${mainList}/checkins`,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ status: 413, message: tooLarge(1024 * 1024) });
    expect(answer.headers).toContain('connection: close');
  });

  it('on the mock service’s Admin API (a 3.1 token: its error shape)', async () => {
    const answer = await announceHugeBody(pair.upstream.origin, '/v3/demo/demo-conference/releases', {
      Authorization: `Token token=${UPSTREAM_TOKEN}`,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ status: 413, message: tooLarge(256 * 1024) });
  });

  it('on the mock’s controls', async () => {
    const answer = await announceHugeBody(pair.upstream.origin, '/__mock/faults', CONTROL_HEADERS);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ status: 413, message: tooLarge(16 * 1024) });
  });

  it('on the organiser sign-in, of the mock’s server and of the relay', async () => {
    for (const origin of [pair.upstream.origin, pair.relay.origin]) {
      const answer = await announceHugeBody(origin, '/__service/sign-in');
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual({ status: 413, message: tooLarge(1024) });
    }
  });

  it('on the relay’s forwarded Check-in and Admin API paths, reaching nothing upstream', async () => {
    const seen = pair.tap.seen.length;
    const checkin = await announceHugeBody(pair.relay.origin, `/checkin/checkin_lists/${mainList}/checkins`);
    expect(checkin.status).toBe(413);
    expect(checkin.body).toEqual({ status: 413, message: tooLarge(1024 * 1024) });
    const admin = await announceHugeBody(pair.relay.origin, '/v3/demo/demo-conference/releases', {
      Authorization: `Token token=${relaySession}`,
    });
    expect(admin.status).toBe(413);
    expect(admin.body).toEqual({ status: 413, message: tooLarge(256 * 1024) });
    expect(pair.tap.seen.length).toBe(seen);
  });
});
