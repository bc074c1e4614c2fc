// The Check-in API through a device credential, with the service stood in by a handler that
// echoes the slug everywhere it can: the gate maps the credential to the slug on the way in and
// back on the way out, refuses what a revoked or forgotten credential may not do, and counts
// what a revoked one still posts.
import { describe, expect, it } from 'vitest';
import { createDeviceGate } from '../../src/fleet/device-gate';
import { EVENT, LIST, fleetAt, newCode } from './fleet-factories';

async function joinedDoor() {
  const fleet = await fleetAt();
  const made = await fleet.store.createCode(EVENT, newCode(5));
  if (!made.ok) throw new Error('no code');
  const joined = await fleet.store.join(made.value.code, 'North', '1.0.0');
  if (!joined.ok) throw new Error('not joined');
  return {
    ...fleet,
    credential: joined.value.credential,
    id: joined.value.device.id,
    gate: createDeviceGate(fleet.store),
  };
}

const echo = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', link: `</checkin/checkin_lists/${LIST.slug}>` },
  });

describe('the device gate', () => {
  it('leaves a slug-joined door alone', async () => {
    const { gate } = await joinedDoor();
    expect(gate('GET', `/checkin/checkin_lists/${LIST.slug}/tickets`)).toEqual({ kind: 'not-a-device' });
    expect(gate('GET', '/v3/demo/events')).toEqual({ kind: 'not-a-device' });
  });

  it('maps the credential to the slug, keeping the rest of the path and the query', async () => {
    const { gate, credential } = await joinedDoor();
    const verdict = gate('GET', `/checkin/checkin_lists/${credential}/tickets?since=1&page=2`);
    expect(verdict.kind === 'mapped' && verdict.target).toBe(
      `/checkin/checkin_lists/${LIST.slug}/tickets?since=1&page=2`,
    );
    const list = gate('GET', `/checkin//checkin_lists/${credential}.json/`);
    expect(list.kind === 'mapped' && list.target).toBe(`/checkin/checkin_lists/${LIST.slug}`);
  });

  it('puts the credential wherever the answer had the slug: values, keys, nested, headers', async () => {
    const { gate, credential } = await joinedDoor();
    const verdict = gate('GET', `/checkin/checkin_lists/${credential}`);
    if (verdict.kind !== 'mapped') throw new Error('not mapped');
    const answer = await verdict.finish(
      echo({
        slug: LIST.slug,
        web_checkin_url: `https://doors.example/checkin_lists/${LIST.slug}`,
        nested: [{ qr_code_url: `https://x/__service/qr/checkin_lists/${LIST.slug}.svg` }],
        [LIST.slug]: 1,
        count: 12,
      }),
    );
    const text = await answer.text();
    expect(text).not.toContain(LIST.slug);
    expect(answer.headers.get('link')).not.toContain(LIST.slug);
    expect(JSON.parse(text)).toEqual({
      slug: credential,
      web_checkin_url: `https://doors.example/checkin_lists/${credential}`,
      nested: [{ qr_code_url: `https://x/__service/qr/checkin_lists/${credential}.svg` }],
      [credential]: 1,
      count: 12,
    });
  });

  it('replaces the slug in a body that is not JSON too', async () => {
    const { gate, credential } = await joinedDoor();
    const verdict = gate('GET', `/checkin/checkin_lists/${credential}`);
    if (verdict.kind !== 'mapped') throw new Error('not mapped');
    const answer = await verdict.finish(
      new Response(`list ${LIST.slug}`, { headers: { 'content-type': 'text/plain' } }),
    );
    expect(await answer.text()).toBe(`list ${credential}`);
  });

  it('answers an unknown or malformed credential as the API answers an unknown list', async () => {
    const { gate, credential } = await joinedDoor();
    for (const target of [
      `/checkin/checkin_lists/${credential.slice(0, -1)}Q`,
      '/checkin/checkin_lists/dev_short',
      `/checkin/checkin_lists/dev_${'a'.repeat(300)}/tickets`,
    ]) {
      const verdict = gate('GET', target);
      if (verdict.kind !== 'answer') throw new Error(`not refused: ${target}`);
      expect(verdict.response.status).toBe(404);
      expect(await verdict.response.json()).toEqual({ status: 404, message: 'Check-in list not found' });
    }
  });

  it('lets a revoked credential post check-ins (counted once each) and nothing else', async () => {
    const { gate, credential, store, id } = await joinedDoor();
    await store.revokeDevice(EVENT, id);
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/tickets'],
      ['GET', '/checkins'],
      ['DELETE', '/checkins/uuid-0001'],
    ] as const) {
      const verdict = gate(method, `/checkin/checkin_lists/${credential}${path}`);
      if (verdict.kind !== 'answer') throw new Error(`not refused: ${method} ${path}`);
      expect(verdict.response.status).toBe(410);
      expect(await verdict.response.json()).toEqual({
        status: 410,
        message: 'This device was revoked by the organiser',
        revoked: true,
      });
    }
    const batch = [{ uuid: 'uuid-0001' }, { uuid: 'uuid-0002' }];
    for (const answer of [echo(batch, 201), echo(batch, 200), echo({ uuid: 'uuid-0003' }, 201)]) {
      const verdict = gate('POST', `/checkin/checkin_lists/${credential}/checkins`);
      if (verdict.kind !== 'mapped') throw new Error('not mapped');
      await verdict.finish(answer);
    }
    const partly = gate('POST', `/checkin/checkin_lists/${credential}/checkins`);
    if (partly.kind !== 'mapped') throw new Error('not mapped');
    await partly.finish(
      echo({ status: 422, errors: { 1: ['already'] }, checkins: [{ uuid: 'uuid-0004' }] }, 422),
    );
    const refused = gate('POST', `/checkin/checkin_lists/${credential}/checkins`);
    if (refused.kind !== 'mapped') throw new Error('not mapped');
    await refused.finish(echo({ status: 404, message: 'Ticket not found', uuid: 'uuid-0005' }, 404));
    expect(store.devicesOf(EVENT)[0]?.checkins_after_revocation).toBe(4);
  });

  it('opens nothing once the device has forgotten the list', async () => {
    const { gate, credential, store, id } = await joinedDoor();
    await store.revokeDevice(EVENT, id);
    await store.forget(id);
    for (const method of ['GET', 'POST']) {
      const verdict = gate(method, `/checkin/checkin_lists/${credential}/checkins`);
      expect(verdict.kind === 'answer' && verdict.response.status).toBe(410);
    }
  });

  it('refuses an answer too deep to walk rather than pass the slug on', async () => {
    const { gate, credential } = await joinedDoor();
    const verdict = gate('GET', `/checkin/checkin_lists/${credential}`);
    if (verdict.kind !== 'mapped') throw new Error('not mapped');
    let deep: unknown = LIST.slug;
    for (let i = 0; i < 100; i++) deep = [deep];
    const answer = await verdict.finish(echo(deep));
    expect(answer.status).toBe(502);
    expect(await answer.text()).not.toContain(LIST.slug);
  });
});
