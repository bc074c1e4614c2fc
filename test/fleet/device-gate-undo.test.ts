// Which undos (DELETE of a check-in) a revoked device may still make through the gate: those of
// check-ins it made itself, before its revocation or after, and never another door's, even one
// whose uuid it sends again so that the service answers it with that door's check-in. What it
// made is written before the door hears back, and a revoked device's fresh uuids before its POST
// goes on. On a fixed clock, the service stood in by echoed answers.
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT, LIST } from './fleet-factories';
import { batch, echo, joinedDoor, mapped, removeFolders } from './gate-door';

afterEach(removeFolders);

const refusedAsRevoked = async (
  verdict: Awaited<ReturnType<Awaited<ReturnType<typeof joinedDoor>>['ask']>>,
) => {
  if (verdict.kind !== 'answer') return `not refused: ${verdict.kind}`;
  return { status: verdict.response.status, body: await verdict.response.json() };
};
const REVOKED = {
  status: 410,
  body: { status: 410, message: 'This device was revoked by the organiser', revoked: true },
};

describe('the device gate and undos', () => {
  it("records what a live device's check-ins were answered with before the door hears back", async () => {
    const { ask, mine, id, checkins } = await joinedDoor();
    const post = async (body: unknown, answer: Response) => {
      const finished = await mapped(await ask('POST', mine('/checkins'), body)).finish(answer);
      // The uuids are on disk by the time the answer is handed back.
      return finished;
    };
    await post({ checkin: { ticket_id: 1, uuid: 'live-0001' } }, echo({ uuid: 'live-0001' }, 201));
    await post(batch('live-0002', 'live-0003'), echo([{ uuid: 'live-0002' }, { uuid: 'live-0003' }], 200));
    await post(
      batch('live-0009', 'live-0004'),
      echo({ status: 422, errors: { 0: ['already'] }, checkins: [{ uuid: 'live-0004' }] }, 422),
    );
    await post(
      batch('live-0005'),
      echo({ status: 404, message: 'Ticket not found', uuid: 'live-0005' }, 404),
    );
    await post(batch('live-0006'), echo({ uuid: 'live-0006' }, 500));
    const own = await Promise.all(
      ['live-0001', 'live-0002', 'live-0003', 'live-0004', 'live-0005', 'live-0006', 'live-0009'].map(
        (uuid) => checkins.has(id, uuid),
      ),
    );
    expect(own).toEqual([true, true, true, true, false, false, false]);
  });

  it("maps a live device's undo of any check-in, as before", async () => {
    const { ask, mine } = await joinedDoor();
    const verdict = mapped(await ask('DELETE', mine('/checkins/other-door-0001')));
    expect(verdict.target).toBe(`/checkin/checkin_lists/${LIST.slug}/checkins/other-door-0001`);
  });

  it('lets a revoked device undo what it made, before or after its revocation, and nothing else', async () => {
    const { ask, mine, store, id, clock, list } = await joinedDoor();
    list.held = new Set(['other-door-0001', 'other-door-0002']);
    await mapped(await ask('POST', mine('/checkins'), batch('own-live-0001'))).finish(
      echo([{ uuid: 'own-live-0001' }], 201),
    );
    list.held.add('own-live-0001');
    clock.advance(60_000);
    await store.revokeDevice(EVENT, id);
    // An admission made offline arrives late, beside another door's uuid sent again.
    await mapped(await ask('POST', mine('/checkins'), batch('own-late-0001', 'other-door-0001'))).finish(
      echo([{ uuid: 'own-late-0001' }, { uuid: 'other-door-0001' }], 201),
    );
    await mapped(await ask('POST', mine('/checkins'), batch(null))).finish(
      echo([{ uuid: 'service-chose-0001' }], 201),
    );
    for (const uuid of ['own-live-0001', 'own-late-0001', 'service-chose-0001']) {
      const verdict = mapped(await ask('DELETE', mine(`/checkins/${uuid}`)));
      expect(verdict.target).toBe(`/checkin/checkin_lists/${LIST.slug}/checkins/${uuid}`);
      expect(verdict.request.method).toBe('DELETE');
      const answer = await verdict.finish(
        echo({ uuid, deleted_at: '2026-12-05T09:02:00Z', list: LIST.slug }),
      );
      expect(answer.status).toBe(200);
      // Told only the check-in's own fields: nothing else of the answer reaches a revoked device.
      expect(await answer.json()).toEqual({ uuid, deleted_at: '2026-12-05T09:02:00Z' });
    }
    for (const path of [
      '/checkins/other-door-0001',
      '/checkins/other-door-0002',
      '/checkins/never-made-0001',
      '/checkins/%6Fwn-live-0001',
      '/checkins/own-live-0001/more',
      '/checkins',
    ])
      expect(await refusedAsRevoked(await ask('DELETE', mine(path)))).toEqual(REVOKED);
    expect(await refusedAsRevoked(await ask('GET', mine('/checkins/own-live-0001')))).toEqual(REVOKED);
  });

  it("makes a revoked device's fresh uuids its own before its POST goes on", async () => {
    const { ask, mine, store, id, checkins } = await joinedDoor();
    await store.revokeDevice(EVENT, id);
    const verdict = mapped(await ask('POST', mine('/checkins'), batch('fresh-0001')));
    // No answer comes back (kill -9 after the service recorded it): the retry is answered 200.
    expect(await checkins.has(id, 'fresh-0001')).toBe(true);
    expect(await verdict.request.json()).toEqual(batch('fresh-0001'));
    expect(mapped(await ask('DELETE', mine('/checkins/fresh-0001'))).target).toContain(LIST.slug);
  });

  it('makes nothing its own where the host cannot tell what the list holds, or the body is not one', async () => {
    const { ask, mine, store, id, checkins, list } = await joinedDoor();
    await store.revokeDevice(EVENT, id);
    list.held = null;
    await mapped(await ask('POST', mine('/checkins'), batch('unsure-0001'))).finish(
      echo([{ uuid: 'unsure-0001' }], 201),
    );
    list.held = new Set();
    await mapped(await ask('POST', mine('/checkins'), 'uuid=odd-0001')).finish(
      echo([{ uuid: 'odd-0001' }], 201),
    );
    expect(await checkins.has(id, 'unsure-0001')).toBe(false);
    expect(await checkins.has(id, 'odd-0001')).toBe(false);
    expect(store.devicesOf(EVENT)[0]?.checkins_after_revocation).toBe(2);
  });

  it("refuses a revoked device's POST too large to read, as the service would", async () => {
    const { ask, mine, store, id } = await joinedDoor();
    await store.revokeDevice(EVENT, id);
    const verdict = await ask('POST', mine('/checkins'), `{"x":"${'y'.repeat(2 * 1024 * 1024)}"}`);
    expect(verdict.kind === 'answer' && verdict.response.status).toBe(413);
  });
});
