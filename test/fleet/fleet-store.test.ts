// The fleet's core on a fixed clock with seeded ids: join codes that join only while live (and
// refuse alike once not), devices found by their credential's digest only, revocation, identify
// once, forgetting, counting a revoked door's check-ins once each, its bounds, and a failed
// write that changes nothing.
import { describe, expect, it } from 'vitest';
import { credentialDigest } from '../../src/fleet/device-credentials';
import { createFleetStore } from '../../src/fleet/fleet-store';
import { fixedClock } from '../../src/platform/clock';
import { EVENT, OTHER_EVENT, doorReport, fleetAt, memoryFile, newCode, seededIds } from './fleet-factories';

async function codeOf(store: Awaited<ReturnType<typeof fleetAt>>['store'], max = 2, minutes = 60) {
  const made = await store.createCode(EVENT, newCode(max, minutes));
  if (!made.ok) throw new Error('no code');
  return made.value;
}

describe('the fleet store', () => {
  it('joins devices by a live code until it is used up, then refuses like an unknown code', async () => {
    const { store } = await fleetAt();
    const code = await codeOf(store, 2);
    expect(code.code).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{16}$/);
    const first = await store.join(code.code, 'North', '1.4.0');
    const second = await store.join(code.code, 'South', '1.4.0');
    expect(first.ok && second.ok).toBe(true);
    expect(await store.join(code.code, 'West', '1.4.0')).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.join('0000-0000-0000-0000', 'West', '1.4.0')).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(store.devicesOf(EVENT).map((d) => d.name)).toEqual(['North', 'South']);
    expect(store.codesOf(EVENT)[0]?.devices_joined).toBe(2);
  });

  it('refuses an expired code and a withdrawn one the same way as one that never was', async () => {
    const { store, clock } = await fleetAt();
    const expiring = await codeOf(store, 5, 5);
    const withdrawn = await codeOf(store, 5, 60);
    clock.advance(5 * 60_000 - 1);
    expect((await store.join(expiring.code, 'A', '1.0.0')).ok).toBe(true);
    clock.advance(1);
    expect(await store.join(expiring.code, 'B', '1.0.0')).toEqual({ ok: false, reason: 'not-found' });
    expect((await store.revokeCode(EVENT, withdrawn.id)).ok).toBe(true);
    expect(await store.join(withdrawn.code, 'C', '1.0.0')).toEqual({ ok: false, reason: 'not-found' });
  });

  it('reads a typed code as Crockford meant: any case, spaces and hyphens, I and L as 1, O as 0', async () => {
    const { store } = await fleetAt();
    const code = await codeOf(store, 5);
    const typed = ` ${code.code.slice(0, 4).toLowerCase()} - ${code.code.slice(4)} `
      .replace(/1/g, 'l')
      .replace(/0/g, 'o');
    expect((await store.join(typed, 'A', '1.0.0')).ok).toBe(true);
  });

  it('keeps a device credential only as its digest and finds the device by it', async () => {
    const { store, file } = await fleetAt();
    const code = await codeOf(store);
    const joined = await store.join(code.code, 'North', '1.4.0');
    if (!joined.ok) throw new Error('not joined');
    const { credential, device } = joined.value;
    expect(credential).toMatch(/^dev_[0-9A-Za-z]{40}$/);
    expect(JSON.stringify(file.stored)).not.toContain(credential);
    expect(device.digest).toBe(credentialDigest(credential));
    expect(store.deviceByCredential(credential)?.id).toBe(device.id);
    expect(store.deviceByCredential(`${credential.slice(0, -1)}x`)).toBeUndefined();
  });

  it('gives ids from the random it is handed, so a seeded run repeats', async () => {
    const ids = async () => {
      const store = await createFleetStore({
        file: memoryFile(),
        clock: fixedClock('2026-12-05T09:00:00Z'),
        newId: seededIds(42),
      });
      const code = await codeOf(store);
      const joined = await store.join(code.code, 'A', '1.0.0');
      return [code.id, joined.ok ? joined.value.device.id : ''];
    };
    expect(await ids()).toEqual(await ids());
  });

  it('says identify once after the organiser asked, and only to that device', async () => {
    const { store } = await fleetAt();
    const code = await codeOf(store);
    const a = await store.join(code.code, 'A', '1.0.0');
    const b = await store.join(code.code, 'B', '1.0.0');
    if (!a.ok || !b.ok) throw new Error('not joined');
    expect(await store.report(a.value.device.id, doorReport())).toEqual({ identify: false });
    expect((await store.requestIdentify(EVENT, a.value.device.id)).ok).toBe(true);
    expect(await store.requestIdentify(OTHER_EVENT, b.value.device.id)).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await store.report(b.value.device.id, doorReport())).toEqual({ identify: false });
    expect(await store.report(a.value.device.id, doorReport())).toEqual({ identify: true });
    expect(await store.report(a.value.device.id, doorReport())).toEqual({ identify: false });
  });

  it('asks a revoked device for nothing, and forgets a pending ask when it is revoked', async () => {
    const { store } = await fleetAt();
    const code = await codeOf(store);
    const a = await store.join(code.code, 'A', '1.0.0');
    const b = await store.join(code.code, 'B', '1.0.0');
    if (!a.ok || !b.ok) throw new Error('not joined');
    await store.revokeDevice(EVENT, a.value.device.id);
    expect(await store.requestIdentify(EVENT, a.value.device.id)).toEqual({ ok: false, reason: 'revoked' });
    await store.requestIdentify(EVENT, b.value.device.id);
    await store.revokeDevice(EVENT, b.value.device.id);
    expect(store.devicesOf(EVENT).map((d) => d.identify_pending)).toEqual([false, false]);
  });

  it("counts a revoked device's check-ins once per uuid until it forgets the list", async () => {
    const { store } = await fleetAt();
    const code = await codeOf(store);
    const joined = await store.join(code.code, 'A', '1.0.0');
    if (!joined.ok) throw new Error('not joined');
    const id = joined.value.device.id;
    expect((await store.countTaken(id, ['u-00000001'])).ok).toBe(false);
    await store.revokeDevice(EVENT, id);
    const batch = Array.from({ length: 20 }, (_, i) => `uuid-${String(i).padStart(4, '0')}`);
    await store.countTaken(id, batch);
    await store.countTaken(id, batch);
    await store.countTaken(id, [...batch.slice(0, 5), 'uuid-extra-1']);
    expect(store.devicesOf(EVENT)[0]?.checkins_after_revocation).toBe(21);
    await store.forget(id);
    await store.forget(id);
    const device = store.devicesOf(EVENT)[0];
    expect(device?.forgotten_at).not.toBeNull();
    expect(device?.taken_uuids).toEqual([]);
    expect((await store.countTaken(id, ['uuid-later-1'])).ok).toBe(false);
    expect(store.devicesOf(EVENT)[0]?.checkins_after_revocation).toBe(21);
  });

  it('finds codes and devices only within their own event', async () => {
    const { store } = await fleetAt();
    const code = await codeOf(store);
    const joined = await store.join(code.code, 'A', '1.0.0');
    if (!joined.ok) throw new Error('not joined');
    expect(await store.revokeCode(OTHER_EVENT, code.id)).toEqual({ ok: false, reason: 'not-found' });
    expect(await store.revokeDevice(OTHER_EVENT, joined.value.device.id)).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(store.codesOf(OTHER_EVENT)).toEqual([]);
    expect(store.devicesOf(OTHER_EVENT)).toEqual([]);
  });

  it('stays within its bounds: spent codes and forgotten devices make room, live ones never go', async () => {
    const { store, clock } = await fleetAt(undefined, { codesPerEvent: 2, devicesPerEvent: 2 });
    const first = await codeOf(store, 5, 5);
    await codeOf(store, 5, 60);
    expect(await store.createCode(EVENT, newCode())).toEqual({ ok: false, reason: 'full' });
    expect((await store.createCode(OTHER_EVENT, newCode())).ok).toBe(true);
    clock.advance(5 * 60_000);
    expect((await store.createCode(EVENT, newCode(5))).ok).toBe(true);
    expect(store.codesOf(EVENT).map((c) => c.id)).not.toContain(first.id);
    const live = store.codesOf(EVENT).at(-1)?.code ?? '';
    const a = await store.join(live, 'A', '1.0.0');
    await store.join(live, 'B', '1.0.0');
    expect(await store.join(live, 'C', '1.0.0')).toEqual({ ok: false, reason: 'full' });
    if (!a.ok) throw new Error('not joined');
    await store.revokeDevice(EVENT, a.value.device.id);
    expect(await store.join(live, 'C', '1.0.0')).toEqual({ ok: false, reason: 'full' });
    await store.forget(a.value.device.id);
    expect((await store.join(live, 'C', '1.0.0')).ok).toBe(true);
    expect(store.devicesOf(EVENT).map((d) => d.name)).toEqual(['B', 'C']);
  });

  it('remembers at most its bound of uuids per revoked device', async () => {
    const { store } = await fleetAt(undefined, { takenUuidsPerDevice: 3 });
    const code = await codeOf(store);
    const joined = await store.join(code.code, 'A', '1.0.0');
    if (!joined.ok) throw new Error('not joined');
    await store.revokeDevice(EVENT, joined.value.device.id);
    await store.countTaken(joined.value.device.id, ['uuid-0001', 'uuid-0002', 'uuid-0003', 'uuid-0004']);
    expect(store.devicesOf(EVENT)[0]?.taken_uuids).toHaveLength(3);
    expect(store.devicesOf(EVENT)[0]?.checkins_after_revocation).toBe(4);
  });

  it('changes nothing when the write fails, and throws that fault', async () => {
    const { store, file } = await fleetAt();
    const code = await codeOf(store);
    file.failing = true;
    await expect(store.join(code.code, 'A', '1.0.0')).rejects.toThrow('disk full');
    expect(store.devicesOf(EVENT)).toEqual([]);
    expect(store.codesOf(EVENT)[0]?.devices_joined).toBe(0);
    file.failing = false;
    expect((await store.join(code.code, 'A', '1.0.0')).ok).toBe(true);
  });

  it('starts from what the file holds', async () => {
    const { store, file } = await fleetAt();
    const code = await codeOf(store);
    const joined = await store.join(code.code, 'A', '1.0.0');
    if (!joined.ok) throw new Error('not joined');
    await store.revokeDevice(EVENT, joined.value.device.id);
    const again = await createFleetStore({
      file,
      clock: fixedClock('2026-12-05T10:00:00Z'),
      newId: seededIds(),
    });
    expect(again.deviceByCredential(joined.value.credential)?.revoked_at).not.toBeNull();
    expect(again.codesOf(EVENT)).toHaveLength(1);
  });
});
