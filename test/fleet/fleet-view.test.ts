// What organisers see of the fleet, on the server's clock: online while the last report is
// within ONLINE_WITHIN_MS, join codes with their state, and the summary line over the doors
// the organiser has not revoked.
import { describe, expect, it } from 'vitest';
import { ONLINE_WITHIN_MS } from '../../src/fleet/fleet-protocol';
import { compareVersions, fleetView } from '../../src/fleet/fleet-view';
import { EVENT, LIST, doorReport, fleetAt, newCode } from './fleet-factories';

const DOOR_ORIGIN = 'https://doors.example';

async function threeDoors() {
  const fleet = await fleetAt();
  const made = await fleet.store.createCode(EVENT, newCode(5));
  if (!made.ok) throw new Error('no code');
  const ids: string[] = [];
  for (const name of ['A', 'B', 'C']) {
    const joined = await fleet.store.join(made.value.code, name, '1.0.0');
    if (!joined.ok) throw new Error('not joined');
    ids.push(joined.value.device.id);
  }
  const view = (onlineWithinMs?: number) =>
    fleetView(
      fleet.store.codesOf(EVENT),
      fleet.store.devicesOf(EVENT),
      fleet.store.lastReport,
      DOOR_ORIGIN,
      fleet.clock.now().getTime(),
      onlineWithinMs,
    );
  return { ...fleet, code: made.value, ids, view };
}

describe("the organiser's view of a fleet", () => {
  it('says a door is online while its last report is recent by the server clock', async () => {
    const { store, clock, ids, view } = await threeDoors();
    // The door's own clock is an hour off: only the server's receive time counts.
    await store.report(ids[0] ?? '', doorReport({ at: '2026-12-05T08:00:00.000Z' }));
    expect(view().devices[0]).toMatchObject({ online: true, last_seen_at: '2026-12-05T09:00:00.000Z' });
    clock.advance(ONLINE_WITHIN_MS);
    expect(view().devices[0]?.online).toBe(true);
    clock.advance(1);
    expect(view().devices[0]?.online).toBe(false);
    expect(view().devices[1]).toMatchObject({ online: false, last_seen_at: null, report: null });
    expect(view().now).toBe(clock.now().toISOString());
  });

  it("says so for the server's own online window when it sets one", async () => {
    const { store, clock, ids, view } = await threeDoors();
    await store.report(ids[0] ?? '', doorReport({}));
    clock.advance(15_000);
    expect(view(15_000).devices[0]?.online).toBe(true);
    clock.advance(1);
    expect(view(15_000).devices[0]?.online).toBe(false);
    expect(view(15_000).summary.online).toBe(0);
    expect(view().devices[0]?.online).toBe(true);
  });

  it('shows each code with its link, list and state', async () => {
    const { code, clock, view } = await threeDoors();
    const shown = view().join_codes[0];
    expect(shown).toMatchObject({
      id: code.id,
      checkin_list: LIST,
      devices_joined: 3,
      max_devices: 5,
      state: 'live',
      revoked_at: null,
    });
    expect(shown?.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(shown?.link).toBe(`${DOOR_ORIGIN}/door/join#code=${shown?.code}`);
    clock.advance(60 * 60_000);
    expect(view().join_codes[0]?.state).toBe('expired');
  });

  it('sums up doors, readiness, online, old versions and unsent check-ins, leaving revoked ones out', async () => {
    const { store, ids, view } = await threeDoors();
    const [a, b, c] = ids as [string, string, string];
    await store.report(a, doorReport({ app_version: '1.10.0', unsent: 3 }));
    await store.report(
      b,
      doorReport({ app_version: '1.9.2', unsent: 4, readiness: { ready: false, items: [] } }),
    );
    await store.report(c, doorReport({ app_version: '1.10.0', unsent: 50 }));
    await store.revokeDevice(EVENT, c);
    expect(view().summary).toEqual({
      doors: 2,
      ready: 1,
      online: 2,
      old_version: 1,
      unsent: 7,
      newest_version: '1.10.0',
    });
    expect(view().devices.find((d) => d.id === c)?.revoked_at).not.toBeNull();
  });

  it('counts a silent door as not ready, whatever its last report said', async () => {
    const { store, ids, view, clock } = await threeDoors();
    const [a, b] = ids as [string, string, string];
    await store.report(a, doorReport({}));
    clock.advance(ONLINE_WITHIN_MS + 1_000);
    await store.report(b, doorReport({}));
    expect(view().summary).toMatchObject({ doors: 3, ready: 1, online: 1 });
  });

  it('compares versions part by part', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBeGreaterThan(0);
    expect(compareVersions('1.2', '1.2.0')).toBeLessThan(0);
    expect(compareVersions('2.0.0', '2.0.0')).toBe(0);
    expect(compareVersions('1.0.0-beta', '1.0.0-alpha')).toBeGreaterThan(0);
  });
});
