// The audit trail's writes against the decisions they describe: a row noted as a decision ends
// is written from the next task on, so the decision's answer (posted in the task that noted it)
// never waits for the row's sealing and storage; rows still go in the order they were noted.
import { describe, expect, it, vi } from 'vitest';
import { recordAudit } from '../../src/db/audit-log';
import { createAuditTrail } from '../../src/sync/audit/audit-trail';
import { manualClock } from './support';

vi.mock('../../src/db/audit-log', () => ({ recordAudit: vi.fn(async () => true) }));

function trail() {
  const clock = manualClock();
  const audit = createAuditTrail({
    db: {} as never,
    clock,
    deviceName: () => 'North door',
    role: () => 'door',
    onLost: () => {},
  });
  return { audit, clock };
}

describe('the audit trail', () => {
  it('writes nothing in the task that noted a row, then the row as it was when noted', async () => {
    const { audit, clock } = trail();
    const notedAt = clock.now();
    void audit.note({ listSlug: 'list', action: 'admit', ticketId: 7 });
    void clock.advance(5000);
    // Every microtask the noting task may still run (an answer's post is a few of them away).
    for (let i = 0; i < 100; i++) await Promise.resolve();
    expect(recordAudit).not.toHaveBeenCalled();

    await audit.written();
    expect(recordAudit).toHaveBeenCalledTimes(1);
    expect(vi.mocked(recordAudit).mock.calls[0]![1]).toMatchObject({
      action: 'admit',
      ticketId: 7,
      at: notedAt,
      device: 'North door',
      role: 'door',
    });
  });

  it('writes rows in the order they were noted', async () => {
    vi.mocked(recordAudit).mockClear();
    const { audit } = trail();
    void audit.note({ listSlug: 'list', action: 'admit', ticketId: 1 });
    void audit.note({ listSlug: 'list', action: 'undo', ticketId: 1 });
    void audit.note({ listSlug: 'list', action: 'admit', ticketId: 2 });
    await audit.written();
    expect(vi.mocked(recordAudit).mock.calls.map(([, row]) => [row.action, row.ticketId])).toEqual([
      ['admit', 1],
      ['undo', 1],
      ['admit', 2],
    ]);
  });
});
