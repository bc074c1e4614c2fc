// The door's read side over the in-memory index: which ticket a scanned code names and what
// the verdict rules need to judge it. No IndexedDB read happens on this path.
import type { CheckinRow } from '../../db/rows';
import type { ScannedCode } from '../../domain/scan-code';
import type { DoorCheckin, DoorTicket } from '../../domain/verdict';
import type { ListIndex } from '../index/list-index';

export function ticketFor(index: ListIndex, code: ScannedCode): DoorTicket | null {
  if (code.kind === 'ticket-slug') return index.ticketBySlug(code.slug) ?? null;
  if (code.kind === 'ticket-reference') return index.ticketByReference(code.reference) ?? null;
  return null;
}

export function doorCheckin(row: CheckinRow): DoorCheckin {
  return {
    uuid: row.uuid ?? row.key,
    ticketId: row.ticketId,
    createdAt: row.createdAt,
    deletedAt: row.deletedAt,
    deviceName: row.deviceName,
    mine: row.clientId !== null,
    ...(row.endedBy && { endedBy: row.endedBy }),
  };
}

/** A client-made id; `randomUUID` needs a secure context, a venue LAN address may not be one. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
