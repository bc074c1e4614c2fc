import { memo, type RefObject } from 'react';
import type { DoorOrder, OrderTicket, OrderTicketState } from '../../domain/order';
import { attendeeName } from '../../domain/verdict';
import { formatClock } from '../format';
import type { MessageKey } from '../i18n/t';
import { t, tn } from '../i18n/t';
import { useFoldOnOverflow } from './useFoldOnOverflow';

// Each state has its mark as well as its words: colour is never the only signal.
const STATES: Record<OrderTicketState, { mark: string; words: MessageKey }> = {
  'not-in': { mark: '○', words: 'orderStateNotIn' },
  admitted: { mark: '✓', words: 'orderStateAdmitted' },
  inside: { mark: '✓', words: 'orderStateInside' },
  unpaid: { mark: '!', words: 'orderStateUnpaid' },
  void: { mark: '✕', words: 'orderStateVoid' },
  closed: { mark: '✕', words: 'orderStateClosed' },
};

const WHY: Record<OrderTicketState, MessageKey> = {
  'not-in': 'orderWhyNotOnList',
  admitted: 'orderWhyAdmitted',
  inside: 'orderWhyInside',
  unpaid: 'orderWhyUnpaid',
  void: 'orderWhyVoid',
  closed: 'orderWhyClosed',
};

/** When a ticket already inside went in, and where: under its state. */
function sinceWords({ state, since }: OrderTicket): string | null {
  if (state !== 'inside' || !since) return null;
  const time = t('orderInsideSince', { time: formatClock(since.createdAt) });
  return since.deviceName ? `${time}, ${since.deviceName}` : time;
}

/** Why "Admit all" let some tickets stay out: "1 not paid, 1 already inside". */
export function notAdmittedWhy(refused: readonly OrderTicket[], notOnList: number): string | null {
  const counts = new Map<OrderTicketState, number>();
  for (const r of refused) counts.set(r.state, (counts.get(r.state) ?? 0) + 1);
  const parts = [...counts].map(([state, n]) => t(WHY[state], { n }));
  if (notOnList > 0) parts.push(t('orderWhyNotOnList', { n: notOnList }));
  return parts.length ? t('orderNotAdmitted', { why: parts.join(', ') }) : null;
}

interface Props {
  order: DoorOrder;
  /** The whole order (a registration reference), or the rest of it around a scanned ticket. */
  whole: boolean;
  /** The verdict's scrolling body: when the order makes it overflow, the list folds to one line. */
  body: RefObject<HTMLElement | null>;
  onInteract?: () => void;
}

/** "1 not yet in · 1 inside": the folded list's line. */
function stateCounts(order: DoorOrder): string {
  const counts = new Map<OrderTicketState, number>();
  for (const o of order.tickets) counts.set(o.state, (counts.get(o.state) ?? 0) + 1);
  return [...counts].map(([state, n]) => `${n} ${t(STATES[state].words).toLowerCase()}`).join(' · ');
}

/**
 * The order's tickets on a verdict: a compact list that scrolls within itself when long. On a
 * screen too short for it (a small phone) it folds to one line, which a tap opens. Memoised: the
 * verdict draws again when its answers arrive, and a large order's list need not.
 */
export const OrderTickets = memo(function OrderTickets({ order, whole, body, onInteract }: Props) {
  const fold = useFoldOnOverflow(body, order, true, onInteract);
  const n = order.tickets.length;
  const head = whole ? tn('orderWhole', n) : tn('orderOthers', n);
  if (fold.folded)
    return (
      <button
        type="button"
        className="verdict__answers-line verdict__order-line"
        aria-expanded={false}
        data-testid="order-folded"
        onClick={fold.open}
      >
        <span className="visually-hidden">{head}: </span>
        <strong aria-hidden="true">{t('orderFolded')}</strong> {stateCounts(order)}
      </button>
    );
  return (
    <section className="verdict__order" aria-label={head}>
      <p className="verdict__order-head">{head}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long order scrolls, and a keyboard must reach it */}
      <ul className="order-tickets" data-testid="order-tickets" tabIndex={0}>
        {order.tickets.map((o) => (
          <li
            key={o.ticket.id}
            className={`order-ticket order-ticket--${o.state}`}
            data-testid="order-ticket"
            data-state={o.state}
            data-reference={o.ticket.reference}
          >
            <span className="order-ticket__mark" aria-hidden="true">
              {STATES[o.state].mark}
            </span>
            <span className="order-ticket__name">{attendeeName(o.ticket)}</span>
            <span className="order-ticket__state">{t(STATES[o.state].words)}</span>
            <span className="order-ticket__meta">
              <span className="code">{o.ticket.reference}</span>
              {o.ticket.releaseTitle && <> · {o.ticket.releaseTitle}</>}
            </span>
            {sinceWords(o) && <span className="order-ticket__since">{sinceWords(o)}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
});
