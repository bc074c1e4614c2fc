// The search screen's results, as one list in the order domain/search-results.ts arranges them:
// a ticket says which order it belongs to (and who bought it, when someone else did); an order
// says why it was found. A ticket opens its screen; an order opens as its reference would.
import { Link } from 'wouter';
import { arrangeResults } from '../../domain/search-results';
import { attendeeName } from '../../domain/verdict';
import type { DoorEngine } from '../../sync/engine/door-protocol';
import { formatNames } from '../format';
import { t, tn } from '../i18n/t';

type Found = Awaited<ReturnType<DoorEngine['find']>>;
type FoundTicket = Found['tickets'][number];
type FoundOrder = Found['orders'][number];

function orderWhy({ match }: FoundOrder): string {
  if (match.by !== 'holder') return match.by === 'reference' ? t('searchWhyReference') : t('searchWhyBuyer');
  return tn('searchWhyHolder', match.holders.length, { names: formatNames(match.holders) });
}

function TicketResult({ hit: { ticket, order, inside } }: { hit: FoundTicket }) {
  return (
    <Link href={`/door/tickets/${ticket.id}`} className="result">
      <span className="result__name">{attendeeName(ticket)}</span>
      <span className="result__meta">
        {[ticket.reference, ticket.releaseTitle, ticket.companyName, ticket.email]
          .filter(Boolean)
          .join(' · ')}
      </span>
      {order && (
        <span className="result__order">
          {order.buyer
            ? t('searchTicketOrderBuyer', { reference: order.reference, buyer: order.buyer })
            : t('searchTicketOrder', { reference: order.reference })}
        </span>
      )}
      <span className={`pill ${inside ? 'pill--ok' : ''}`}>
        {inside ? `✓ ${t('searchCheckedIn')}` : t('searchNotCheckedIn')}
      </span>
    </Link>
  );
}

function OrderResult({ hit, disabled, open }: { hit: FoundOrder; disabled: boolean; open: () => void }) {
  return (
    <button type="button" className="result result--order" disabled={disabled} onClick={open}>
      <span className="result__name">{hit.buyerName ?? hit.buyerEmail ?? hit.reference}</span>
      <span className="result__meta">
        {[
          t('searchOrderMeta', { reference: hit.reference, tickets: hit.tickets, inside: hit.inside }),
          hit.buyerName ? hit.buyerEmail : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
      <span className="result__order">{orderWhy(hit)}</span>
      <span className="pill">{t('searchOrderOpen')}</span>
    </button>
  );
}

export function SearchResults({
  found,
  deciding,
  openOrder,
}: {
  found: Found;
  deciding: boolean;
  /** Opens an order as its reference typed in would: its tickets and "Admit all". */
  openOrder: (reference: string) => void;
}) {
  return (
    <ul className="results" aria-live="polite" data-testid="search-results">
      {arrangeResults(found.tickets, found.orders).map((item) =>
        item.kind === 'ticket' ? (
          <li key={`ticket-${item.hit.ticket.id}`} data-kind="ticket">
            <TicketResult hit={item.hit} />
          </li>
        ) : (
          <li key={`order-${item.hit.reference}`} data-kind="order">
            <OrderResult hit={item.hit} disabled={deciding} open={() => openOrder(item.hit.reference)} />
          </li>
        ),
      )}
    </ul>
  );
}
