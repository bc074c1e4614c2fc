// The one builder of a check-in row. Guarantees: every row the device stores or indexes has
// the same shape whichever way it came (made here, pulled, answered to a push); this device's
// own marks (local key, scan time, device name, client id, how it ended) survive every answer
// from the service, which knows none of them.
import type { RemoteCheckin } from '../api/schemas';
import type { CheckinRow, EndedBy } from './rows';

/** The local key of a check-in made here, until (and after) the service gives it a uuid. */
export const localKey = (clientId: string) => `local:${clientId}`;

/** A check-in made on this device, before the service has heard of it. */
export function pendingCheckinRow(input: {
  listSlug: string;
  ticketId: number;
  deviceName: string;
  now: number;
  clientId: string;
}): CheckinRow {
  return {
    listSlug: input.listSlug,
    key: localKey(input.clientId),
    uuid: null,
    id: null,
    ticketId: input.ticketId,
    createdAt: input.now,
    updatedAt: input.now,
    deletedAt: null,
    deviceName: input.deviceName,
    clientId: input.clientId,
    status: 'pending',
  };
}

/** What this device alone knows of a check-in of its own. */
export interface OwnMarks {
  key: string;
  /** The scan time: the service stamps its upload time instead. */
  createdAt: number;
  deviceName: string | null;
  clientId: string | null;
  endedBy?: EndedBy;
}

/**
 * A check-in as the service gives it, with this device's own marks when it has them (`own`):
 * a pulled check-in, a push's answer, an undo's answer.
 */
export function serviceCheckinRow(
  listSlug: string,
  c: RemoteCheckin,
  own?: OwnMarks | null,
  deletedAt: number | null = c.deletedAt,
): CheckinRow {
  const endedBy = own?.endedBy;
  return {
    listSlug,
    key: own?.key ?? c.uuid,
    uuid: c.uuid,
    id: c.id,
    ticketId: c.ticketId,
    createdAt: own?.clientId ? own.createdAt : c.createdAt,
    updatedAt: c.updatedAt,
    deletedAt,
    deviceName: own?.deviceName ?? null,
    clientId: own?.clientId ?? null,
    status: 'synced',
    ...(endedBy && { endedBy }),
  };
}
