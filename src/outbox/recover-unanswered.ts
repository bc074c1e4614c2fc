// Exactly once after a lost answer: the door's outbox and the relay's mirror recover with this
// same algorithm over their own storage (./outbox-ports). A request whose answer never came may
// or may not have been recorded; instead of sending it blindly again, the check-ins the service
// made since just before the attempt are pulled, and every row the service already holds is
// settled with its check-in. Only the rest goes out again. Guarantees, in order of trust:
// - a check-in holding a row's own uuid is that row's; one such match shows the service keeps
//   uuids, and a service known to keep them is matched by uuid alone, never by ticket or time;
// - before the service's way with uuids is known, one row goes out again alone and its answer
//   says which (`ProbeRule`): nothing is claimed by ticket or time while that answer is still to
//   come, nor after a refusal, which says nothing of uuids (the next row goes alone). A scan time
//   is no proof on its own: another client's check-in of the ticket, stamped by the service, can
//   carry the very millisecond the side stamped its row with, and taking it would lose the row;
// - once the service is known to ignore uuids, a row claims an active check-in of its ticket
//   with the exact scan time the side sent (when it sends one), else one made at or after its
//   attempt's floor (less a little clock skew); never one already some row's own. That is the
//   best such a service allows.
import type { ClientUuids, Done, Paired, ProbeRule } from './outbox-ports';
import type { OutboxSide } from './send-checkins';

/** Server clocks behind one service may disagree by a little; a claim by time allows for it. */
const SERVER_SKEW_MS = 1000;

/** How many rows the service was found to hold, or the failure that stopped the recovery. */
export async function recoverUnanswered<Row, Answer, F>(
  side: OutboxSide<Row, Answer, F>,
  probe: ProbeRule,
): Promise<Done<number, F>> {
  const { shapes, storage, service } = side;
  const sending = await storage.unanswered();
  if (sending.length === 0) return { ok: true, value: 0 };
  const floor = Math.min(...sending.map((r) => shapes.rowFloor(r) ?? 0));
  const pulled = await service.checkinsSince(floor);
  if (!pulled.ok) return pulled;
  const byUuid = new Map(pulled.value.map((a) => [shapes.answerUuid(a), a]));
  const found: Paired<Row, Answer>[] = [];
  let unmatched: Row[] = [];
  for (const row of sending) {
    const remote = byUuid.get(shapes.rowUuid(row));
    if (remote === undefined) unmatched.push(row);
    else found.push({ row, remote });
  }
  const known = await storage.clientUuids();
  let mode: ClientUuids | undefined = found.length > 0 ? 'kept' : known;

  // Read only when a claim needs it: a service that keeps uuids is matched by uuid alone, and
  // the links of every check-in since the floor (thousands after an outage) cost for nothing.
  const read: { claimed?: Set<string> } = {};
  const readClaimed = async (): Promise<Done<Set<string>, F>> => {
    if (read.claimed === undefined) {
      const already = await storage.claimedAlready(pulled.value);
      if (!already.ok) return already;
      const claimed = already.value;
      for (const row of sending) claimed.add(shapes.rowUuid(row));
      for (const { remote } of found) claimed.add(shapes.answerUuid(remote));
      read.claimed = claimed;
    }
    return { ok: true, value: read.claimed };
  };
  const claim = (taken: Set<string>, row: Row, test: (a: Answer) => boolean) => {
    const match = pulled.value.find(
      (a) =>
        shapes.answerTicket(a) === shapes.rowTicket(row) &&
        shapes.answerActive(a) &&
        !taken.has(shapes.answerUuid(a)) &&
        test(a),
    );
    if (match === undefined) return false;
    taken.add(shapes.answerUuid(match));
    found.push({ row, remote: match });
    return true;
  };

  let again: Row[] = unmatched;
  if (mode === undefined && unmatched.length > 0) {
    if (probe === 'first-send') {
      // One goes back to the queue, for the next send to go alone; the rest stay out until then.
      again = unmatched.slice(0, 1);
      unmatched = [];
    } else {
      // Rather than guess by ticket, which could take another door's check-in, one row goes
      // again alone and the answer tells. A service that ignores uuids may then hold that
      // check-in twice (once more for each such lone send whose answer is lost too), only until
      // the first answer. A refusal (a ticket already in, on a service refusing duplicates)
      // tells nothing of uuids: the refused row parks and the next goes.
      while (mode === undefined && unmatched.length > 0) {
        const lone = unmatched.shift()!;
        const answer = await service.sendOne(lone);
        if (answer.kind === 'unknown' || answer.kind === 'rate-limited')
          return { ok: false, failure: answer.failure };
        if (answer.kind === 'answered') {
          mode = shapes.answerUuid(answer.value) === shapes.rowUuid(lone) ? 'kept' : 'ignored';
          found.push({ row: lone, remote: answer.value });
        } else {
          const failed = await storage.park(lone, answer.failure);
          if (failed !== null) return { ok: false, failure: failed };
        }
      }
      again = unmatched;
    }
  }
  if (mode !== undefined && mode !== known) await storage.noteClientUuids(mode);

  if (mode === 'ignored' && unmatched.length > 0) {
    const taken = await readClaimed();
    if (!taken.ok) return taken;
    // Every row's exact scan time first, so no row takes another's by the looser rule.
    const sameScanTime = shapes.sameScanTime;
    if (sameScanTime)
      unmatched = unmatched.filter((row) => !claim(taken.value, row, (a) => sameScanTime(row, a)));
    again = unmatched.filter(
      (row) =>
        !claim(
          taken.value,
          row,
          (a) => shapes.answerMadeAt(a) >= (shapes.rowFloor(row) ?? 0) - SERVER_SKEW_MS,
        ),
    );
  }
  const settled = await storage.settleRecovered(found, again, pulled.value);
  if (settled !== null) return { ok: false, failure: settled };
  return { ok: true, value: found.length };
}
