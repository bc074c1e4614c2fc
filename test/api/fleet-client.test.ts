// The organiser's fleet client against a recorded server: what it sends (path, method, token,
// body) and how it reads what comes back, good and bad.
import { describe, expect, it } from 'vitest';
import { createFleetClient, type FetchLike } from '../../src/api/fleet-client';
import { aDevice, aFleet, aJoinCode, aReport } from '../fixtures/fleet';

const scope = { account: 'demo', event: 'spring gala' };

function serving(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: Request[] = [];
  const fetch: FetchLike = async (request) => {
    seen.push(request);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  };
  const client = createFleetClient({ origin: 'http://venue.test:4173/', token: 'tok-secret', fetch });
  return { client, seen };
}

describe('fleet client', () => {
  it('reads an event’s fleet from the app’s server with the organiser’s token', async () => {
    const fleet = aFleet([aDevice({ name: 'North door' })]);
    const { client, seen } = serving(200, fleet);
    const answer = await client.view(scope);
    expect(answer).toEqual({ ok: true, value: fleet });
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe('http://venue.test:4173/__service/fleet/demo/spring%20gala');
    expect(seen[0]?.headers.get('authorization')).toBe('Token token=tok-secret');
  });

  it('keeps a door’s report whose readiness items and refusal reasons this version does not know', async () => {
    const report = {
      ...aReport(),
      readiness: { ready: false, items: [{ id: 'nfc-reader', level: 'red' }] },
      refusals: { 'too-early': 2 },
    };
    const { client } = serving(200, aFleet([{ ...aDevice(), report } as never]));
    const answer = await client.view(scope);
    expect(answer.ok && answer.value.devices[0]?.report?.readiness.items).toEqual([
      { id: 'nfc-reader', level: 'red' },
    ]);
    expect(answer.ok && answer.value.devices[0]?.report?.refusals).toEqual({ 'too-early': 2 });
  });

  it('names the field when an answer has an unexpected shape', async () => {
    const broken = aFleet([aDevice({ last_seen_at: 'yesterday-ish' })]);
    const { client } = serving(200, broken);
    expect(await client.view(scope)).toMatchObject({
      ok: false,
      reason: 'bad-response',
      message: expect.stringContaining('devices.0.last_seen_at'),
    });
  });

  it('turns the server’s errors into values with its words, never the token', async () => {
    const missing = serving(404, { status: 404, message: 'No such event' });
    const result = await missing.client.view(scope);
    expect(result).toMatchObject({ ok: false, reason: 'not-found', status: 404, message: 'No such event' });
    expect(JSON.stringify(result)).not.toContain('tok-secret');
    expect(await serving(401, { status: 401, message: 'Unauthorized' }).client.view(scope)).toMatchObject({
      reason: 'unauthorised',
    });
    expect(await serving(429, {}, { 'retry-after': '3' }).client.view(scope)).toMatchObject({
      reason: 'rate-limited',
      retryAfterMs: 3000,
    });
    expect(await serving(200, '<html>').client.view(scope)).toMatchObject({ reason: 'bad-response' });
  });

  it('says the network failed when the server cannot be reached', async () => {
    const client = createFleetClient({
      origin: 'http://venue.test',
      token: 't',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await client.view(scope)).toEqual({ ok: false, reason: 'network' });
  });

  it('creates a join code by posting what the organiser asked for, and reads the code back', async () => {
    const code = aJoinCode({ id: 'jc_9' });
    const { client, seen } = serving(201, { join_code: code });
    const made = await client.createJoinCode(scope, {
      checkin_list: 'main',
      valid_minutes: 120,
      max_devices: 5,
      label: 'North phones',
    });
    expect(made).toEqual({ ok: true, value: code });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('http://venue.test:4173/__service/fleet/demo/spring%20gala/join_codes');
    expect(await seen[0]?.json()).toEqual({
      checkin_list: 'main',
      valid_minutes: 120,
      max_devices: 5,
      label: 'North phones',
    });
  });

  it('revokes a code, revokes a device and asks a device to identify itself at their own paths', async () => {
    const revokedCode = aJoinCode({ state: 'revoked', revoked_at: '2026-12-05T18:31:00.000Z' });
    const code = serving(200, { join_code: revokedCode });
    expect(await code.client.revokeJoinCode(scope, 'jc/1')).toEqual({ ok: true, value: revokedCode });
    expect(code.seen[0]?.method).toBe('DELETE');
    expect(code.seen[0]?.url).toMatch(/\/__service\/fleet\/demo\/spring%20gala\/join_codes\/jc%2F1$/);

    const revoked = aDevice({ id: 'd_1', revoked_at: '2026-12-05T18:31:00.000Z' });
    const device = serving(200, { device: revoked });
    expect(await device.client.revokeDevice(scope, 'd_1')).toEqual({ ok: true, value: revoked });
    expect(device.seen[0]?.url).toMatch(/\/devices\/d_1\/revocation$/);
    expect(device.seen[0]?.method).toBe('POST');

    const asked = aDevice({ id: 'd_2', identify_pending: true });
    const identify = serving(200, { device: asked });
    expect(await identify.client.identify(scope, 'd_2')).toEqual({ ok: true, value: asked });
    expect(identify.seen[0]?.url).toMatch(/\/devices\/d_2\/identification$/);
  });

  it('refuses an action’s answer without the record it should carry', async () => {
    const { client } = serving(200, { devices: [] });
    expect(await client.identify(scope, 'd_1')).toMatchObject({ ok: false, reason: 'bad-response' });
  });
});
