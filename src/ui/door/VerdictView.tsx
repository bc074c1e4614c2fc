import { useEffect, useRef, useState } from 'react';
import {
  attendeeName,
  canAdmitAnyway,
  type DoorCheckin,
  type Verdict,
  verdictTone,
} from '../../domain/verdict';
import { admittable, type DoorOrder, type OrderTicket } from '../../domain/order';
import type { ScanBasis } from '../../sync/confirm-online';
import { formatAge, formatClock, formatWhen } from '../format';
import type { MessageKey } from '../i18n/en';
import { t, tn } from '../i18n/t';
import type { Answer } from './AnswerList';
import { notAdmittedWhy, OrderTickets } from './OrderTickets';
import { VerdictAnswers } from './VerdictAnswers';
import { VERDICT_ICONS, verdictTitle } from './verdict-words';
import { useDoorEngine, useEngineAnswer } from './useDoor';
import type { ScanFlow, ShownVerdict as ShownVerdictState } from './useScanFlow';

interface Props {
  verdict: Verdict;
  now: number;
  /** What the verdict stands on; shown for refusals. */
  basis?: ScanBasis;
  answers?: Answer[];
  /** Present when the verdict made a check-in that can still be taken back. */
  onUndo?: () => void;
  onAdmitAnyway?: () => void;
  onDismiss(): void;
  /** Staff are using the buttons: the verdict should stay up. */
  onInteract?: () => void;
  /** The ticket's order (its other tickets), or the whole order of a registration reference. */
  order?: DoorOrder | null;
  /** What the last "Admit all" left out. */
  batch?: { refused: readonly OrderTicket[]; notOnList: number; admitted: number };
  onAdmitOrder?: () => void;
  onUndoOrder?: () => void;
}

function checkedInWhen(previous: DoorCheckin, now: number): string {
  const where = previous.deviceName ?? t('verdictAtAnotherDoor');
  const age = now - previous.createdAt;
  // Another device's clock may run ahead of this one: never "in 2 min".
  return age < 1000
    ? t('verdictCheckedInAhead', { where })
    : t('verdictCheckedInAgo', { age: formatAge(age), where });
}

function Detail({ verdict, now, basis }: { verdict: Verdict; now: number; basis: ScanBasis }) {
  switch (verdict.kind) {
    case 'already-checked-in':
      return (
        <p className="verdict__detail" data-testid="verdict-detail">
          {checkedInWhen(verdict.previous, now)}{' '}
          <span className="muted">
            ({t('verdictCheckedInClock', { time: formatClock(verdict.previous.createdAt) })})
          </span>
          {verdict.count > 1 && <> · {t('verdictTimesActive', { count: verdict.count })}</>}
        </p>
      );
    case 'just-admitted':
      return (
        <p className="verdict__detail" data-testid="verdict-detail">
          {t('verdictHereAgo', { age: formatAge(Math.max(0, now - verdict.previous.createdAt)) })}
        </p>
      );
    case 'unpaid':
      return <p className="verdict__detail">{t('verdictUnpaidHelp')}</p>;
    case 'void':
      return <p className="verdict__detail">{t('verdictVoidHelp')}</p>;
    case 'list-expired':
      return (
        <p className="verdict__detail">
          {t('verdictListExpiredHelp', { time: formatWhen(verdict.expiredAt, now) })}
        </p>
      );
    case 'not-on-list':
    case 'unknown-code':
    case 'not-a-ticket':
    case 'still-downloading':
    case 'list-code': {
      const help: MessageKey = {
        'not-on-list': basis.kind === 'online' ? 'verdictNotOnListOnlineHelp' : 'verdictNotOnListHelp',
        'unknown-code': 'verdictUnknownCodeHelp',
        'not-a-ticket': 'verdictNotATicketHelp',
        'still-downloading': 'verdictStillDownloadingHelp',
        'list-code': 'verdictListCodeHelp',
      }[verdict.kind] as MessageKey;
      return (
        <>
          <p className="verdict__detail">{t(help)}</p>
          <p className="verdict__read">{t('verdictWhatWasRead', { text: verdict.text.slice(0, 120) })}</p>
        </>
      );
    }
    default:
      return null;
  }
}

/** What a refusal stands on: checked online, or the copy's word and how old it is. */
export function basisWords(basis: ScanBasis, now: number): string | null {
  const age = (at: number | null) => (at === null ? null : formatAge(Math.max(0, now - at)));
  switch (basis.kind) {
    case 'online':
      return t('basisOnline');
    case 'synced':
      return t('basisSynced');
    case 'offline': {
      const synced = age(basis.syncedAt);
      return synced ? t('basisOffline', { age: synced }) : t('basisOfflineNever');
    }
    case 'unconfirmed': {
      const synced = age(basis.syncedAt);
      const reason = t(
        basis.reason === 'network'
          ? 'basisReasonNetwork'
          : basis.reason === 'timeout'
            ? 'basisReasonTimeout'
            : basis.reason === 'rate-limited'
              ? 'basisReasonBusy'
              : 'basisReasonOther',
      );
      return synced ? t('basisUnconfirmed', { age: synced, reason }) : t('basisUnconfirmedNever', { reason });
    }
    default:
      return null;
  }
}

export function VerdictView({
  verdict,
  now,
  basis = { kind: 'local' },
  answers = [],
  onUndo,
  onAdmitAnyway,
  onDismiss,
  onInteract,
  order = null,
  batch,
  onAdmitOrder,
  onUndoOrder,
}: Props) {
  const tone = verdictTone(verdict);
  const toAdmit = order ? admittable(order).length : 0;
  const leftOut = batch ? notAdmittedWhy(batch.refused, batch.notOnList) : null;
  const ticket = 'ticket' in verdict ? verdict.ticket : null;
  const [confirming, setConfirming] = useState(false);
  const nextRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    nextRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      className={`verdict verdict--${tone}${order?.tickets.length ? ' verdict--with-order' : ''}`}
      role="alert"
      aria-live="assertive"
      data-testid="verdict"
      data-verdict={verdict.kind}
      onClick={(e) => {
        if (e.target === e.currentTarget) onDismiss();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss();
      }}
    >
      <div className="verdict__body" ref={bodyRef}>
        <div className="verdict__icon" aria-hidden="true">
          {VERDICT_ICONS[tone]}
        </div>
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
        <Detail verdict={verdict} now={now} basis={basis} />
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
        {(tone !== 'go' || basis.kind === 'online') && basisWords(basis, now) && (
          <p className="verdict__basis" data-testid="verdict-basis">
            {basisWords(basis, now)}
          </p>
        )}
        <VerdictAnswers answers={answers} body={bodyRef} onInteract={onInteract} />
      </div>
      <div
        className="verdict__actions"
        onPointerDown={onInteract}
        onFocusCapture={(e) => (e.target as Element) !== nextRef.current && onInteract?.()}
      >
        {confirming ? (
          <fieldset className="verdict__confirm">
            <legend>{t('verdictConfirmAdmit')}</legend>
            <button type="button" className="button button--large" onClick={() => setConfirming(false)}>
              {t('verdictConfirmAdmitNo')}
            </button>
            <button
              type="button"
              className="button button--primary button--large"
              onClick={() => {
                setConfirming(false);
                onAdmitAnyway?.();
              }}
            >
              {t('verdictConfirmAdmitYes')}
            </button>
          </fieldset>
        ) : (
          <>
            {onAdmitOrder && toAdmit > 0 && (
              <button type="button" className="button button--primary button--large" onClick={onAdmitOrder}>
                {tn('orderAdmitAll', toAdmit)}
              </button>
            )}
            {onUndoOrder && batch && batch.admitted > 0 && (
              <button type="button" className="button button--large" onClick={onUndoOrder}>
                {tn('orderUndoAll', batch.admitted)}
              </button>
            )}
            {onAdmitAnyway && canAdmitAnyway(verdict) && (
              <button type="button" className="button button--large" onClick={() => setConfirming(true)}>
                {t('verdictAdmitAnyway')}
              </button>
            )}
            {onUndo && (
              <button type="button" className="button button--large" onClick={onUndo}>
                {t('verdictUndo')}
              </button>
            )}
            <button
              ref={nextRef}
              type="button"
              className="button button--large button--solid"
              onClick={onDismiss}
            >
              {t('verdictNext')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** One verdict of the scan flow; keyed by its time, so each starts without answers. */
function ShownVerdict({ flow, shown, now }: { flow: ScanFlow; shown: ShownVerdictState; now: number }) {
  const engine = useDoorEngine();
  const ticketId = 'ticket' in shown.verdict ? shown.verdict.ticket.id : null;
  // Read after the verdict is on screen: the verdict never waits for them.
  const answers = useEngineAnswer(
    async () => (ticketId === null ? [] : engine.answers(ticketId)),
    [engine, ticketId],
    [],
  );
  return (
    <VerdictView
      verdict={shown.verdict}
      basis={shown.basis}
      now={now}
      answers={answers}
      onDismiss={flow.dismiss}
      onInteract={flow.hold}
      onUndo={shown.checkin ? () => void flow.undo() : undefined}
      onAdmitAnyway={() => void flow.admitAnyway()}
      order={shown.order}
      batch={
        shown.batch && {
          refused: shown.batch.refused,
          notOnList: shown.batch.notOnList,
          admitted: shown.batch.checkins.length,
        }
      }
      onAdmitOrder={() => void flow.admitOrder()}
      onUndoOrder={() => void flow.undoOrder()}
    />
  );
}

/** The scan flow's verdict while one is up, wired to the flow's dismiss, undo and admit anyway. */
export function ScanFlowVerdict({ flow, now }: { flow: ScanFlow; now: number }) {
  if (!flow.shown) return null;
  return <ShownVerdict key={flow.shown.at} flow={flow} shown={flow.shown} now={now} />;
}
