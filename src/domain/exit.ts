// The door's verdict in exit mode: the guest leaves. Pure, like the entry verdict: decided from
// the local copy alone, so it is instant offline. A ticket with an active check-in leaves (even
// a cancelled one: a person inside may always go out); one without is "not inside" and nothing
// is sent. An order's reference records nothing: an order's guests rarely leave together, and
// only each ticket's own scan says who went out. Other codes that name no ticket get the entry
// verdict's words.
import { judgeScan, type ScanFacts, type Verdict } from './verdict';

export function judgeExit(facts: ScanFacts): Verdict {
  const { code, ticket, checkins, list, now } = facts;
  if (list.revokedAt != null) return { kind: 'device-revoked', revokedAt: list.revokedAt };
  if (code.kind === 'registration-reference') {
    // The entry verdict's order, as an exit's: each of its tickets is to be scanned.
    const entry = judgeScan(facts);
    if (entry.kind !== 'order') return entry;
    return { kind: 'order-exit', reference: entry.reference, text: entry.text };
  }
  if (!ticket || code.kind === 'not-a-ticket' || code.kind === 'checkin-list') return judgeScan(facts);
  if (list.expiresAt !== null && list.expiresAt <= now)
    return { kind: 'list-expired', expiredAt: list.expiresAt };
  const active = checkins.filter((c) => c.deletedAt === null);
  if (active.length > 0)
    return { kind: 'exit-recorded', ticket, enteredAt: Math.max(...active.map((c) => c.createdAt)) };
  const left = checkins.filter((c) => c.deletedAt !== null && c.endedBy !== 'undo');
  return {
    kind: 'not-inside',
    ticket,
    leftAt: left.length ? Math.max(...left.map((c) => c.deletedAt!)) : null,
  };
}
