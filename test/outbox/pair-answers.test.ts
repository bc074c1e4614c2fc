// Pairing a batch's answer with its rows, the part of the outbox algorithm both the door and the
// relay's mirror rely on to take a row out of the outbox: one answer for one row, never two.
import { describe, expect, it } from 'vitest';
import type { OutboxShapes } from '../../src/outbox/outbox-ports';
import { pairAnswers, uuidsShown } from '../../src/outbox/pair-answers';

interface Row {
  id: string;
  ticket: number;
}
interface Answer {
  uuid: string;
  ticket: number;
}
const shapes: OutboxShapes<Row, Answer> = {
  rowUuid: (r) => r.id,
  rowTicket: (r) => r.ticket,
  rowFloor: () => null,
  answerUuid: (a) => a.uuid,
  answerTicket: (a) => a.ticket,
  answerActive: () => true,
  answerMadeAt: () => 0,
};
const rows: Row[] = [
  { id: 'a', ticket: 1 },
  { id: 'b', ticket: 2 },
  { id: 'c', ticket: 1 },
];

describe('pairing a batch answer with its rows', () => {
  it('pairs by the uuid sent, whatever order the answer lists them in', () => {
    const answers = [
      { uuid: 'c', ticket: 1 },
      { uuid: 'a', ticket: 1 },
      { uuid: 'b', ticket: 2 },
    ];
    const pairs = pairAnswers(shapes, rows, answers);
    expect(pairs.map((p) => [p.row.id, p.remote.uuid])).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['c', 'c'],
    ]);
    expect(uuidsShown(shapes, rows, answers)).toBe('kept');
  });

  it('pairs a service that makes its own uuids by ticket, each answer once', () => {
    const answers = [
      { uuid: 'x', ticket: 1 },
      { uuid: 'y', ticket: 2 },
      { uuid: 'z', ticket: 1 },
    ];
    const pairs = pairAnswers(shapes, rows, answers);
    expect(pairs.map((p) => [p.row.id, p.remote.uuid])).toEqual([
      ['a', 'x'],
      ['b', 'y'],
      ['c', 'z'],
    ]);
    expect(uuidsShown(shapes, rows, answers)).toBe('ignored');
  });

  it('leaves out a row the answer does not cover, so it stays out for recovery', () => {
    const pairs = pairAnswers(shapes, rows, [
      { uuid: 'x', ticket: 1 },
      { uuid: 'y', ticket: 2 },
    ]);
    expect(pairs.map((p) => p.row.id)).toEqual(['a', 'b']);
    expect(uuidsShown(shapes, rows, [])).toBeUndefined();
  });
});
