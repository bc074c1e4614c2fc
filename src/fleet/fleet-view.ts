// What organisers and doors are shown of the stored fleet (./fleet-data) in the protocol's
// shapes. A device is online while its last report came within ONLINE_WITHIN_MS (or the server's
// own setting) of the server's clock. The summary counts doors: devices the organiser has not revoked.
import type { LastReport, StoredCode, StoredDevice } from './fleet-data';
import {
  type DeviceView,
  type FleetSummary,
  type FleetView,
  type JoinCodeView,
  ONLINE_WITHIN_MS,
} from './fleet-protocol';
import { shownJoinCode } from './join-codes';
import { codeState } from './fleet-store';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Where the door app joins by a code: its join screen, the code in the fragment (never sent). */
export function joinLink(doorOrigin: string, code: string): string {
  return `${doorOrigin}/door/join#code=${shownJoinCode(code)}`;
}

export function joinCodeView(code: StoredCode, doorOrigin: string, now: number): JoinCodeView {
  return {
    id: code.id,
    code: shownJoinCode(code.code),
    link: joinLink(doorOrigin, code.code),
    label: code.label,
    checkin_list: { slug: code.list_slug, title: code.list_title },
    created_at: new Date(code.created_at).toISOString(),
    expires_at: new Date(code.expires_at).toISOString(),
    max_devices: code.max_devices,
    devices_joined: code.devices_joined,
    revoked_at: iso(code.revoked_at),
    state: codeState(code, now),
  };
}

export function deviceView(
  device: StoredDevice,
  last: LastReport | undefined,
  now: number,
  onlineWithinMs = ONLINE_WITHIN_MS,
): DeviceView {
  return {
    id: device.id,
    name: last?.report.name ?? device.name,
    checkin_list: { slug: device.list_slug, title: device.list_title },
    join_code_id: device.join_code_id,
    joined_at: new Date(device.joined_at).toISOString(),
    last_seen_at: iso(last?.receivedAt ?? null),
    online: last !== undefined && now - last.receivedAt <= onlineWithinMs,
    report: last?.report ?? null,
    revoked_at: iso(device.revoked_at),
    forgotten_at: iso(device.forgotten_at),
    checkins_after_revocation: device.checkins_after_revocation,
    identify_pending: device.identify_pending,
  };
}

/** Dotted versions compared part by part, numbers as numbers (`1.10.0` is newer than `1.9.2`). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    if (x === y) continue;
    const nx = /^\d+$/.test(x) ? Number(x) : Number.NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : Number.NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return 0;
}

export function fleetSummary(devices: DeviceView[]): FleetSummary {
  const doors = devices.filter((d) => d.revoked_at === null && d.forgotten_at === null);
  let newest: string | null = null;
  for (const d of doors) {
    const version = d.report?.app_version;
    if (version && (newest === null || compareVersions(version, newest) > 0)) newest = version;
  }
  return {
    doors: doors.length,
    // A silent door's last "ready" may no longer be true: only doors heard from now count.
    ready: doors.filter((d) => d.online && d.report?.readiness.ready === true).length,
    online: doors.filter((d) => d.online).length,
    old_version: doors.filter((d) => d.report && newest !== null && d.report.app_version !== newest).length,
    unsent: doors.reduce((sum, d) => sum + (d.report?.unsent ?? 0), 0),
    newest_version: newest,
  };
}

export function fleetView(
  codes: StoredCode[],
  devices: StoredDevice[],
  lastReport: (id: string) => LastReport | undefined,
  doorOrigin: string,
  now: number,
  onlineWithinMs = ONLINE_WITHIN_MS,
): FleetView {
  const shown = devices.map((d) => deviceView(d, lastReport(d.id), now, onlineWithinMs));
  return {
    devices: shown,
    join_codes: codes.map((c) => joinCodeView(c, doorOrigin, now)),
    summary: fleetSummary(shown),
    now: new Date(now).toISOString(),
  };
}
