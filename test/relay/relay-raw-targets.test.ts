// The relay judges a target as it arrived: a dot segment, raw or encoded, or an encoded
// separator, on any of its route families and with any method, is answered 400 or 404 by the
// relay itself with a signed-in organiser's session, and nothing of it reaches the upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHODS, sendRaw, walkingTargets } from '../server/raw-target';
import { type RelayPair, printedSignInCode, startRelayPair, upstreamListAddresses } from './relay-setup';

let pair: RelayPair;

beforeAll(async () => {
  pair = await startRelayPair({ RELAY_MIRROR: 'off' });
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

async function session(): Promise<string> {
  const answer = await fetch(`${pair.relay.origin}/__service/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: printedSignInCode(pair.relay) }),
  });
  return ((await answer.json()) as { token: string }).token;
}

describe('raw request targets on the relay', () => {
  it('refuses every walking target without reaching the upstream', async () => {
    const auth = { Authorization: `Token token=${await session()}` };
    const slug = new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';
    const event = '/v3/demo/demo-conference';
    const paths = [
      '/v3/hello',
      event,
      `${event}/releases`,
      `${event}/checkin_lists/${slug}`,
      `/checkin/checkin_lists/${slug}`,
      `/checkin/checkin_lists/${slug}/checkins`,
      `/checkin/checkin_lists/${slug}/tickets/1`,
      '/__mock/faults',
      '/__service/info',
      `/__service/qr/checkin_lists/${slug}.svg`,
      '/index.html',
    ];
    const reachedBefore = pair.tap.seen.length;
    const wrong: string[] = [];
    for (const path of paths) {
      for (const target of walkingTargets(path)) {
        for (const method of METHODS) {
          const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : '';
          const answer = await sendRaw(pair.relay.origin, method, target, auth, body);
          if (![400, 404].includes(answer.status)) wrong.push(`${method} ${target} -> ${answer.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(pair.tap.seen.slice(reachedBefore).map((s) => `${s.method} ${s.url}`)).toEqual([]);
  }, 240_000);
});
