// The door's numbers, computed from the local copy: how far along the list is, by release,
// by device, and how fast people arrive. Pure, so the stats screen can recompute freely.

export interface StatsTicket {
  id: number;
  releaseTitle: string | null;
}

export interface StatsCheckin {
  ticketId: number;
  createdAt: number;
  deletedAt: number | null;
  deviceName: string | null;
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
    if (c.deletedAt !== null) continue;
    const seen = firstArrival.get(c.ticketId);
    if (!seen || c.createdAt < seen.createdAt) firstArrival.set(c.ticketId, c);
  }
  const releaseTotals = new Map<string, { total: number; checkedIn: number }>();
  let checkedIn = 0;
  for (const ticket of tickets) {
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
    overall: progress(checkedIn, tickets.length),
    byRelease: [...releaseTotals]
      .map(([release, v]) => ({ release, progress: progress(v.checkedIn, v.total) }))
      .sort((a, b) => a.release.localeCompare(b.release)),
    byDevice: [...devices].map(([device, count]) => ({ device, count })).sort((a, b) => b.count - a.count),
    arrivals,
  };
}
