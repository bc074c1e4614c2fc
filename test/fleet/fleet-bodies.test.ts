// The fleet's untrusted bodies: a door's report read strictly (types, sizes, bounded counts and
// refusal reasons), unknown keys and readiness ids dropped, a join and a new code within the
// protocol's limits; a refusal names the field and never echoes the value.
import { describe, expect, it } from 'vitest';
import { readDoorReport, readJoinRequest, readNewJoinCode } from '../../src/fleet/fleet-bodies';
import { doorReport } from './fleet-factories';

const withField = (path: string[], value: unknown) => {
  const report = structuredClone(doorReport()) as unknown as Record<string, unknown>;
  let node = report;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1) ?? ''] = value;
  return report;
};

describe("a door's report", () => {
  it('is taken as sent when every field is right', () => {
    expect(readDoorReport(doorReport())).toEqual({ ok: true, value: doorReport() });
  });

  it('drops keys the protocol does not name and readiness ids this server does not know', () => {
    const sent = {
      ...doorReport(),
      attendee: 'Ada Lovelace',
      readiness: {
        ready: true,
        items: [
          { id: 'camera', level: 'green', note: 'x' },
          { id: 'future-check', level: 'amber' },
        ],
      },
    };
    const read = readDoorReport(sent);
    expect(read.ok && read.value).toEqual({
      ...doorReport(),
      readiness: { ready: true, items: [{ id: 'camera', level: 'green' }] },
    });
    expect(JSON.stringify(read)).not.toContain('Ada');
  });

  it.each([
    [['name'], ''],
    [['name'], 'x'.repeat(61)],
    [['name'], 'Door\u0000one'],
    [['name'], 'Door\u202eeno'],
    [['app_version'], '1.0 beta'],
    [['update_waiting'], 'yes'],
    [['copy', 'tickets'], -1],
    [['copy', 'tickets'], 1.5],
    [['copy', 'tickets'], 1e12],
    [['copy', 'tickets'], '12'],
    [['copy', 'synced_at'], 'yesterday'],
    [['unsent'], null],
    [['readiness', 'items'], Array.from({ length: 33 }, () => ({ id: 'camera', level: 'green' }))],
    [['readiness', 'items'], [{ id: 'camera', level: 'purple' }]],
    [['refusals'], Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`r${i}`, 1]))],
    [['refusals'], { ['k'.repeat(41)]: 1 }],
    [['refusals'], { 'a reason with spaces': 1 }],
    [['refusals'], { void: -2 }],
    [['refusals'], ['void']],
    [['battery', 'level'], 80],
    [['storage', 'free_bytes'], 2 ** 60],
    [['at'], 12345],
    [['copy'], undefined],
  ])('is refused when %j is %j', (path, value) => {
    const read = readDoorReport(withField(path as string[], value));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message).toContain(path[0]);
  });

  it('never echoes a value in its refusal, and cuts a long key short', () => {
    const read = readDoorReport(withField(['refusals'], { [`secret-${'z'.repeat(200)}`]: -1 }));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.message.length).toBeLessThan(200);
  });

  it('is refused when it is not an object', () => {
    for (const body of [null, [], 'report', 7]) expect(readDoorReport(body).ok).toBe(false);
  });
});

describe('a join request and a new join code', () => {
  it('takes a name trimmed and within its length, and a plain version', () => {
    expect(readJoinRequest({ code: 'ABCD', name: '  North door ', app_version: '1.4.0' })).toEqual({
      ok: true,
      value: { code: 'ABCD', name: 'North door', app_version: '1.4.0' },
    });
    expect(readJoinRequest({ code: 'ABCD', name: '   ', app_version: '1.4.0' }).ok).toBe(false);
    expect(readJoinRequest({ code: 7, name: 'North', app_version: '1.4.0' }).ok).toBe(false);
    expect(readJoinRequest({ code: 'A'.repeat(65), name: 'North', app_version: '1.4.0' }).ok).toBe(false);
  });

  it('keeps a new code within the protocol limits', () => {
    const good = { checkin_list: 'chk_p123', valid_minutes: 60, max_devices: 2 };
    expect(readNewJoinCode(good)).toEqual({ ok: true, value: { ...good, label: '' } });
    for (const bad of [
      { ...good, valid_minutes: 4 },
      { ...good, valid_minutes: 14 * 24 * 60 + 1 },
      { ...good, valid_minutes: 10.5 },
      { ...good, max_devices: 0 },
      { ...good, max_devices: 201 },
      { ...good, max_devices: '2' },
      { ...good, checkin_list: '../v3' },
      { ...good, checkin_list: '' },
      { ...good, label: 'x'.repeat(81) },
      { ...good, label: 5 },
    ])
      expect(readNewJoinCode(bad).ok, JSON.stringify(bad)).toBe(false);
  });
});
