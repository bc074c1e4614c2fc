// The Check-in API through a device credential, with the service stood in by a handler that
// echoes the slug everywhere it can: the gate maps the credential to the slug on the way in and
// back on the way out, refuses what a revoked or forgotten credential may not do, and counts
// what a revoked one still posts. Which undos a revoked device may still make:
// ./device-gate-undo.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT, LIST } from './fleet-factories';
import { batch, echo, joinedDoor, mapped, removeFolders } from './gate-door';

afterEach(removeFolders);

describe('the device gate', () => {
  it('leaves a slug-joined door alone', async () => {
    const { ask } = await joinedDoor();
    expect(await ask('GET', `/checkin/checkin_lists/${LIST.slug}/tickets`)).toEqual({ kind: 'not-a-device' });
    expect(await ask('GET', '/v3/demo/events')).toEqual({ kind: 'not-a-device' });
  });

  it('maps the credential to the slug, keeping the rest of the path and the query', async () => {
    const { ask, mine, credential } = await joinedDoor();
    const verdict = mapped(await ask('GET', mine('/tickets?since=1&page=2')));
    expect(verdict.target).toBe(`/checkin/checkin_lists/${LIST.slug}/tickets?since=1&page=2`);
    expect(verdict.request.url).toBe(
      `http://doors.test/checkin/checkin_lists/${LIST.slug}/tickets?since=1&page=2`,
    );
    const list = mapped(await ask('GET', `/checkin//checkin_lists/${credential}.json/`));
    expect(list.target).toBe(`/checkin/checkin_lists/${LIST.slug}`);
  });

  it('puts the credential wherever the answer had the slug: values, keys, nested, headers', async () => {
    const { ask, mine, credential } = await joinedDoor();
    const verdict = mapped(await ask('GET', mine()));
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
    const { ask, mine, credential } = await joinedDoor();
    const verdict = mapped(await ask('GET', mine()));
    const answer = await verdict.finish(
      new Response(`list ${LIST.slug}`, { headers: { 'content-type': 'text/plain' } }),
    );
    expect(await answer.text()).toBe(`list ${credential}`);
  });

  it('answers an unknown or malformed credential as the API answers an unknown list', async () => {
    const { ask, credential } = await joinedDoor();
    // Its last character changed, whatever it was: a credential that ends in "Q" (one in 64)
    // must not be "changed" into itself.
    const other = credential.endsWith('Q') ? 'R' : 'Q';
    for (const target of [
      `/checkin/checkin_lists/${credential.slice(0, -1)}${other}`,
      '/checkin/checkin_lists/dev_short',
      `/checkin/checkin_lists/dev_${'a'.repeat(300)}/tickets`,
    ]) {
      const verdict = await ask('GET', target);
      if (verdict.kind !== 'answer') throw new Error(`not refused: ${target}`);
      expect(verdict.response.status).toBe(404);
      expect(await verdict.response.json()).toEqual({ status: 404, message: 'Check-in list not found' });
    }
  });

  it('lets a revoked credential post check-ins (counted once each) and read nothing', async () => {
    const { ask, mine, store, id, clock } = await joinedDoor();
    clock.advance(60_000);
    await store.revokeDevice(EVENT, id);
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/tickets'],
      ['GET', '/checkins'],
      ['DELETE', '/checkins/uuid-0001'],
    ] as const) {
      const verdict = await ask(method, mine(path));
      if (verdict.kind !== 'answer') throw new Error(`not refused: ${method} ${path}`);
      expect(verdict.response.status).toBe(410);
      expect(await verdict.response.json()).toEqual({
        status: 410,
        message: 'This device was revoked by the organiser',
        revoked: true,
      });
    }
    const records = [{ uuid: 'uuid-0001' }, { uuid: 'uuid-0002' }];
    for (const [body, answer] of [
      [batch('uuid-0001', 'uuid-0002'), echo(records, 201)],
      [batch('uuid-0001', 'uuid-0002'), echo(records, 200)],
      [{ checkin: { ticket_id: 3, uuid: 'uuid-0003' } }, echo({ uuid: 'uuid-0003' }, 201)],
    ] as const) {
      await mapped(await ask('POST', mine('/checkins'), body)).finish(answer);
    }
    const partly = mapped(await ask('POST', mine('/checkins'), batch('uuid-0009', 'uuid-0004')));
    await partly.finish(
      echo({ status: 422, errors: { 0: ['already'] }, checkins: [{ uuid: 'uuid-0004' }] }, 422),
    );
    const refused = mapped(await ask('POST', mine('/checkins'), batch('uuid-0005')));
    await refused.finish(echo({ status: 404, message: 'Ticket not found', uuid: 'uuid-0005' }, 404));
    expect(store.devicesOf(EVENT)[0]?.checkins_after_revocation).toBe(4);
  });

  it('opens nothing once the device has forgotten the list, its own check-ins included', async () => {
    const { ask, mine, store, id, checkins } = await joinedDoor();
    await checkins.add(id, ['uuid-0001']);
    await store.revokeDevice(EVENT, id);
    await store.forget(id);
    for (const [method, path] of [
      ['GET', '/checkins'],
      ['POST', '/checkins'],
      ['DELETE', '/checkins/uuid-0001'],
    ] as const) {
      const verdict = await ask(method, mine(path), method === 'POST' ? batch('uuid-0002') : undefined);
      expect(verdict.kind === 'answer' && verdict.response.status).toBe(410);
    }
  });

  it('refuses an answer too deep to walk rather than pass the slug on', async () => {
    const { ask, mine } = await joinedDoor();
    const verdict = mapped(await ask('GET', mine()));
    let deep: unknown = LIST.slug;
    for (let i = 0; i < 100; i++) deep = [deep];
    const answer = await verdict.finish(echo(deep));
    expect(answer.status).toBe(502);
    expect(await answer.text()).not.toContain(LIST.slug);
  });
});
