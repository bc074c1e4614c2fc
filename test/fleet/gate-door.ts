// A door joined by code, with its device gate over the devices' own check-ins in a temporary
// folder and a list whose held check-ins a test sets: what the gate tests share.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceCheckins } from '../../src/fleet/device-checkins';
import { type GateVerdict, createDeviceGate } from '../../src/fleet/device-gate';
import { EVENT, LIST, fleetAt, newCode } from './fleet-factories';

export const ORIGIN = 'http://doors.test';
const folders: string[] = [];

/** Removes the folders made by `joinedDoor` (an afterEach). */
export function removeFolders() {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

export async function joinedDoor() {
  const fleet = await fleetAt();
  const made = await fleet.store.createCode(EVENT, newCode(5));
  if (!made.ok) throw new Error('no code');
  const joined = await fleet.store.join(made.value.code, 'North', '1.0.0');
  if (!joined.ok) throw new Error('not joined');
  const folder = mkdtempSync(join(tmpdir(), 'device-gate-'));
  folders.push(folder);
  const checkins = deviceCheckins(folder, { warn: () => {} });
  /** The uuids the list holds; `null`: the host cannot tell. */
  const list: { held: Set<string> | null } = { held: new Set() };
  const gate = createDeviceGate({
    store: fleet.store,
    checkins,
    holdsCheckin: (slug, uuid) => (slug === LIST.slug && list.held ? list.held.has(uuid) : undefined),
  });
  const credential = joined.value.credential;
  const id = joined.value.device.id;
  /** The gate's verdict on `method target` (a path under the device's list when it starts with `/` alone). */
  const ask = (method: string, target: string, body?: unknown): Promise<GateVerdict> =>
    gate(
      new Request(`${ORIGIN}${target}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
      target,
    );
  const mine = (path = '') => `/checkin/checkin_lists/${credential}${path}`;
  return { ...fleet, credential, id, gate, ask, mine, list, checkins, folder };
}

export const echo = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', link: `</checkin/checkin_lists/${LIST.slug}>` },
  });

/** The verdict's mapping, or a thrown error naming what it was instead. */
export function mapped(verdict: GateVerdict) {
  if (verdict.kind !== 'mapped') throw new Error(`not mapped: ${verdict.kind}`);
  return verdict;
}

/** A check-in POST's body: one item per uuid (null: the service chooses it). */
export const batch = (...uuids: (string | null)[]) => ({
  batch: {
    checkins: uuids.map((uuid, i) => (uuid === null ? { ticket_id: i + 1 } : { ticket_id: i + 1, uuid })),
  },
});
