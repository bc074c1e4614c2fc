import { describe, expect, it } from 'vitest';
import {
  BATTERY_LOW,
  BATTERY_VERY_LOW,
  BYTES_PER_TICKET,
  CLOCK_TOLERANCE_MS,
  judgeReadiness,
  LIST_FRESH_MS,
  LIST_STALE_MS,
  OUTBOX_STUCK_MS,
  overallLevel,
  type ReadinessFacts,
  type ReadinessItemId,
  readinessReport,
  SHIFT_MS,
  SHIFT_RESERVE_BYTES,
} from '../../src/domain/readiness';

const NOW = Date.parse('2026-12-05T17:00:00Z');
const GB = 1_000_000_000;
const NOTHING_ELSEWHERE = { unsent: 0, parked: 0, lists: 0 };

/** A door ready in every way: each test spoils one fact. */
function facts(overrides: Partial<ReadinessFacts> = {}): ReadinessFacts {
  return {
    now: NOW,
    list: { complete: true, downloaded: null, lastPullAt: NOW - 5000, tickets: 2800 },
    outbox: { pending: 0, oldestPendingAt: null, parked: 0, elsewhere: NOTHING_ELSEWHERE },
    storage: { persisted: true, usage: 2_000_000, quota: 10 * GB, failed: false },
    camera: { permission: 'granted', frameReadAt: NOW - 60_000, trouble: null, scannerSeenAt: null },
    clockOffsetMs: 400,
    updateWaiting: false,
    battery: { level: 0.9, charging: false },
    badges: null,
    kiosk: null,
    ...overrides,
  };
}

const item = (f: ReadinessFacts, id: ReadinessItemId) => judgeReadiness(f).items.find((i) => i.id === id);
const level = (f: ReadinessFacts, id: ReadinessItemId) => item(f, id)?.level;

describe('a door ready before doors open', () => {
  it('is ready with every item green, in a fixed order, and leaves out what does not apply', () => {
    const readiness = judgeReadiness(facts());
    expect(readiness.ready).toBe(true);
    expect(overallLevel(readiness)).toBe('green');
    expect(readiness.at).toBe(NOW);
    expect(readiness.items.map((i) => [i.id, i.level])).toEqual([
      ['list-complete', 'green'],
      ['list-fresh', 'green'],
      ['outbox-empty', 'green'],
      ['storage-persistent', 'green'],
      ['storage-room', 'green'],
      ['camera', 'green'],
      ['clock', 'green'],
      ['app-version', 'green'],
      ['battery', 'green'],
    ]);
  });

  it('is still ready with amber items, and not ready with any red one', () => {
    const amber = judgeReadiness(
      facts({ outbox: { pending: 2, oldestPendingAt: NOW, parked: 0, elsewhere: NOTHING_ELSEWHERE } }),
    );
    expect(amber.ready).toBe(true);
    expect(overallLevel(amber)).toBe('amber');
    const red = judgeReadiness(facts({ updateWaiting: true }));
    expect(red.ready).toBe(false);
    expect(overallLevel(red)).toBe('red');
  });
});

describe('the list', () => {
  it('is red with no list open, and then has no freshness to judge', () => {
    const readiness = judgeReadiness(facts({ list: null }));
    expect(readiness.items[0]).toEqual({ id: 'list-complete', level: 'red', words: { key: 'noList' } });
    expect(readiness.items.some((i) => i.id === 'list-fresh')).toBe(false);
  });

  it('is red while half downloaded, saying how far, and green once whole, saying how many tickets', () => {
    const half = facts({ list: { complete: false, downloaded: 0.427, lastPullAt: null, tickets: 2800 } });
    expect(item(half, 'list-complete')).toMatchObject({
      level: 'red',
      words: { key: 'listDownloading', values: { percent: 42 } },
    });
    expect(item(facts(), 'list-complete')).toMatchObject({
      level: 'green',
      words: { key: 'listComplete', values: { n: 2800 } },
    });
  });

  it('is green up to a minute behind, amber past it, red past a quarter hour, and says how old', () => {
    const behind = (ms: number) =>
      facts({ list: { complete: true, downloaded: null, lastPullAt: NOW - ms, tickets: 10 } });
    expect(level(behind(LIST_FRESH_MS), 'list-fresh')).toBe('green');
    expect(item(behind(LIST_FRESH_MS + 1), 'list-fresh')).toMatchObject({
      level: 'amber',
      words: { key: 'listBehind', durations: { age: LIST_FRESH_MS + 1 } },
    });
    expect(level(behind(LIST_STALE_MS), 'list-fresh')).toBe('amber');
    expect(level(behind(LIST_STALE_MS + 1), 'list-fresh')).toBe('red');
  });

  it('is red when never synced', () => {
    const never = facts({ list: { complete: true, downloaded: null, lastPullAt: null, tickets: 10 } });
    expect(item(never, 'list-fresh')).toMatchObject({ level: 'red', words: { key: 'listNeverSynced' } });
  });
});

describe('what waits to be sent', () => {
  const outbox = (pending: number, waitedMs: number | null, parked = 0, elsewhere = NOTHING_ELSEWHERE) =>
    facts({
      outbox: { pending, oldestPendingAt: waitedMs === null ? null : NOW - waitedMs, parked, elsewhere },
    });

  it('is green with nothing waiting', () => {
    expect(item(outbox(0, null), 'outbox-empty')).toMatchObject({
      level: 'green',
      words: { key: 'outboxEmpty' },
    });
  });

  it('is amber with the count while check-ins wait, up to five minutes', () => {
    expect(item(outbox(3, OUTBOX_STUCK_MS), 'outbox-empty')).toMatchObject({
      level: 'amber',
      words: { key: 'outboxWaiting', values: { n: 3 } },
    });
  });

  it('is red once the oldest has waited longer, saying how long', () => {
    expect(item(outbox(3, OUTBOX_STUCK_MS + 1), 'outbox-empty')).toMatchObject({
      level: 'red',
      words: { key: 'outboxStuck', values: { n: 3 }, durations: { age: OUTBOX_STUCK_MS + 1 } },
    });
  });

  it('is red with any check-in the service refused (parked), waiting or not', () => {
    expect(item(outbox(0, null, 1), 'outbox-empty')).toMatchObject({
      level: 'red',
      words: { key: 'outboxParked', values: { n: 1 } },
    });
  });

  it('is green only when no list on the device holds one: another list’s count, amber, or red if refused', () => {
    // The open list empty, another holding two unsent: they go with the cycle while online.
    expect(item(outbox(0, null, 0, { unsent: 2, parked: 0, lists: 1 }), 'outbox-empty')).toMatchObject({
      level: 'amber',
      words: { key: 'outboxElsewhere', values: { n: 2, lists: 1 } },
    });
    // One the service refused there waits for staff, who see it only with that list open.
    expect(item(outbox(0, null, 0, { unsent: 1, parked: 1, lists: 2 }), 'outbox-empty')).toMatchObject({
      level: 'red',
      words: { key: 'outboxElsewhere', values: { n: 2, lists: 2 } },
    });
    // The open list's own rows come first.
    expect(item(outbox(3, 0, 0, { unsent: 2, parked: 0, lists: 1 }), 'outbox-empty')).toMatchObject({
      words: { key: 'outboxWaiting', values: { n: 3 } },
    });
  });
});

describe('storage', () => {
  const storage = (patch: Partial<ReadinessFacts['storage']>, list: ReadinessFacts['list'] = facts().list) =>
    facts({ storage: { ...facts().storage, ...patch }, list });

  it('is amber when the browser may clear the data, unknown (never red) when it cannot say', () => {
    expect(level(storage({ persisted: false }), 'storage-persistent')).toBe('amber');
    expect(level(storage({ persisted: null }), 'storage-persistent')).toBe('unknown');
  });

  it('is red when storage refused a write', () => {
    expect(item(storage({ failed: true }), 'storage-room')).toMatchObject({
      level: 'red',
      words: { key: 'storageFailed' },
    });
  });

  it('is unknown without an estimate', () => {
    expect(level(storage({ usage: null }), 'storage-room')).toBe('unknown');
    expect(level(storage({ quota: null }), 'storage-room')).toBe('unknown');
  });

  it('keeps room for a shift: green at the reserve, amber below it', () => {
    expect(level(storage({ usage: 0, quota: SHIFT_RESERVE_BYTES }), 'storage-room')).toBe('green');
    expect(item(storage({ usage: 1, quota: SHIFT_RESERVE_BYTES }), 'storage-room')).toMatchObject({
      level: 'amber',
      words: { key: 'storageLow', sizes: { free: SHIFT_RESERVE_BYTES - 1, need: SHIFT_RESERVE_BYTES } },
    });
  });

  it('asks for half the list again on a big list', () => {
    const big = { complete: true, downloaded: null, lastPullAt: NOW, tickets: 100_000 };
    const half = (100_000 * BYTES_PER_TICKET) / 2;
    expect(level(storage({ usage: 0, quota: half }, big), 'storage-room')).toBe('green');
    expect(level(storage({ usage: 0, quota: half - 1 }, big), 'storage-room')).toBe('amber');
  });

  it('is red when the rest of a download cannot fit', () => {
    const downloading = { complete: false, downloaded: 0.5, lastPullAt: null, tickets: 100_000 };
    const toCome = 50_000 * BYTES_PER_TICKET;
    expect(item(storage({ usage: 0, quota: toCome - 1 }, downloading), 'storage-room')).toMatchObject({
      level: 'red',
      words: { key: 'storageTooSmall', sizes: { free: toCome - 1 } },
    });
    expect(level(storage({ usage: 0, quota: toCome }, downloading), 'storage-room')).toBe('amber');
  });
});

describe('the camera or a scanner', () => {
  const camera = (patch: Partial<ReadinessFacts['camera']>) =>
    facts({ camera: { permission: null, frameReadAt: null, trouble: null, scannerSeenAt: null, ...patch } });

  it('is green once the decoder has read a frame of the picture', () => {
    expect(item(camera({ frameReadAt: NOW }), 'camera')).toMatchObject({
      level: 'green',
      words: { key: 'cameraWorks' },
    });
  });

  it('is red when the camera is refused, by the permission or by the camera itself', () => {
    expect(item(camera({ permission: 'denied', frameReadAt: NOW }), 'camera')).toMatchObject({
      level: 'red',
      words: { key: 'cameraDenied' },
    });
    expect(level(camera({ permission: 'granted', trouble: 'denied' }), 'camera')).toBe('red');
  });

  it('is red when the camera is busy, insecure or failed', () => {
    expect(item(camera({ trouble: 'busy' }), 'camera')?.words.key).toBe('cameraBusy');
    expect(item(camera({ trouble: 'insecure' }), 'camera')?.words.key).toBe('cameraInsecure');
    expect(item(camera({ trouble: 'failed' }), 'camera')?.words.key).toBe('cameraFailed');
    expect(level(camera({ trouble: 'failed' }), 'camera')).toBe('red');
  });

  it('is amber with no camera at all, and green once a hardware scanner has read a code', () => {
    expect(item(camera({ trouble: 'no-camera' }), 'camera')).toMatchObject({
      level: 'amber',
      words: { key: 'cameraMissing' },
    });
    expect(item(camera({ trouble: 'no-camera', scannerSeenAt: NOW }), 'camera')).toMatchObject({
      level: 'green',
      words: { key: 'scannerSeen' },
    });
    expect(level(camera({ permission: 'denied', scannerSeenAt: NOW }), 'camera')).toBe('green');
  });

  it('is amber until the camera has shown a picture: asking, or not opened yet', () => {
    expect(item(camera({ permission: 'prompt' }), 'camera')?.words.key).toBe('cameraAsk');
    expect(item(camera({ permission: 'granted' }), 'camera')?.words.key).toBe('cameraNotYet');
    expect(level(camera({}), 'camera')).toBe('amber');
  });
});

describe('the clock', () => {
  it('is green within a minute of the service either way', () => {
    expect(level(facts({ clockOffsetMs: CLOCK_TOLERANCE_MS }), 'clock')).toBe('green');
    expect(level(facts({ clockOffsetMs: -CLOCK_TOLERANCE_MS }), 'clock')).toBe('green');
  });

  it('is red past a minute, saying by how much and which way', () => {
    expect(item(facts({ clockOffsetMs: CLOCK_TOLERANCE_MS + 1 }), 'clock')).toMatchObject({
      level: 'red',
      words: { key: 'clockBehind', durations: { by: CLOCK_TOLERANCE_MS + 1 } },
    });
    expect(item(facts({ clockOffsetMs: -3_600_000 }), 'clock')).toMatchObject({
      level: 'red',
      words: { key: 'clockAhead', durations: { by: 3_600_000 } },
    });
  });

  it('is unknown before the service has answered with its time', () => {
    expect(level(facts({ clockOffsetMs: null }), 'clock')).toBe('unknown');
  });
});

describe('the app version', () => {
  it('is red while a new version waits, green otherwise', () => {
    expect(item(facts({ updateWaiting: true }), 'app-version')?.words.key).toBe('updateWaiting');
    expect(level(facts({ updateWaiting: true }), 'app-version')).toBe('red');
    expect(level(facts(), 'app-version')).toBe('green');
  });
});

describe('the battery', () => {
  const battery = (level: number, charging = false) => facts({ battery: { level, charging } });

  it('is green charging at any level, or charged to half', () => {
    expect(item(battery(0.05, true), 'battery')).toMatchObject({
      level: 'green',
      words: { key: 'batteryCharging', values: { percent: 5 } },
    });
    expect(level(battery(BATTERY_LOW), 'battery')).toBe('green');
  });

  it('is amber below half and red below a fifth, not charging', () => {
    expect(item(battery(0.49), 'battery')).toMatchObject({
      level: 'amber',
      words: { key: 'batteryLow', values: { percent: 49 } },
    });
    expect(level(battery(BATTERY_VERY_LOW), 'battery')).toBe('amber');
    expect(level(battery(0.19), 'battery')).toBe('red');
  });

  it('is unknown, never red, where the platform does not say', () => {
    expect(level(facts({ battery: null }), 'battery')).toBe('unknown');
  });
});

describe('badge printing', () => {
  const badges = (layout: boolean, triedAgo: number | null) =>
    facts({ badges: { layout, triedAt: triedAgo === null ? null : NOW - triedAgo } });

  it('is left out while badges are off', () => {
    expect(item(facts({ badges: null }), 'badge-printing')).toBeUndefined();
  });

  it('is red with badges on and no layout for the list', () => {
    expect(item(badges(false, 0), 'badge-printing')).toMatchObject({
      level: 'red',
      words: { key: 'badgeNoLayout' },
    });
  });

  it('is amber until a print has been tried this shift, green after', () => {
    expect(item(badges(true, null), 'badge-printing')?.level).toBe('amber');
    expect(item(badges(true, SHIFT_MS), 'badge-printing')).toMatchObject({
      level: 'green',
      words: { key: 'badgeTried', durations: { age: SHIFT_MS } },
    });
    expect(item(badges(true, SHIFT_MS + 1), 'badge-printing')?.words.key).toBe('badgeUntried');
  });
});

describe('the kiosk PIN', () => {
  it('is left out while the device is not a kiosk', () => {
    expect(item(facts(), 'kiosk-pin')).toBeUndefined();
  });

  it('is red in kiosk mode without a PIN, green with one', () => {
    expect(item(facts({ kiosk: { pinSet: false } }), 'kiosk-pin')).toMatchObject({
      level: 'red',
      words: { key: 'kioskNoPin' },
    });
    expect(level(facts({ kiosk: { pinSet: true } }), 'kiosk-pin')).toBe('green');
  });
});

describe('the report to the organiser', () => {
  it('carries each known item’s id and level, leaving out what the platform cannot tell', () => {
    const report = readinessReport(judgeReadiness(facts({ battery: null, clockOffsetMs: 3_600_000 })));
    expect(report.ready).toBe(false);
    expect(report.items).toContainEqual({ id: 'clock', level: 'red' });
    expect(report.items.some((i) => i.id === 'battery')).toBe(false);
    expect(Object.keys(report.items[0]!)).toEqual(['id', 'level']);
  });
});
