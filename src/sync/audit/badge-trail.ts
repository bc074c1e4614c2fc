// Badges at the door: what a badge of a ticket is printed from, and the audit row of each print.
// Guarantees: only a ticket with an active check-in on the open list gets a badge (a refusal
// never prints: a ticket not admitted is left out, whatever the screen asked); every badge
// handed out is one audit row, `badge-printed` the first time this device prints that ticket's
// badge and `badge-reprinted` each time after; everything comes from the device's own copy,
// so it works offline. Rows are noted in order, never awaited by the print (audit-trail.ts).
import { fail, ok, type Result } from '../../domain/result';
import { readAuditFacts } from '../../db/audit-log';
import type { CheckinDatabase } from '../../db/database';
import type { DoorTicket } from '../../domain/verdict';
import type { AuditTrail } from './audit-trail';
import type { OpenListState } from '../open-list/open-list-state';
import type { TicketAnswer } from '../open-list/ticket-answers';

export interface BadgeOf {
  ticket: DoorTicket;
  answers: TicketAnswer[];
  /** This device printed this ticket's badge before. */
  again: boolean;
}

export function createBadgeTrail(deps: {
  db: CheckinDatabase;
  state: Pick<OpenListState, 'active' | 'loaded' | 'answers'>;
  audit: AuditTrail;
}) {
  // Tickets whose badge this device printed, per joining of a list (a list forgotten and joined
  // again starts afresh, as its audit rows went with it): read once from the audit log.
  let printed: { key: string; ids: Promise<Set<number>> } | null = null;
  const printedOn = (slug: string, joinedAt: number) => {
    const key = `${slug}@${joinedAt}`;
    if (printed?.key !== key) {
      const ids = deps.audit.written().then(async () => {
        // Only actions and ticket ids: nothing sealed is opened (thousands of rows by the evening).
        const rows = await readAuditFacts(deps.db, slug);
        return new Set(
          rows.flatMap((r) =>
            r.listSlug === slug &&
            r.ticketId !== null &&
            (r.action === 'badge-printed' || r.action === 'badge-reprinted')
              ? [r.ticketId]
              : [],
          ),
        );
      });
      printed = { key, ids };
    }
    return printed.ids;
  };

  return {
    /**
     * The badges to print for these tickets (those inside), each noted in the audit log. The
     * answers are read only for a layout that shows one (the first read takes all of the list's).
     */
    async badgesFor(
      ticketIds: readonly number[],
      { withAnswers = true }: { withAnswers?: boolean } = {},
    ): Promise<Result<BadgeOf[]>> {
      await deps.state.loaded();
      const active = deps.state.active();
      if (!active) return fail('no-list');
      const { list, index } = active;
      const lookup = withAnswers ? deps.state.answers() : null;
      const answersOf = lookup ? await lookup : () => [];
      let ids: Set<number>;
      try {
        ids = await printedOn(list.slug, list.joinedAt);
      } catch {
        // The audit log cannot be read: every badge counts as a first print rather than none printing.
        ids = new Set();
      }
      const badges: BadgeOf[] = [];
      for (const id of new Set(ticketIds)) {
        const ticket = index.ticketById(id);
        if (!ticket || !index.checkinsOf(id).some((c) => c.deletedAt === null)) continue;
        const again = ids.has(id);
        ids.add(id);
        badges.push({ ticket, answers: answersOf(id), again });
        void deps.audit.note({
          listSlug: list.slug,
          ticketId: id,
          ticketReference: ticket.reference,
          action: again ? 'badge-reprinted' : 'badge-printed',
        });
      }
      return ok(badges);
    },
  };
}
