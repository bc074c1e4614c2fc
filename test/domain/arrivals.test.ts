import { describe, expect, it } from 'vitest';
import {
  type ArrivalCheckin,
  type ArrivalTicket,
  BUCKET_MS,
  createArrivals,
  FEED_LENGTH,
  MAX_BUCKETS,
  MIN_BUCKETS,
} from '../../src/domain/arrivals';

const T0 = Date.parse('2026-11-23T18:00:00.000Z');
const min = (n: number) => T0 + n * 60_000;

const ticket = (id: number, release: string | null = 'Standard', extra: Partial<ArrivalTicket> = {}) => ({
  id,
  reference: `R${id}`,
  name: `Person ${id}`,
  email: `p${id}@example.com`,
  release,
  state: 'complete',
  ...extra,
});
const checkin = (
  uuid: string,
  ticketId: number,
  at: number,
  deletedAt: number | null = null,
): ArrivalCheckin => ({
  uuid,
  ticketId,
  createdAt: at,
  deletedAt,
});

describe('the arrivals of a check-in list', () => {
  it('counts tickets checked in of the total, leaving void tickets out of both', () => {
    const arrivals = createArrivals();
    arrivals.putTickets([ticket(1), ticket(2), ticket(3), ticket(4, 'Standard', { state: 'void' })]);
    arrivals.putCheckins([checkin('a', 1, min(1)), checkin('b', 4, min(2))]);
    const s = arrivals.summary(min(5));
    expect(s.total).toBe(3);
    expect(s.checkedIn).toBe(1);
  });

  it('counts active check-ins as inside now: an exit (deleted check-in) leaves, a double admission counts twice', () => {
    const arrivals = createArrivals();
    arrivals.putTickets([ticket(1), ticket(2), ticket(3)]);
    arrivals.putCheckins([
      checkin('a', 1, min(1)),
      checkin('b', 2, min(2), min(30)),
      checkin('c', 3, min(3)),
      checkin('d', 3, min(4)),
    ]);
    const s = arrivals.summary(min(40));
    expect(s.insideNow).toBe(3);
    expect(s.checkedIn).toBe(2);
    expect(s.doubles).toEqual([
      { ticketId: 3, name: 'Person 3', reference: 'R3', release: 'Standard', times: [min(3), min(4)] },
    ]);
  });

  it('takes a record seen again (a since pull overlaps the last) as the same one, its newer copy winning', () => {
    const arrivals = createArrivals();
    arrivals.putTickets([ticket(1)]);
    arrivals.putCheckins([checkin('a', 1, min(1))]);
    arrivals.putCheckins([checkin('a', 1, min(1))]);
    expect(arrivals.summary(min(2)).insideNow).toBe(1);
    arrivals.putCheckins([checkin('a', 1, min(1), min(3))]);
    const s = arrivals.summary(min(4));
    expect(s.insideNow).toBe(0);
    expect(s.checkedIn).toBe(0);
    expect(s.latest[0]).toMatchObject({ uuid: 'a', left: true });
  });

  it('shows progress by release, tickets without one under "No release"', () => {
    const arrivals = createArrivals();
    arrivals.putTickets([ticket(1, 'VIP'), ticket(2, 'Standard'), ticket(3, 'Standard'), ticket(4, null)]);
    arrivals.putCheckins([checkin('a', 2, min(1)), checkin('b', 1, min(2))]);
    expect(arrivals.summary(min(3)).byRelease).toEqual([
      { release: 'No release', total: 1, checkedIn: 0 },
      { release: 'Standard', total: 2, checkedIn: 1 },
      { release: 'VIP', total: 1, checkedIn: 1 },
    ]);
  });

  it('counts arrivals per five minutes over at least the last hour, empty stretches as zero, exits still as arrivals', () => {
    const arrivals = createArrivals();
    arrivals.putTickets([ticket(1), ticket(2), ticket(3)]);
    arrivals.putCheckins([
      checkin('a', 1, min(0)),
      checkin('b', 2, min(4), min(20)),
      checkin('c', 3, min(12)),
    ]);
    const buckets = arrivals.summary(min(21)).perFiveMinutes;
    expect(buckets).toHaveLength(MIN_BUCKETS);
    expect(buckets.at(-1)!.start).toBe(min(20));
    expect(buckets.slice(-5)).toEqual([
      { start: min(0), count: 2 },
      { start: min(5), count: 0 },
      { start: min(10), count: 1 },
      { start: min(15), count: 0 },
      { start: min(20), count: 0 },
    ]);
    expect(buckets.slice(0, -5).every((b) => b.count === 0)).toBe(true);
  });

  it('goes back further than an hour when arrivals began earlier', () => {
    const arrivals = createArrivals();
    arrivals.putTickets([ticket(1)]);
    arrivals.putCheckins([checkin('a', 1, min(-120))]);
    const buckets = arrivals.summary(min(0)).perFiveMinutes;
    expect(buckets[0]).toEqual({ start: min(-120), count: 1 });
    expect(buckets).toHaveLength(25);
  });

  it('keeps the chart to its last twelve hours, and has no bars before the first arrival', () => {
    const arrivals = createArrivals();
    expect(arrivals.summary(min(0)).perFiveMinutes).toEqual([]);
    arrivals.putTickets([ticket(1), ticket(2)]);
    arrivals.putCheckins([checkin('old', 1, min(-24 * 60)), checkin('new', 2, min(0))]);
    const buckets = arrivals.summary(min(1)).perFiveMinutes;
    expect(buckets).toHaveLength(MAX_BUCKETS);
    expect(buckets.at(-1)).toEqual({ start: min(0), count: 1 });
    expect(buckets[0]!.start).toBe(min(0) - (MAX_BUCKETS - 1) * BUCKET_MS);
  });

  it('lists the latest check-ins first with name, release and time, and names an unknown ticket by its id', () => {
    const arrivals = createArrivals();
    arrivals.putTickets(Array.from({ length: 20 }, (_, i) => ticket(i + 1, i % 2 ? 'VIP' : 'Standard')));
    arrivals.putCheckins(Array.from({ length: 20 }, (_, i) => checkin(`u${i}`, i + 1, min(i))));
    arrivals.putCheckins([checkin('stranger', 99, min(30))]);
    const latest = arrivals.summary(min(31)).latest;
    expect(latest).toHaveLength(FEED_LENGTH);
    expect(latest[0]).toEqual({
      uuid: 'stranger',
      ticketId: 99,
      name: 'Ticket 99',
      release: null,
      at: min(30),
      left: false,
    });
    expect(latest[1]).toMatchObject({ name: 'Person 20', release: 'VIP', at: min(19) });
    expect(latest.map((l) => l.at)).toEqual([...latest.map((l) => l.at)].sort((a, b) => b - a));
  });
});
