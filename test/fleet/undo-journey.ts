// The fleet journey's undos (./fleet-journey runs these in its order, on its doors): a revoked
// door still undoes the check-ins it made, before or after its revocation and across kill -9,
// and never another door's, even one whose uuid it downloaded and sends again; what it made is
// kept owner-only beside fleet.json and goes once the door has forgotten the list.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { FleetHost } from './fleet-journey';
import { type Json, batchOf, call, type door, type organiser } from './fleet-process';

/** The doors and tickets the journey made, shared by its tests in order. */
export interface JourneyDoors {
  code?: Json;
  first?: Json;
  second?: Json;
  undoing?: Json;
  unknownCode?: string;
  tickets: number[];
}

const REVOKED = { status: 410, message: 'This device was revoked by the organiser', revoked: true };
/** Whether each uuid is held, deleted (true) or not (false) as given. */
const deletedAs = (wanted: Record<string, boolean>) => (held: Json[]) =>
  Object.entries(wanted).every(([uuid, deleted]) => {
    const found = held.find((c: Json) => c.uuid === uuid);
    return found !== undefined && (found.deleted_at !== null) === deleted;
  });

export function undoJourney(parts: {
  host: () => FleetHost;
  doors: ReturnType<typeof door>;
  org: () => ReturnType<typeof organiser>;
  made: JourneyDoors;
}) {
  const { host: h, doors, org, made } = parts;
  const undo = (credential: string, uuid: string) =>
    call(h().origin(), `/checkin/checkin_lists/${credential}/checkins/${uuid}`, { method: 'DELETE' });

  it('lets a revoked door undo the check-ins it made, before or after its revocation, and no other', async () => {
    const code = (await org().createCode(h().slug, 1)).body.join_code;
    made.undoing = (await doors.join(code.code, 'Undo door')).body;
    const { credential, device } = made.undoing;
    const t = made.tickets;
    expect((await doors.checkins(credential, batchOf(t.slice(70, 72), 'undo-door-live'))).status).toBe(201);
    const otherDoor = await call(h().origin(), `/checkin/checkin_lists/${h().slug}/checkins`, {
      method: 'POST',
      body: { checkin: { ticket_id: t[72], uuid: 'slug-door-other-0001' } },
    });
    expect(otherDoor.status).toBe(201);
    // While live it downloads every door's check-ins, uuids and all.
    const downloaded = (await doors.read(credential, '/checkins')).body.map((c: Json) => c.uuid);
    expect(downloaded).toEqual(expect.arrayContaining(['door-one-batch-00000000', 'slug-door-other-0001']));
    expect((await org().revokeDevice(device.id)).status).toBe(200);
    // An admission made offline before it heard of the revocation arrives now.
    expect((await doors.checkins(credential, batchOf(t.slice(73, 74), 'undo-door-late'))).status).toBe(201);
    const view = (await org().view()).body;
    expect(view.devices.find((d: Json) => d.id === device.id).checkins_after_revocation).toBe(1);
    // Another door's uuid sent again: the service answers with that door's check-in.
    const replay = await doors.checkins(credential, {
      checkin: { ticket_id: t[74], uuid: 'door-one-batch-00000000' },
    });
    expect(replay.status).toBe(200);
    for (const uuid of ['undo-door-live-00000000', 'undo-door-late-00000000']) {
      const undone = await undo(credential, uuid);
      expect(undone.status).toBe(200);
      expect(undone.body).toMatchObject({ uuid, deleted_at: expect.any(String) });
      expect(undone.text).not.toContain(h().slug);
    }
    for (const uuid of ['door-one-batch-00000000', 'slug-door-other-0001', 'never-made-00000001']) {
      const refused = await undo(credential, uuid);
      expect(refused.status).toBe(410);
      expect(refused.body).toEqual(REVOKED);
    }
    const held = await h().serviceCheckins(
      deletedAs({
        'undo-door-live-00000000': true,
        'undo-door-late-00000000': true,
        'undo-door-live-00000001': false,
        'door-one-batch-00000000': false,
        'slug-door-other-0001': false,
      }),
    );
    const state = (uuid: string) => {
      const found = held.find((c: Json) => c.uuid === uuid);
      return found ? found.deleted_at : 'missing';
    };
    expect(state('undo-door-live-00000000')).not.toBeNull();
    expect(state('undo-door-late-00000000')).not.toBeNull();
    expect(state('undo-door-live-00000001')).toBeNull();
    expect(state('door-one-batch-00000000')).toBeNull();
    expect(state('slug-door-other-0001')).toBeNull();
  });

  it('keeps what a revoked door made across kill -9, so its undo is taken after the restart', async () => {
    const { credential } = made.undoing;
    expect(
      (await doors.checkins(credential, batchOf(made.tickets.slice(75, 76), 'undo-door-crash'))).status,
    ).toBe(201);
    await h().restart();
    for (const uuid of ['undo-door-crash-00000000', 'undo-door-live-00000001']) {
      const undone = await undo(credential, uuid);
      expect(undone.status).toBe(200);
      expect(undone.body.deleted_at).not.toBeNull();
    }
    expect((await undo(credential, 'door-one-batch-00000000')).status).toBe(410);
    await h().serviceCheckins(
      deletedAs({
        'undo-door-crash-00000000': true,
        'undo-door-live-00000001': true,
        'door-one-batch-00000000': false,
      }),
    );
  });

  it('keeps what a door made owner-only, and lets it go once the door has forgotten the list', async () => {
    const { credential, device } = made.undoing;
    const file = join(h().dataDir(), 'fleet-checkins', `${device.id}.uuids`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').split('\n')).toEqual(
      expect.arrayContaining([
        'undo-door-live-00000000',
        'undo-door-late-00000000',
        'undo-door-crash-00000000',
      ]),
    );
    expect(readFileSync(file, 'utf8')).not.toContain('door-one-batch');
    expect((await doors.forgotten(credential)).status).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await undo(credential, 'undo-door-live-00000000')).status).toBe(410);
  });
}
