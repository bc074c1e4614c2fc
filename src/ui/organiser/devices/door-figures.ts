// How the Devices screen reads one door and the fleet: the door's state, how long it has been
// silent, how old its copy is, what is not ready, the order doors are listed in, and the one
// line about the fleet. No React: the screen only lays these out, and tests read them as words.
//
// Durations are measured on the server's clock (FleetView.now against last_seen_at), never on
// this laptop's; a copy's age adds the time the door measured on its own clock (report.at less
// synced_at), so a door whose clock is wrong still reports a true age.
import type { DeviceData, FleetData, ReportData } from '../../../api/fleet-client';
import type { ReadinessItemId } from '../../../fleet/fleet-protocol';
import { formatCount } from '../../format';
import { type MessageKey, t, tn } from '../../i18n/t';

export type DoorState = 'online' | 'silent' | 'never-seen' | 'revoked' | 'forgotten';

export function doorState(device: DeviceData): DoorState {
  if (device.forgotten_at) return 'forgotten';
  if (device.revoked_at) return 'revoked';
  if (device.online) return 'online';
  return device.last_seen_at ? 'silent' : 'never-seen';
}

const ms = (iso: string | null): number | null => {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
};

/** How long the door has said nothing, by the server's clock (null: online, or never seen). */
export function silentFor(device: DeviceData, now: string): number | null {
  if (device.online) return null;
  const seen = ms(device.last_seen_at);
  const at = ms(now);
  return seen === null || at === null ? null : Math.max(0, at - seen);
}

/** How old the door's copy is now: its own clock up to its report, the server's since. */
export function copyAge(device: DeviceData, now: string): number | null {
  const report = device.report;
  const synced = ms(report?.copy.synced_at ?? null);
  const reported = ms(report?.at ?? null);
  const seen = ms(device.last_seen_at);
  const at = ms(now);
  if (!report || synced === null || reported === null) return null;
  const sinceReport = seen !== null && at !== null ? Math.max(0, at - seen) : 0;
  return Math.max(0, reported - synced) + sinceReport;
}

// Every item of the protocol has words; a new one fails to compile here until it has.
const KNOWN_ITEMS: Record<ReadinessItemId, true> = {
  'list-complete': true,
  'list-fresh': true,
  'outbox-empty': true,
  'storage-persistent': true,
  'storage-room': true,
  camera: true,
  clock: true,
  'app-version': true,
  battery: true,
  'badge-printing': true,
  'kiosk-pin': true,
};

/** A readiness item in words; one this version does not know, by its id. */
export function itemWords(id: string): string {
  return Object.hasOwn(KNOWN_ITEMS, id) ? t(`devItem_${id as ReadinessItemId}`) : id;
}

/** What keeps the door from being ready: its red items, then its amber ones. */
export function readinessProblems(report: ReportData | null): { red: string[]; amber: string[] } {
  const items = report?.readiness.items ?? [];
  return {
    red: items.filter((i) => i.level === 'red').map((i) => i.id),
    amber: items.filter((i) => i.level === 'amber').map((i) => i.id),
  };
}

const REFUSAL_WORDS: Record<string, MessageKey> = {
  'already-checked-in': 'verdictAlreadyCheckedIn',
  'just-admitted': 'verdictJustAdmitted',
  unpaid: 'verdictUnpaid',
  void: 'verdictVoid',
  'not-on-list': 'verdictNotOnList',
  'unknown-code': 'verdictUnknownCode',
  'not-a-ticket': 'verdictNotATicket',
  'list-code': 'verdictListCode',
  'list-expired': 'verdictListExpired',
  'not-inside': 'verdictNotInside',
};

/** A refusal reason as the door shows it; one this version does not know, as the door named it. */
export function refusalWords(reason: string): string {
  const key = REFUSAL_WORDS[reason];
  return key ? t(key) : reason;
}

/** Refusals by reason, most first; the total beside. */
export function refusalsOf(report: ReportData | null): { total: number; byReason: [string, number][] } {
  const byReason = Object.entries(report?.refusals ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { total: byReason.reduce((sum, [, n]) => sum + n, 0), byReason };
}

/**
 * Doors that need someone to walk over come first: silent ones, then red, then amber or not
 * yet ready or behind (old version, waiting to send), then ready ones; revoked doors last, the
 * ones still holding the list before those that forgot it. Within a group, by name as people
 * number doors ("Door 2" before "Door 10").
 */
export function attentionRank(device: DeviceData, newestVersion: string | null): number {
  const state = doorState(device);
  if (state === 'forgotten') return 7;
  if (state === 'revoked') return 6;
  if (state === 'silent' || state === 'never-seen') return 0;
  const report = device.report;
  if (!report) return 0;
  const { red, amber } = readinessProblems(report);
  if (red.length > 0) return 1;
  if (!report.readiness.ready || amber.length > 0) return 2;
  if ((newestVersion && report.app_version !== newestVersion) || report.unsent > 0 || report.parked > 0)
    return 3;
  return 4;
}

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function sortDoors(devices: readonly DeviceData[], newestVersion: string | null): DeviceData[] {
  return [...devices].sort(
    (a, b) =>
      attentionRank(a, newestVersion) - attentionRank(b, newestVersion) ||
      byName.compare(a.name, b.name) ||
      a.id.localeCompare(b.id),
  );
}

/** Doors that still hold the list and are not heard from. */
export function silentCount(devices: readonly DeviceData[]): number {
  return devices.filter((d) => {
    const state = doorState(d);
    return state === 'silent' || state === 'never-seen';
  }).length;
}

/** "12 of 14 doors ready; 2 silent; 1 on an old version; 38 waiting to send". */
export function summaryLine(view: FleetData): string {
  const { doors, ready, old_version, unsent } = view.summary;
  if (doors === 0) return t('devSummaryNone');
  const parts = [tn('devSummaryReady', doors, { ready: formatCount(ready) })];
  const silent = silentCount(view.devices);
  if (silent > 0) parts.push(tn('devSummarySilent', silent));
  if (old_version > 0) parts.push(tn('devSummaryOld', old_version));
  parts.push(unsent > 0 ? tn('devSummaryUnsent', unsent) : t('devSummaryAllSent'));
  return parts.join(t('devSummarySeparator'));
}

/** "1,204 of 1,210 tickets", or the count alone when the service's total is unknown. */
export function copyWords(report: ReportData): string {
  const { tickets, tickets_expected } = report.copy;
  return tickets_expected === null
    ? tn('devCopyTickets', tickets)
    : tn('devCopyOf', tickets_expected, { tickets: formatCount(tickets) });
}
