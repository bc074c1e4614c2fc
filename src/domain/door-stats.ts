// The door's numbers, computed from the local copy: how far along the list is, by release,
// by device, and how fast people arrive. Pure, so the stats screen can recompute freely.
// Two kinds of figure: the list's progress (overall, by release) counts the list's tickets
// only (countsTowardList), so its totals are the service's `tickets_count`; people figures
// (by device, arrivals, flow, inside now) count everyone who came through, a guest whose
// ticket was cancelled after they came in included.
import { countsTowardList } from './list-count';

export interface StatsTicket {
  id: number;
  releaseTitle: string | null;
  /** The ticket's state as the service gives it: a void ticket is held but not on the list. */
  state: string | null;
}

export interface StatsCheckin {
  ticketId: number;
  createdAt: number;
  deletedAt: number | null;
  deviceName: string | null;
  /** How this device ended it, when it did (see CheckinRow). */
  endedBy?: 'exit' | 'undo';
}

export interface Progress {
  checkedIn: number;
  total: number;
  percent: number;
}

export interface DoorStats {
  overall: Progress;
  byRelease: { release: string; progress: Progress }[];
  byDevice: { device: string; count: number }[];
  /** Arrivals per quarter hour, oldest first, starting at the quarter of the first arrival. */
  arrivals: { start: number; count: number }[];
  /** People (tickets) with an active check-in: inside now, across all doors. */
  insideNow: number;
  /** Entries, exits and people inside per quarter hour, oldest first (see computeDoorFlow). */
  flow: FlowQuarter[];
}

export interface FlowQuarter {
  start: number;
  /** Check-ins made in this quarter (an admission again counts again). */
  entries: number;
  /** Exits in this quarter: this device's own, and check-ins deleted elsewhere. */
  exits: number;
  /** People inside at the end of this quarter (for the latest quarter: now). */
  inside: number;
}

const QUARTER = 15 * 60 * 1000;

function progress(checkedIn: number, total: number): Progress {
  return { checkedIn, total, percent: total === 0 ? 0 : Math.floor((checkedIn / total) * 100) };
}

export function computeDoorStats(
  tickets: readonly StatsTicket[],
  checkins: readonly StatsCheckin[],
  otherDevicesLabel: string,
): DoorStats {
  const firstArrival = new Map<number, StatsCheckin>();
  for (const c of checkins) {
    // A guest who left through this door still arrived; other deletions may be undos.
    if (c.deletedAt !== null && c.endedBy !== 'exit') continue;
    const seen = firstArrival.get(c.ticketId);
    if (!seen || c.createdAt < seen.createdAt) firstArrival.set(c.ticketId, c);
  }
  const releaseTotals = new Map<string, { total: number; checkedIn: number }>();
  let total = 0;
  let checkedIn = 0;
  for (const ticket of tickets) {
    // Checked in, then cancelled: off the list, so neither in the total nor among those in.
    if (!countsTowardList(ticket)) continue;
    total += 1;
    const key = ticket.releaseTitle ?? '—';
    const entry = releaseTotals.get(key) ?? { total: 0, checkedIn: 0 };
    entry.total += 1;
    if (firstArrival.has(ticket.id)) {
      entry.checkedIn += 1;
      checkedIn += 1;
    }
    releaseTotals.set(key, entry);
  }
  const devices = new Map<string, number>();
  const quarters = new Map<number, number>();
  for (const c of firstArrival.values()) {
    const device = c.deviceName ?? otherDevicesLabel;
    devices.set(device, (devices.get(device) ?? 0) + 1);
    const start = Math.floor(c.createdAt / QUARTER) * QUARTER;
    quarters.set(start, (quarters.get(start) ?? 0) + 1);
  }
  const arrivals: DoorStats['arrivals'] = [];
  const starts = [...quarters.keys()].sort((a, b) => a - b);
  const first = starts[0];
  const last = starts[starts.length - 1];
  if (first !== undefined && last !== undefined) {
    for (let at = first; at <= last; at += QUARTER)
      arrivals.push({ start: at, count: quarters.get(at) ?? 0 });
  }
  return {
    overall: progress(checkedIn, total),
    byRelease: [...releaseTotals]
      .map(([release, v]) => ({ release, progress: progress(v.checkedIn, v.total) }))
      .sort((a, b) => a.release.localeCompare(b.release)),
    byDevice: [...devices].map(([device, count]) => ({ device, count })).sort((a, b) => b.count - a.count),
    arrivals,
    ...computeDoorFlow(checkins),
  };
}

/**
 * Entries, exits and people inside per quarter hour. The service keeps an exit and an undo
 * alike as a deleted check-in: a check-in this device undid is neither an entry nor an exit;
 * one it ended by an exit is an exit; one deleted elsewhere is counted as an exit too, since
 * that is what a deletion mostly is with exits in use. Inside counts tickets, so a double
 * admission is one person.
 */
export function computeDoorFlow(checkins: readonly StatsCheckin[]): {
  insideNow: number;
  flow: FlowQuarter[];
} {
  const quarterOf = (at: number) => Math.floor(at / QUARTER) * QUARTER;
  const quarters = new Map<number, FlowQuarter>();
  const at = (start: number) => {
    let q = quarters.get(start);
    if (!q) {
      q = { start, entries: 0, exits: 0, inside: 0 };
      quarters.set(start, q);
    }
    return q;
  };
  const byTicket = new Map<number, [number, number][]>();
  const exits = new Set<string>();
  for (const c of checkins) {
    if (c.endedBy === 'undo') continue;
    at(quarterOf(c.createdAt)).entries++;
    // A deletion stamped by another clock before its check-in's scan time ends it at once.
    const end = c.deletedAt === null ? Number.POSITIVE_INFINITY : Math.max(c.deletedAt, c.createdAt);
    // One exit ends every active check-in of its ticket at the same moment: one exit.
    if (c.deletedAt !== null) exits.add(`${c.ticketId}:${end}`);
    const spans = byTicket.get(c.ticketId) ?? [];
    spans.push([c.createdAt, end]);
    byTicket.set(c.ticketId, spans);
  }
  for (const key of exits) at(quarterOf(Number(key.slice(key.indexOf(':') + 1)))).exits++;
  // Each ticket's time inside as disjoint spans, then +1 / -1 at their ends.
  const changes: [number, number][] = [];
  let insideNow = 0;
  for (const spans of byTicket.values()) {
    spans.sort((a, b) => a[0] - b[0]);
    let [from, to] = spans[0]!;
    for (const [start, end] of spans.slice(1)) {
      if (start <= to) to = Math.max(to, end);
      else {
        changes.push([from, 1], [to, -1]);
        [from, to] = [start, end];
      }
    }
    changes.push([from, 1]);
    if (to === Number.POSITIVE_INFINITY) insideNow++;
    else changes.push([to, -1]);
  }
  changes.sort((a, b) => a[0] - b[0]);
  const starts = [...quarters.keys()].sort((a, b) => a - b);
  const first = starts[0];
  const last = starts[starts.length - 1];
  const flow: FlowQuarter[] = [];
  if (first === undefined || last === undefined) return { insideNow, flow };
  let inside = 0;
  let next = 0;
  for (let start = first; start <= last; start += QUARTER) {
    const end = start + QUARTER;
    while (next < changes.length && changes[next]![0] < end) inside += changes[next++]![1];
    const q = quarters.get(start);
    flow.push({ start, entries: q?.entries ?? 0, exits: q?.exits ?? 0, inside });
  }
  return { insideNow, flow };
}
