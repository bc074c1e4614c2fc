// Counts of the caller's mode that several records show (activity allocation, question and
// discount code usage), computed once per event and mode until the tables they read change:
// a list of many records over a 100,000-ticket event must not rescan the tickets per record.
import type { Presenter } from './presenter';

export interface TicketCounts {
  total: number;
  byRelease: Map<number, number>;
}

/** Non-void tickets of the caller's mode, by release. */
export function ticketCounts(p: Presenter, eventId = p.event.id): TicketCounts {
  const { store } = p.ctx;
  const test = p.mode === 'test';
  return store.memo(`tickets-by-release:${eventId}:${p.mode}`, ['tickets'], () => {
    const byRelease = new Map<number, number>();
    let total = 0;
    for (const ticket of store.findBy('tickets', 'byEvent', eventId)) {
      if (ticket.test_mode !== test || ticket.state === 'void') continue;
      total += 1;
      byRelease.set(ticket.release_id, (byRelease.get(ticket.release_id) ?? 0) + 1);
    }
    return { total, byRelease };
  });
}

/** Tickets on any of the releases; all tickets when `allWhenNone` and no release is linked. */
export function ticketsOnReleases(
  p: Presenter,
  eventId: number,
  releaseIds: readonly number[],
  allWhenNone: boolean,
) {
  const counts = ticketCounts(p, eventId);
  if (releaseIds.length === 0) return allWhenNone ? counts.total : 0;
  return [...new Set(releaseIds)].reduce((sum, id) => sum + (counts.byRelease.get(id) ?? 0), 0);
}

/** Answers given on tickets of the caller's mode, by question. */
export function answerCounts(p: Presenter, eventId = p.event.id): Map<number, number> {
  const { store } = p.ctx;
  const test = p.mode === 'test';
  return store.memo(`answers-by-question:${eventId}:${p.mode}`, ['answers', 'tickets'], () => {
    const out = new Map<number, number>();
    for (const answer of store.findBy('answers', 'byEvent', eventId)) {
      if (store.get('tickets', answer.ticket_id)?.test_mode !== test) continue;
      out.set(answer.question_id, (out.get(answer.question_id) ?? 0) + 1);
    }
    return out;
  });
}

export interface DiscountUsage {
  registrations: number;
  tickets: number;
}

/** Registrations (not cancelled) of the caller's mode that used each code, and their non-void tickets. */
export function discountUsages(p: Presenter, eventId = p.event.id): Map<number, DiscountUsage> {
  const { store } = p.ctx;
  const test = p.mode === 'test';
  return store.memo(`discount-usage:${eventId}:${p.mode}`, ['registrations', 'tickets'], () => {
    const out = new Map<number, DiscountUsage>();
    for (const registration of store.findBy('registrations', 'byEvent', eventId)) {
      if (registration.discount_code_id === null || registration.test_mode !== test) continue;
      if (registration.state === 'cancelled') continue;
      const usage = out.get(registration.discount_code_id) ?? { registrations: 0, tickets: 0 };
      usage.registrations += 1;
      usage.tickets += store
        .findBy('tickets', 'byRegistration', registration.id)
        .filter((t) => t.state !== 'void').length;
      out.set(registration.discount_code_id, usage);
    }
    return out;
  });
}
