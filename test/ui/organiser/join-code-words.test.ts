// A join code as the organiser asks for it and reads it: validity choices, limits, groups.
import { describe, expect, it } from 'vitest';
import {
  codeStateWords,
  groupedCode,
  type JoinCodeDraft,
  joinCodeRequest,
  problemWords,
  sortCodes,
} from '../../../src/ui/organiser/devices/join-code-words';
import { aJoinCode } from '../../fixtures/fleet';

const draft = (change: Partial<JoinCodeDraft> = {}): JoinCodeDraft => ({
  checkinList: 'main',
  codeLabel: '',
  validity: '12h',
  customAmount: '',
  customUnit: 'hours',
  maxDevices: '10',
  ...change,
});

describe('a new join code', () => {
  it('asks for a chosen length in minutes', () => {
    expect(joinCodeRequest(draft({ validity: '2h' }))).toEqual({
      ok: true,
      value: { checkin_list: 'main', valid_minutes: 120, max_devices: 10 },
    });
    expect(joinCodeRequest(draft({ validity: '2d', codeLabel: '  North phones ' }))).toEqual({
      ok: true,
      value: { checkin_list: 'main', valid_minutes: 2880, max_devices: 10, label: 'North phones' },
    });
  });

  it('reads a typed length in its unit, with a decimal comma too', () => {
    const custom = (amount: string, unit: JoinCodeDraft['customUnit']) =>
      joinCodeRequest(draft({ validity: 'custom', customAmount: amount, customUnit: unit }));
    expect(custom('90', 'minutes')).toMatchObject({ ok: true, value: { valid_minutes: 90 } });
    expect(custom('1,5', 'hours')).toMatchObject({ ok: true, value: { valid_minutes: 90 } });
    expect(custom('3', 'days')).toMatchObject({ ok: true, value: { valid_minutes: 4320 } });
  });

  it('says what is wrong, within the protocol’s limits, before anything is sent', () => {
    expect(
      joinCodeRequest(
        draft({
          checkinList: '',
          validity: 'custom',
          customAmount: '4',
          customUnit: 'minutes',
          maxDevices: '0',
        }),
      ),
    ).toEqual({ ok: false, problems: ['list', 'validity', 'devices'] });
    expect(joinCodeRequest(draft({ validity: 'custom', customAmount: '15', customUnit: 'days' }))).toEqual({
      ok: false,
      problems: ['validity'],
    });
    expect(joinCodeRequest(draft({ validity: 'custom', customAmount: '' }))).toMatchObject({ ok: false });
    expect(joinCodeRequest(draft({ maxDevices: '2.5' }))).toEqual({ ok: false, problems: ['devices'] });
    expect(joinCodeRequest(draft({ maxDevices: '201' }))).toEqual({ ok: false, problems: ['devices'] });
    expect(joinCodeRequest(draft({ codeLabel: 'x'.repeat(81) }))).toEqual({ ok: false, problems: ['label'] });
    expect(problemWords('validity')).toBe('Between 5 minutes and 14 days.');
    expect(problemWords('devices')).toBe('Between 1 and 200 devices.');
  });
});

describe('a join code shown', () => {
  it('is written in groups of four, as the server shows it', () => {
    expect(groupedCode('K7MX9PQ2RT4WABCD')).toBe('K7MX-9PQ2-RT4W-ABCD');
    expect(groupedCode('K7MX-9PQ2-RT4W-ABCD')).toBe('K7MX-9PQ2-RT4W-ABCD');
    expect(groupedCode('K7MX9P')).toBe('K7MX-9P');
  });

  it('lists live codes first, soonest to expire first, then the others newest first', () => {
    const codes = [
      aJoinCode({ id: 'old-expired', state: 'expired', created_at: '2026-12-01T10:00:00Z' }),
      aJoinCode({ id: 'late', expires_at: '2026-12-06T10:00:00Z' }),
      aJoinCode({ id: 'revoked', state: 'revoked', created_at: '2026-12-04T10:00:00Z' }),
      aJoinCode({ id: 'soon', expires_at: '2026-12-05T20:00:00Z' }),
    ];
    expect(sortCodes(codes).map((c) => c.id)).toEqual(['soon', 'late', 'revoked', 'old-expired']);
    expect(codeStateWords('used-up')).toBe('Used up');
  });
});
