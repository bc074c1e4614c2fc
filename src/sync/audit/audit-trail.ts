// The door's audit trail as the engine writes it. Guarantees: rows are written in the order the
// actions happened, each stamped with the time, device and role of the moment; writing one
// never holds up the action it describes (nor its answer: rows are written from the task after
// the one that noted them), and a row storage refuses is counted (`onLost`) while
// the action stands.
import { type AuditEntry, recordAudit } from '../../db/audit-log';
import type { CheckinDatabase } from '../../db/database';
import type { DoorRole } from '../../domain/door-roles';
import type { Clock } from '../clock';
import { yieldTurn } from '../take-turns';

export type AuditNote = Omit<AuditEntry, 'at' | 'device' | 'role'>;

export interface AuditTrail {
  /** Notes an action; resolves once its row (and every row before it) is written or lost. */
  note(entry: AuditNote): Promise<unknown>;
  /** Waits for the rows noted so far. */
  written(): Promise<void>;
}

export function createAuditTrail(deps: {
  db: CheckinDatabase;
  clock: Clock;
  deviceName: () => string;
  role: () => DoorRole;
  onLost: (lost: number) => void;
}): AuditTrail {
  let lost = 0;
  let writing: Promise<unknown> = Promise.resolve();
  return {
    note(entry) {
      const row = { ...entry, at: deps.clock.now(), device: deps.deviceName(), role: deps.role() };
      // Written from the next task on: an action noted as its decision ends (an admission) has
      // its answer out first, not behind sealing the row and asking storage to add it.
      writing = writing.then(yieldTurn).then(async () => {
        if (await recordAudit(deps.db, row)) return;
        lost += 1;
        deps.onLost(lost);
      });
      return writing;
    },
    written: () => writing.then(() => undefined),
  };
}
