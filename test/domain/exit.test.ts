import { describe, expect, it } from 'vitest';
import { computeDoorFlow, type StatsCheckin } from '../../src/domain/door-stats';
import { judgeExit } from '../../src/domain/exit';
import { parseScannedCode } from '../../src/domain/scan-code';
import { type DoorCheckin, type DoorTicket, judgeScan, verdictTone } from '../../src/domain/verdict';

const NOW = Date.parse('2026-11-22T20:00:00Z');
const MIN = 60_000;
const list = { expiresAt: null };

const ticket: DoorTicket = {
  id: 7,
  slug: 'ti_abc12345',
  reference: 'AB12-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: null,
  companyName: null,
  releaseTitle: null,
  state: 'complete',
  paid: true,
};

const checkin = (overrides: Partial<DoorCheckin> = {}): DoorCheckin => ({
  uuid: 'u1',
  ticketId: 7,
  createdAt: NOW - 30 * MIN,
  deletedAt: null,
  deviceName: null,
  mine: false,
  ...overrides,
});

const facts = (checkins: DoorCheckin[], t: DoorTicket | null = ticket) => ({
  code: parseScannedCode(ticket.slug),
  ticket: t,
  checkins,
  list,
  now: NOW,
});

describe('judgeExit', () => {
  it('records the exit of a ticket inside, with when it entered', () => {
    expect(judgeExit(facts([checkin()]))).toEqual({
      kind: 'exit-recorded',
      ticket,
      enteredAt: NOW - 30 * MIN,
    });
    // A cancelled ticket inside may still go out.
    expect(judgeExit(facts([checkin()], { ...ticket, state: 'void' })).kind).toBe('exit-recorded');
  });

  it('says "not inside" with the last time the guest left, undos here not counted as leaving', () => {
    expect(judgeExit(facts([]))).toEqual({ kind: 'not-inside', ticket, leftAt: null });
    const left = checkin({ deletedAt: NOW - 10 * MIN, endedBy: 'exit', mine: true });
    const undone = checkin({ uuid: 'u2', deletedAt: NOW - 5 * MIN, endedBy: 'undo', mine: true });
    expect(judgeExit(facts([left, undone]))).toEqual({ kind: 'not-inside', ticket, leftAt: NOW - 10 * MIN });
  });

  it('answers codes naming no ticket as the entry verdict does', () => {
    expect(judgeExit({ ...facts([], null), code: parseScannedCode('hello') }).kind).toBe('not-a-ticket');
    expect(judgeExit(facts([], null)).kind).toBe('not-on-list');
  });

  it("answers an order's reference the copy holds with the order, each ticket to be scanned, never an unknown code", () => {
    const order = { ...facts([], null), code: parseScannedCode('fam4'), orderTickets: 4 };
    expect(judgeExit(order)).toEqual({ kind: 'order-exit', reference: 'FAM4', text: 'fam4' });
    expect(verdictTone(judgeExit(order))).toBe('info');
    // A reference the copy lacks is a miss as at the entry (confirmed online before it is shown).
    expect(judgeExit({ ...order, orderTickets: 0 }).kind).toBe('unknown-code');
    // The list's end and the organiser's revocation still come first.
    expect(judgeExit({ ...order, list: { expiresAt: NOW - MIN } }).kind).toBe('list-expired');
    expect(judgeExit({ ...order, list: { expiresAt: null, revokedAt: NOW } }).kind).toBe('device-revoked');
  });

  it('exit verdicts are calm when recorded and a caution when the guest is not inside', () => {
    expect(verdictTone({ kind: 'exit-recorded', ticket, enteredAt: NOW })).toBe('info');
    expect(verdictTone({ kind: 'not-inside', ticket, leftAt: null })).toBe('caution');
  });
});

describe('re-entry in the entry verdict', () => {
  it('says "welcome back" after an exit here, and after a deletion seen from elsewhere', () => {
    const exited = checkin({ deletedAt: NOW - 10 * MIN, endedBy: 'exit', mine: true });
    expect(judgeScan(facts([exited]))).toEqual({
      kind: 'admitted',
      ticket,
      reentry: { leftAt: NOW - 10 * MIN, seenAs: 'exit' },
    });
    const deleted = checkin({ deletedAt: NOW - 3 * MIN });
    expect(judgeScan(facts([exited, deleted]))).toMatchObject({
      reentry: { leftAt: NOW - 3 * MIN, seenAs: 'deleted' },
    });
  });

  it('an undo here is a plain admission, and an active check-in is still "already checked in"', () => {
    const undone = checkin({ deletedAt: NOW - MIN, endedBy: 'undo', mine: true });
    expect(judgeScan(facts([undone]))).toEqual({ kind: 'admitted', ticket });
    expect(
      judgeScan(facts([checkin({ deletedAt: NOW - 9 * MIN, endedBy: 'exit' }), checkin({ uuid: 'u3' })]))
        .kind,
    ).toBe('already-checked-in');
  });
});

describe('computeDoorFlow', () => {
  const T0 = Date.parse('2026-11-22T19:00:00Z');
  const c = (
    ticketId: number,
    at: number,
    left: number | null = null,
    extra: Partial<StatsCheckin> = {},
  ) => ({
    ticketId,
    createdAt: T0 + at * MIN,
    deletedAt: left === null ? null : T0 + left * MIN,
    deviceName: null,
    ...extra,
  });

  it('counts entries, exits and people inside at the end of each quarter hour', () => {
    const { insideNow, flow } = computeDoorFlow([
      c(1, 1, 20, { endedBy: 'exit' }),
      c(1, 40), // back in
      c(2, 2),
      c(3, 5, 6, { endedBy: 'undo' }), // taken back: neither entry nor exit
      c(4, 16, 50), // deleted at another door: an exit
    ]);
    expect(insideNow).toBe(2);
    expect(
      flow.map((q) => [new Date(q.start).toISOString().slice(11, 16), q.entries, q.exits, q.inside]),
    ).toEqual([
      ['19:00', 2, 0, 2],
      ['19:15', 1, 1, 2],
      ['19:30', 1, 0, 3],
      ['19:45', 0, 1, 2],
    ]);
  });

  it('a double admission is one person inside and one exit', () => {
    const { insideNow, flow } = computeDoorFlow([
      c(1, 1, 20, { endedBy: 'exit' }),
      c(1, 3, 20, { endedBy: 'exit' }),
    ]);
    expect(insideNow).toBe(0);
    expect(flow.map((q) => [q.entries, q.exits, q.inside])).toEqual([
      [2, 0, 1],
      [0, 1, 0],
    ]);
  });
});

describe('arrivals with exits', () => {
  it('a guest who left through this door still counts as arrived; an undo does not', async () => {
    const { computeDoorStats } = await import('../../src/domain/door-stats');
    const T0 = Date.parse('2026-11-22T19:00:00Z');
    const stats = computeDoorStats(
      [
        { id: 1, releaseTitle: 'General', state: 'complete' },
        { id: 2, releaseTitle: 'General', state: 'complete' },
      ],
      [
        { ticketId: 1, createdAt: T0, deletedAt: T0 + MIN, deviceName: 'North door', endedBy: 'exit' },
        { ticketId: 2, createdAt: T0, deletedAt: T0 + MIN, deviceName: 'North door', endedBy: 'undo' },
      ],
      'Other devices',
    );
    expect(stats.overall.checkedIn).toBe(1);
    expect(stats.insideNow).toBe(0);
  });
});
