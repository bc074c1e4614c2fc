import type { DoorOrder, OrderTicket, OrderTicketState } from '../../domain/order';
import { attendeeName } from '../../domain/verdict';
import { formatClock } from '../format';
import type { MessageKey } from '../i18n/en';
import { t, tn } from '../i18n/t';

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

function stateWords({ state, since }: OrderTicket): string {
  const words = t(STATES[state].words, { time: since ? formatClock(since.createdAt) : '' });
  return state === 'inside' && since?.deviceName ? `${words}, ${since.deviceName}` : words;
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
}

/** The order's tickets on a verdict: a compact list that scrolls within itself when long. */
export function OrderTickets({ order, whole }: Props) {
  const n = order.tickets.length;
  return (
    <section className="verdict__order" aria-label={whole ? tn('orderWhole', n) : tn('orderOthers', n)}>
      <p className="verdict__order-head">{whole ? tn('orderWhole', n) : tn('orderOthers', n)}</p>
      <ul className="order-tickets" data-testid="order-tickets">
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
            <span className="order-ticket__state">{stateWords(o)}</span>
            <span className="order-ticket__meta">
              <span className="code">{o.ticket.reference}</span>
              {o.ticket.releaseTitle && <> · {o.ticket.releaseTitle}</>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
