import { describe, expect, it } from 'vitest';
import { computeDoorStats, type StatsCheckin } from '../../src/domain/door-stats';

const T0 = Date.parse('2026-11-22T19:00:00Z');
const min = 60_000;

const tickets = [
  { id: 1, releaseTitle: 'General', state: 'complete' },
  { id: 2, releaseTitle: 'General', state: 'complete' },
  { id: 3, releaseTitle: 'VIP', state: 'complete' },
  { id: 4, releaseTitle: 'General', state: 'complete' },
];

function checkin(
  ticketId: number,
  at: number,
  deviceName: string | null,
  deletedAt: number | null = null,
): StatsCheckin {
  return { ticketId, createdAt: T0 + at * min, deletedAt, deviceName };
}

describe('computeDoorStats', () => {
  it('counts each ticket once, ignores undone check-ins, and splits by release and device', () => {
    const stats = computeDoorStats(
      tickets,
      [
        checkin(1, 1, 'North door'),
        checkin(1, 20, 'South door'), // admitted twice: still one person
        checkin(3, 2, 'North door'),
        checkin(2, 40, null),
        checkin(4, 3, 'North door', T0 + 4 * min), // undone
      ],
      'Other devices',
    );
    expect(stats.overall).toEqual({ checkedIn: 3, total: 4, percent: 75 });
    expect(stats.byRelease).toEqual([
      { release: 'General', progress: { checkedIn: 2, total: 3, percent: 66 } },
      { release: 'VIP', progress: { checkedIn: 1, total: 1, percent: 100 } },
    ]);
    expect(stats.byDevice).toEqual([
      { device: 'North door', count: 2 },
      { device: 'Other devices', count: 1 },
    ]);
    expect(stats.arrivals).toEqual([
      { start: T0, count: 2 },
      { start: T0 + 15 * min, count: 0 },
      { start: T0 + 30 * min, count: 1 },
    ]);
  });

  it('leaves cancelled tickets out of every total, and one checked in before it was cancelled out of "in"', () => {
    const stats = computeDoorStats(
      [
        ...tickets,
        { id: 5, releaseTitle: 'VIP', state: 'void' }, // scanned online: the copy keeps it
        { id: 6, releaseTitle: 'VIP', state: 'void' }, // checked in, then cancelled
        { id: 7, releaseTitle: 'Press', state: 'void' }, // a release with only cancelled tickets
      ],
      [checkin(1, 1, 'North door'), checkin(6, 2, 'North door')],
      'Other devices',
    );
    expect(stats.overall).toEqual({ checkedIn: 1, total: 4, percent: 25 });
    expect(stats.byRelease).toEqual([
      { release: 'General', progress: { checkedIn: 1, total: 3, percent: 33 } },
      { release: 'VIP', progress: { checkedIn: 0, total: 1, percent: 0 } },
    ]);
    // Its guest came in and was not walked out: still inside, still an arrival at that door.
    expect(stats.insideNow).toBe(2);
    expect(stats.byDevice).toEqual([{ device: 'North door', count: 2 }]);
  });

  it('gives zeroes for an empty list', () => {
    expect(computeDoorStats([], [], 'Other').overall).toEqual({ checkedIn: 0, total: 0, percent: 0 });
  });
});
