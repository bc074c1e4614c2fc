// The check-ins of each ticket, as the open list's index holds them. Most tickets have none or
// one: a ticket's one row stands alone, an array only for two or more (a Map for each ticket
// cost about 100 bytes a ticket, 5 MB for a list half checked in). Guarantees: a ticket's rows
// come back in the order they were first put (a replaced row keeps its place), as the Map did;
// each row shares its list slug, status and device name with the others (rows read from
// IndexedDB bring their own copies of each). Pure TypeScript.
import type { CheckinRow, CheckinStatus } from '../../db/rows';
import type { StringPool } from './compact-ticket';

export function createTicketCheckins(pool: StringPool) {
  const byTicket = new Map<number, CheckinRow | CheckinRow[]>();
  const rowsOf = (ticketId: number): readonly CheckinRow[] => {
    const held = byTicket.get(ticketId);
    return held === undefined ? [] : Array.isArray(held) ? held : [held];
  };
  const compact = (row: CheckinRow): CheckinRow => ({
    ...row,
    listSlug: pool.share(row.listSlug)!,
    deviceName: pool.share(row.deviceName),
    status: pool.share(row.status) as CheckinStatus,
  });

  return {
    rowsOf,
    get: (ticketId: number, key: string) => rowsOf(ticketId).find((row) => row.key === key),
    /** Adds `row` to its ticket, or replaces the row of the same key there. */
    set(given: CheckinRow) {
      const row = compact(given);
      const held = byTicket.get(row.ticketId);
      if (held === undefined) return void byTicket.set(row.ticketId, row);
      if (!Array.isArray(held))
        return void byTicket.set(row.ticketId, held.key === row.key ? row : [held, row]);
      const at = held.findIndex((r) => r.key === row.key);
      if (at >= 0) held[at] = row;
      else held.push(row);
    },
    delete(ticketId: number, key: string) {
      const left = rowsOf(ticketId).filter((row) => row.key !== key);
      if (left.length > 1) byTicket.set(ticketId, left);
      else if (left.length === 1) byTicket.set(ticketId, left[0]!);
      else byTicket.delete(ticketId);
    },
    all: (): CheckinRow[] => [...byTicket.values()].flat(),
  };
}
