import { describe, expect, it } from 'vitest';
import { parseScannedCode } from '../../src/domain/scan-code';
import {
  attendeeName,
  canAdmitAnyway,
  type DoorCheckin,
  isTicketRefusal,
  JUST_ADMITTED_MS,
  type DoorTicket,
  judgeScan,
  verdictTone,
} from '../../src/domain/verdict';
import { doorCheckin, doorTicket } from '../fixtures/door-verdicts';

const NOW = Date.parse('2026-11-22T20:00:00Z');

const ticket = doorTicket;
const checkin = (overrides: Partial<DoorCheckin> = {}): DoorCheckin =>
  doorCheckin({ createdAt: NOW - 60_000, ...overrides });

const open = { expiresAt: null };

describe('judgeScan', () => {
  it('admits a paid ticket with no active check-in', () => {
    const v = judgeScan({
      code: parseScannedCode('ti_abc12345'),
      ticket: ticket(),
      checkins: [],
      list: open,
      now: NOW,
    });
    expect(v.kind).toBe('admitted');
    expect(verdictTone(v)).toBe('go');
  });

  it('admits again after the earlier check-in was undone', () => {
    const v = judgeScan({
      code: parseScannedCode('AB12-1'),
      ticket: ticket(),
      checkins: [checkin({ deletedAt: NOW - 1000 })],
      list: open,
      now: NOW,
    });
    expect(v.kind).toBe('admitted');
  });

  it('says already checked in with the latest active check-in and how many there are', () => {
    const older = checkin({ uuid: 'a', createdAt: NOW - 600_000, deviceName: 'South door' });
    const newer = checkin({ uuid: 'b', createdAt: NOW - 60_000, deviceName: 'North door' });
    const v = judgeScan({
      code: parseScannedCode('ti_abc12345'),
      ticket: ticket(),
      checkins: [older, newer],
      list: open,
      now: NOW,
    });
    expect(v).toMatchObject({ kind: 'already-checked-in', previous: { uuid: 'b' }, count: 2 });
    expect(verdictTone(v)).toBe('caution');
    expect(canAdmitAnyway(v)).toBe(true);
  });

  it('stops a void ticket even if it was never checked in', () => {
    const v = judgeScan({
      code: parseScannedCode('ti_abc12345'),
      ticket: ticket({ state: 'void' }),
      checkins: [],
      list: open,
      now: NOW,
    });
    expect(v.kind).toBe('void');
    expect(canAdmitAnyway(v)).toBe(false);
  });

  it('flags an unpaid ticket and lets staff admit anyway', () => {
    const v = judgeScan({
      code: parseScannedCode('ti_abc12345'),
      ticket: ticket({ paid: false }),
      checkins: [],
      list: open,
      now: NOW,
    });
    expect(v.kind).toBe('unpaid');
    expect(canAdmitAnyway(v)).toBe(true);
  });

  it('tells a ticket of another list from a mistyped reference', () => {
    expect(
      judgeScan({ code: parseScannedCode('ti_otherlist1'), ticket: null, checkins: [], list: open, now: NOW })
        .kind,
    ).toBe('not-on-list');
    expect(
      judgeScan({ code: parseScannedCode('ZZZZ-9'), ticket: null, checkins: [], list: open, now: NOW }).kind,
    ).toBe('unknown-code');
  });

  it('refuses every ticket once the list has expired', () => {
    const v = judgeScan({
      code: parseScannedCode('ti_abc12345'),
      ticket: ticket(),
      checkins: [],
      list: { expiresAt: NOW - 1 },
      now: NOW,
    });
    expect(v).toEqual({ kind: 'list-expired', expiredAt: NOW - 1 });
  });

  it('says what was read when it is not a ticket', () => {
    const v = judgeScan({
      code: parseScannedCode('hello world'),
      ticket: null,
      checkins: [],
      list: open,
      now: NOW,
    });
    expect(v).toEqual({ kind: 'not-a-ticket', text: 'hello world' });
    expect(verdictTone(v)).toBe('stop');
  });

  it('calls the same ticket shown again here within seconds "just admitted": calm, no second check-in, but for a person to look at', () => {
    const mineJustNow = checkin({ createdAt: NOW - 4000, mine: true });
    const v = judgeScan({
      code: parseScannedCode('ti_abc12345'),
      ticket: ticket(),
      checkins: [mineJustNow],
      list: open,
      now: NOW,
    });
    expect(v).toMatchObject({ kind: 'just-admitted', previous: { createdAt: NOW - 4000 } });
    // Not an admission (it may be a copy of the ticket), not a warning to override.
    expect(verdictTone(v)).toBe('look');
    expect(canAdmitAnyway(v)).toBe(false);
  });

  it('warns as usual when the earlier admission was another device, or this one long ago', () => {
    const judge = (c: DoorCheckin) =>
      judgeScan({
        code: parseScannedCode('ti_abc12345'),
        ticket: ticket(),
        checkins: [c],
        list: open,
        now: NOW,
      }).kind;
    expect(judge(checkin({ createdAt: NOW - 4000, mine: false }))).toBe('already-checked-in');
    expect(judge(checkin({ createdAt: NOW - JUST_ADMITTED_MS - 1, mine: true }))).toBe('already-checked-in');
  });

  it('counts not-on-list, unknown codes and void tickets as refusals to confirm online', () => {
    const judge = (code: string, t: DoorTicket | null) =>
      judgeScan({ code: parseScannedCode(code), ticket: t, checkins: [], list: open, now: NOW });
    expect(isTicketRefusal(judge('ti_otherlist1', null))).toBe(true);
    expect(isTicketRefusal(judge('ZZZZ-9', null))).toBe(true);
    expect(isTicketRefusal(judge('ti_abc12345', ticket({ state: 'void' })))).toBe(true);
    expect(isTicketRefusal(judge('ti_abc12345', ticket()))).toBe(false);
    expect(isTicketRefusal(judge('hello', null))).toBe(false);
  });

  it('recognises a check-in list code', () => {
    const v = judgeScan({
      code: parseScannedCode('chk_door42xx'),
      ticket: null,
      checkins: [],
      list: open,
      now: NOW,
    });
    expect(v).toMatchObject({ kind: 'list-code', slug: 'chk_door42xx' });
  });
});

describe('attendeeName', () => {
  it('falls back to the email, then the reference', () => {
    expect(attendeeName(ticket())).toBe('Ada Lovelace');
    expect(attendeeName(ticket({ firstName: null, lastName: null }))).toBe('ada@example.com');
    expect(attendeeName(ticket({ firstName: null, lastName: null, email: null }))).toBe('AB12-1');
  });
});
