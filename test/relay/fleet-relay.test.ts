// The fleet on the relay, as real processes (the service behind, a tap, the relay with its venue
// mirror): the journey of ../fleet/fleet-journey with a relay session as the organiser's, the
// fleet kept in RELAY_DATA_DIR across kill -9, a door's check-ins reaching the service once
// each, and the slug never reaching a door even though it goes upstream.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetJourney } from '../fleet/fleet-journey';
import { type Json, call, shiftableClock } from '../fleet/fleet-process';
import {
  type RelayPair,
  printedSignInCode,
  startRelayPair,
  until,
  upstreamListAddresses,
} from './relay-setup';

let pair: RelayPair;
let session = '';
let slug = '';
let shiftClock: (ms: number) => void = () => {};

beforeAll(async () => {
  pair = await startRelayPair(
    (root) => {
      const clock = shiftableClock(root);
      shiftClock = clock.shiftClock;
      return { RELAY_DATA_DIR: join(root, 'relay-data'), RELAY_MIRROR_INTERVAL_MS: '300', ...clock.env };
    },
    { MOCK_SEED_TICKETS: '120' },
  );
  slug = new URL(upstreamListAddresses(pair.upstream)[0] ?? '').pathname.split('/').pop() ?? '';
  const signedIn = await call(pair.relay.origin, '/__service/sign-in', {
    method: 'POST',
    body: { code: printedSignInCode(pair.relay) },
  });
  session = signedIn.body.token;
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

/** The list's check-ins as the service behind holds them (asked directly, by the slug). */
async function upstreamCheckins(): Promise<Json[]> {
  return (await call(pair.upstream.origin, `/checkin/checkin_lists/${slug}/checkins`)).body;
}

describe('the fleet on the relay', () => {
  fleetJourney(() => ({
    origin: () => pair.relay.origin,
    organiserHeaders: () => ({ authorization: `Token token=${session}` }),
    event: 'demo/demo-conference',
    slug,
    restart: () => pair.restartRelay(),
    shiftClock,
    serviceCheckins: (expected) =>
      until(async () => {
        const held = await upstreamCheckins();
        const revoked = held.filter((c: Json) => String(c.uuid).startsWith('revoked-door'));
        return revoked.length >= expected ? held : undefined;
      }),
  }));

  it('keeps the fleet owner-only in RELAY_DATA_DIR', () => {
    expect(statSync(join(pair.root, 'relay-data', 'fleet.json')).mode & 0o777).toBe(0o600);
  });

  it('takes no organiser without a live session of this relay', async () => {
    const base = '/__service/fleet/demo/demo-conference';
    expect((await call(pair.relay.origin, base)).status).toBe(401);
    const upstreamToken = await call(pair.relay.origin, base, {
      headers: { authorization: 'Token token=upstream_live_secret_token_0123456789abcdef' },
    });
    expect(upstreamToken.status).toBe(401);
  });
});
