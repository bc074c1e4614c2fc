// How the Devices screen reads doors: the fleet's one line, silences and copy ages on the
// server's clock, what is not ready, and which doors come first.
import { describe, expect, it } from 'vitest';
import { formatAge } from '../../../src/ui/format';
import {
  attentionRank,
  copyAge,
  doorState,
  itemWords,
  readinessProblems,
  refusalsOf,
  refusalWords,
  silentFor,
  sortDoors,
  summaryLine,
} from '../../../src/ui/organiser/devices/door-figures';
import { aDevice, aFleet, aReport, NOW } from '../../fixtures/fleet';

describe('the fleet in one line', () => {
  it('says how many doors are ready, old and waiting to send', () => {
    const devices = Array.from({ length: 14 }, (_, i) => aDevice({ name: `Door ${i + 1}` }));
    const fleet = aFleet(devices, {
      summary: { doors: 14, ready: 12, online: 14, old_version: 1, unsent: 38, newest_version: '1.4.0' },
    });
    expect(summaryLine(fleet)).toBe('12 of 14 doors ready; 1 on an old version; 38 waiting to send');
  });

  it('names silent doors, and says when nothing waits', () => {
    const fleet = aFleet([
      aDevice({ name: 'A' }),
      aDevice({ name: 'B', online: false }),
      aDevice({ name: 'C', online: false, last_seen_at: null, report: null }),
      aDevice({ name: 'D', online: false, revoked_at: NOW }),
    ]);
    fleet.summary = { doors: 3, ready: 1, online: 1, old_version: 0, unsent: 0, newest_version: '1.4.0' };
    expect(summaryLine(fleet)).toBe('1 of 3 doors ready; 2 silent; nothing waiting to send');
  });

  it('speaks of one door in the singular, and of none at all', () => {
    const one = aFleet([aDevice()]);
    expect(summaryLine(one)).toBe('1 of 1 door ready; nothing waiting to send');
    expect(summaryLine(aFleet([]))).toBe('No doors have joined yet.');
  });
});

describe('a door’s silence and its copy’s age', () => {
  it('counts a silence on the server’s clock, in whole minutes', () => {
    const silent = aDevice({ online: false, last_seen_at: '2026-12-05T18:17:30.000Z' });
    expect(silentFor(silent, NOW)).toBe(12.5 * 60_000);
    expect(formatAge(silentFor(silent, NOW)!)).toBe('12 min');
    expect(
      formatAge(silentFor(aDevice({ online: false, last_seen_at: '2026-12-05T18:29:28.000Z' }), NOW)!),
    ).toBe('32 s');
    expect(doorState(silent)).toBe('silent');
  });

  it('has no silence while online, and none to measure for a door never heard from', () => {
    expect(silentFor(aDevice(), NOW)).toBeNull();
    const never = aDevice({ online: false, last_seen_at: null, report: null });
    expect(silentFor(never, NOW)).toBeNull();
    expect(doorState(never)).toBe('never-seen');
  });

  it('ages a copy by the door’s own clock up to its report, then by the server’s', () => {
    // The door's clock is an hour fast: its times are shifted, its differences are not.
    const door = aDevice({
      last_seen_at: '2026-12-05T18:29:00.000Z',
      report: aReport({
        copy: { ...aReport().copy, synced_at: '2026-12-05T19:25:00.000Z' },
        at: '2026-12-05T19:28:00.000Z',
      }),
    });
    expect(copyAge(door, NOW)).toBe(3 * 60_000 + 60_000);
    const never = aDevice({ report: aReport({ copy: { ...aReport().copy, synced_at: null } }) });
    expect(copyAge(never, NOW)).toBeNull();
  });

  it('tells revoked doors from those that also removed the list', () => {
    expect(doorState(aDevice({ revoked_at: NOW }))).toBe('revoked');
    expect(doorState(aDevice({ revoked_at: NOW, forgotten_at: NOW }))).toBe('forgotten');
  });
});

describe('readiness and refusals in words', () => {
  it('lists red items before amber ones, and names an item this version does not know by its id', () => {
    const report = aReport({
      readiness: {
        ready: false,
        items: [
          { id: 'battery', level: 'amber' },
          { id: 'camera', level: 'red' },
          { id: 'clock', level: 'green' },
          { id: 'nfc-reader' as never, level: 'red' },
        ],
      },
    });
    expect(readinessProblems(report)).toEqual({ red: ['camera', 'nfc-reader'], amber: ['battery'] });
    expect(itemWords('camera')).toBe('camera');
    expect(itemWords('storage-persistent')).toBe('storage kept by the browser');
    expect(itemWords('nfc-reader')).toBe('nfc-reader');
  });

  it('counts refusals by reason, most first, in the door’s words', () => {
    const report = aReport({ refusals: { void: 1, 'already-checked-in': 4, unpaid: 0, 'too-early': 1 } });
    expect(refusalsOf(report)).toEqual({
      total: 6,
      byReason: [
        ['already-checked-in', 4],
        ['too-early', 1],
        ['void', 1],
      ],
    });
    expect(refusalWords('already-checked-in')).toBe('Already checked in');
    expect(refusalWords('too-early')).toBe('too-early');
  });
});

describe('the order of doors', () => {
  it('puts doors to walk over to first, fine ones after, revoked ones last, by name as doors are numbered', () => {
    const red = aReport({ readiness: { ready: false, items: [{ id: 'camera', level: 'red' }] } });
    const amber = aReport({ readiness: { ready: true, items: [{ id: 'battery', level: 'amber' }] } });
    const doors = [
      aDevice({ name: 'Door 10' }),
      aDevice({ name: 'Door 2' }),
      aDevice({ name: 'Gone', revoked_at: NOW, forgotten_at: NOW }),
      aDevice({ name: 'Revoked', revoked_at: NOW }),
      aDevice({ name: 'Behind', report: aReport({ app_version: '1.3.9' }) }),
      aDevice({ name: 'Amber', report: amber }),
      aDevice({ name: 'Red', report: red }),
      aDevice({ name: 'Quiet', online: false }),
    ];
    expect(sortDoors(doors, '1.4.0').map((d) => d.name)).toEqual([
      'Quiet',
      'Red',
      'Amber',
      'Behind',
      'Door 2',
      'Door 10',
      'Revoked',
      'Gone',
    ]);
    expect(attentionRank(aDevice({ report: aReport({ unsent: 3 }) }), '1.4.0')).toBe(3);
  });
});
