import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { attendeeName } from '../../domain/verdict';
import { useWedgeScanner } from '../hooks/useWedgeScanner';
import { t } from '../i18n/t';
import { useScanFlow } from './useScanFlow';
import { useDoorEngine, useDoorStatus, useEngineAnswer, useNow } from '../hooks/useDoor';
import { ScanFlowVerdict } from './ScanFlowVerdict';
import { ScreenHead } from './ScreenHead';
import { searchNote } from './search-note';

export function SearchScreen() {
  const engine = useDoorEngine();
  const status = useDoorStatus();
  const params = new URLSearchParams(useSearch());
  const [query, setQuery] = useState(params.get('q') ?? '');
  const deferred = useDeferredValue(query);
  const inputId = useId();
  // Focused on arrival, the screen exists to type into it. Not the autofocus attribute: a
  // browser honours that once a page, not on a screen shown later.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const flow = useScanFlow();
  const now = useNow();
  // A scanner used while searching still checks tickets in; its keys never reach the box.
  useWedgeScanner(flow.wedge);

  // Asked again when counts change: a check-in landing changes who is inside.
  const results = useEngineAnswer(
    async () => (deferred.trim().length >= 2 ? engine.search(deferred.trim(), 50) : []),
    [engine, deferred, status.counts],
    [],
  );

  const orders = useEngineAnswer(
    async () => (deferred.trim().length >= 2 ? engine.searchOrders(deferred.trim(), 10) : []),
    [engine, deferred, status.counts],
    [],
  );

  const note = searchNote(deferred, results.length, status.list !== null && !status.counted);
  return (
    <section className="panel" aria-labelledby="search-title">
      <ScreenHead id="search-title" title={t('searchTitle')} />
      {flow.mode === 'exit' && (
        <p className="scan__exit-banner" role="status" data-testid="exit-mode">
          {t('doorModeExitBanner')}
        </p>
      )}
      <label htmlFor={inputId}>{t('searchLabel')}</label>
      <input
        id={inputId}
        className="input input--large"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        ref={input}
      />
      {note === 'searchHint' ? (
        <p className="muted">{t('searchHint')}</p>
      ) : note ? (
        <p className="muted" role="status">
          {t(note, { q: deferred.trim() })}
        </p>
      ) : (
        <>
          {orders.length > 0 && (
            <>
              <h2 className="results__head">{t('searchOrders')}</h2>
              <ul className="results" data-testid="order-results">
                {orders.map((order) => (
                  <li key={order.reference}>
                    {/* Opens the order as its reference would: its tickets and "Admit all". */}
                    <button
                      type="button"
                      className="result result--order"
                      disabled={flow.deciding}
                      onClick={() => void flow.handle(order.reference, 'search')}
                    >
                      <span className="result__name">
                        {order.buyerName ?? order.buyerEmail ?? order.reference}
                      </span>
                      <span className="result__meta">
                        {[
                          t('searchOrderMeta', {
                            reference: order.reference,
                            tickets: order.tickets,
                            inside: order.inside,
                          }),
                          order.buyerName ? order.buyerEmail : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                      <span className="pill">{t('searchOrderOpen')}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <h2 className="results__head">{t('searchTickets')}</h2>
            </>
          )}
          <ul className="results" aria-live="polite">
            {results.map(({ ticket, inside }) => {
              return (
                <li key={ticket.id}>
                  <Link href={`/door/tickets/${ticket.id}`} className="result">
                    <span className="result__name">{attendeeName(ticket)}</span>
                    <span className="result__meta">
                      {[ticket.reference, ticket.releaseTitle, ticket.companyName, ticket.email]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                    <span className={`pill ${inside ? 'pill--ok' : ''}`}>
                      {inside ? `✓ ${t('searchCheckedIn')}` : t('searchNotCheckedIn')}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <ScanFlowVerdict flow={flow} now={now} />
    </section>
  );
}
