import { useRef, useState } from 'react';
import { attendeeName, type Verdict, verdictTone } from '../../domain/verdict';
import { admittable, type DoorOrder, type OrderTicket } from '../../domain/order';
import type { ScanBasis } from '../../sync/engine/door-protocol';
import { t } from '../i18n/t';
import type { Answer } from './AnswerList';
import { basisWords } from './basis-words';
import { notAdmittedWhy, OrderTickets } from './OrderTickets';
import { VerdictActions, type VerdictActionProps } from './VerdictActions';
import { VerdictAnswers } from './VerdictAnswers';
import { VerdictDetail } from './VerdictDetail';
import { VERDICT_ICONS, verdictTitle } from './verdict-words';

interface Props extends VerdictActionProps {
  verdict: Verdict;
  now: number;
  /** What the verdict stands on; shown for refusals. */
  basis?: ScanBasis;
  answers?: readonly Answer[];
  /** The ticket's order (its other tickets), or the whole order of a registration reference. */
  order?: DoorOrder | null;
  /** The last "Admit all": what it left out; door staff undo it without a supervisor until `undoOpenUntil`. */
  batch?: { refused: readonly OrderTicket[]; notOnList: number; admitted: number; undoOpenUntil: number };
  /** Drawn hidden, never shown (VerdictRehearsal.tsx, inside aria-hidden): no focus, no test marks. */
  rehearsal?: boolean;
  /** It takes the place of another verdict on screen: its words come in (door.css). */
  replacing?: boolean;
}

/**
 * A verdict over the scan screen: its mark, title and the ticket's holder first, what to check
 * or why under them, the order's other tickets and the holder's answers, then the buttons.
 */
export function VerdictView({
  verdict,
  now,
  basis = { kind: 'local' },
  answers = [],
  onInteract,
  order = null,
  batch,
  rehearsal = false,
  replacing = false,
  ...actions
}: Props) {
  const exitMode =
    verdict.kind === 'exit-recorded' || verdict.kind === 'not-inside' || verdict.kind === 'order-exit';
  const tone = verdictTone(verdict);
  const stands = basisWords(basis, now);
  const toAdmit = order ? admittable(order).length : 0;
  const leftOut = batch ? notAdmittedWhy(batch.refused, batch.notOnList) : null;
  const ticket = 'ticket' in verdict ? verdict.ticket : null;
  const [confirming, setConfirming] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);

  return (
    <div
      className={`verdict verdict--${tone}${confirming ? ' verdict--choosing' : ''}${order?.tickets.length ? ' verdict--with-order' : ''}${replacing ? ' verdict--again' : ''}`}
      role="alert"
      aria-live="assertive"
      data-testid={rehearsal ? undefined : 'verdict'}
      data-verdict={rehearsal ? undefined : verdict.kind}
      onClick={(e) => {
        if (e.target === e.currentTarget) actions.onDismiss();
      }}
      onKeyDown={(e) => {
        // An Escape meant for the PIN pad over the verdict only closes the pad.
        if (e.key === 'Escape' && !(e.target as Element).closest('.pin')) actions.onDismiss();
      }}
    >
      <div className="verdict__body" ref={bodyRef}>
        <div className="verdict__icon" aria-hidden="true">
          {verdict.kind === 'exit-recorded' ? <span className="mirror-rtl">⇥</span> : VERDICT_ICONS[tone]}
        </div>
        {exitMode && (
          <p className="verdict__mode" data-testid="verdict-exit-tag">
            {t('verdictExitTag')}
          </p>
        )}
        <h1 className="verdict__title">{verdictTitle(verdict)}</h1>
        {ticket && (
          <div className="verdict__ticket">
            <p className="verdict__name">{attendeeName(ticket)}</p>
            <p className="verdict__meta">
              {ticket.releaseTitle && <span>{ticket.releaseTitle}</span>}
              <span className="code">{ticket.reference}</span>
              {ticket.companyName && <span>{ticket.companyName}</span>}
            </p>
          </div>
        )}
        {verdict.kind === 'order' && (order?.buyerName || order?.buyerEmail) && (
          <p className="verdict__buyer">
            {t('orderBuyer', { name: order.buyerName || order.buyerEmail || '' })}
          </p>
        )}
        <VerdictDetail verdict={verdict} now={now} basis={basis} />
        {leftOut && (
          <p className="verdict__detail" data-testid="order-left-out">
            {leftOut}
          </p>
        )}
        {order && (
          <OrderTickets
            order={order}
            whole={verdict.kind === 'order'}
            body={bodyRef}
            onInteract={onInteract}
          />
        )}
        {order && verdict.kind === 'order' && toAdmit === 0 && !batch && (
          <p className="verdict__detail">{t('orderNothingLeft')}</p>
        )}
        {(tone !== 'go' || basis.kind === 'online') && stands && (
          <p className="verdict__basis" data-testid="verdict-basis">
            {stands}
          </p>
        )}
        <VerdictAnswers answers={answers} body={bodyRef} onInteract={onInteract} />
      </div>
      <VerdictActions
        {...actions}
        verdict={verdict}
        toAdmit={toAdmit}
        confirming={confirming}
        onConfirming={setConfirming}
        rehearsal={rehearsal}
        onInteract={onInteract}
        batch={batch}
      />
    </div>
  );
}
