import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { OWN_UNDO_MS } from '../../domain/door-roles';
import {
  attendeeName,
  canAdmitAnyway,
  canRecordExit,
  type DoorCheckin,
  type Verdict,
  verdictTone,
} from '../../domain/verdict';
import { admittable, type DoorOrder, type OrderTicket } from '../../domain/order';
import type { ScanBasis } from '../../sync/engine/door-protocol';
import { formatAge, formatClock, formatWhen } from '../format';
import type { MessageKey } from '../i18n/t';
import { t, tn } from '../i18n/t';
import type { Answer } from './AnswerList';
import { notAdmittedWhy, OrderTickets } from './OrderTickets';
import { useSupervisorGate } from './SupervisorGate';
import { VerdictAnswers } from './VerdictAnswers';
import { VERDICT_ICONS, verdictTitle } from './verdict-words';
import { PrintBadgeButton } from './PrintBadgeButton';
import { useDoorEngine, useEngineAnswer } from '../hooks/useDoor';
import type { ScanFlow, ShownVerdict as ShownVerdictState } from './useScanFlow';
import { afterPaint } from '../shared/after-paint';

interface Props {
  verdict: Verdict;
  now: number;
  /** What the verdict stands on; shown for refusals. */
  basis?: ScanBasis;
  answers?: Answer[];
  /** Present when the verdict made a check-in that can still be taken back. */
  onUndo?: () => void;
  /** Until when door staff may undo without a supervisor (their own admission, just made). */
  undoOpenUntil?: number;
  /** "Admit anyway", with the reason staff chose or typed. */
  onAdmitAnyway?: (reason: string) => void;
  /** Records the exit of the verdict's ticket, offered while it is inside. */
  onExit?: () => void;
  onDismiss(): void;
  /** Staff are using the buttons: the verdict should stay up. */
  onInteract?: () => void;
  /** The ticket's order (its other tickets), or the whole order of a registration reference. */
  order?: DoorOrder | null;
  /** What the last "Admit all" left out. */
  /** The last "Admit all": door staff undo it without a supervisor until `undoOpenUntil`. */
  batch?: { refused: readonly OrderTicket[]; notOnList: number; admitted: number; undoOpenUntil: number };
  onAdmitOrder?: () => void;
  onUndoOrder?: () => void;
  /** The badge's Print button, for a verdict that admitted someone (PrintBadgeButton.tsx). */
  badge?: ReactNode;
  /** Drawn hidden, never shown (VerdictRehearsal.tsx, inside aria-hidden): no focus, no test marks. */
  rehearsal?: boolean;
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
    case 'admitted':
      if (!verdict.reentry) return null;
      return (
        <p className="verdict__detail" data-testid="verdict-detail">
          {t(verdict.reentry.seenAs === 'exit' ? 'verdictReentryExit' : 'verdictReentryDeleted', {
            time: formatClock(verdict.reentry.leftAt),
          })}
        </p>
      );
    case 'exit-recorded':
      return (
        <p className="verdict__detail" data-testid="verdict-detail">
          {t('verdictExitEntered', {
            time: formatClock(verdict.enteredAt),
            age: formatAge(Math.max(0, now - verdict.enteredAt)),
          })}
        </p>
      );
    case 'not-inside':
      return (
        <p className="verdict__detail" data-testid="verdict-detail">
          {t('verdictNotInsideHelp')}
          {verdict.leftAt !== null && (
            <> {t('verdictNotInsideLeft', { time: formatClock(verdict.leftAt) })}</>
          )}
        </p>
      );
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
      // The device knows the ticket, not the face: what to check comes first, under the name.
      return (
        <>
          <div className="verdict__check" data-testid="verdict-check">
            <p className="verdict__check-what">{t('verdictHereCheck')}</p>
            <p>{t('verdictHereSomeoneElse')}</p>
          </div>
          <p className="verdict__detail" data-testid="verdict-detail">
            {t('verdictHereAgo', { age: formatAge(Math.max(0, now - verdict.previous.createdAt)) })}
          </p>
        </>
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
    case 'list-code':
    case 'scan-again': {
      const help: MessageKey = {
        'not-on-list': basis.kind === 'online' ? 'verdictNotOnListOnlineHelp' : 'verdictNotOnListHelp',
        'unknown-code': 'verdictUnknownCodeHelp',
        'not-a-ticket': 'verdictNotATicketHelp',
        'still-downloading': 'verdictStillDownloadingHelp',
        'list-code': 'verdictListCodeHelp',
        'scan-again': 'verdictScanAgainHelp',
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

const REASONS = [
  'admitAnywayReasonReentry',
  'admitAnywayReasonMistake',
  'admitAnywayReasonPaid',
  'admitAnywayReasonOrganiser',
] as const satisfies readonly MessageKey[];

/** "Admit anyway" asks why: one of a few reasons, or typed. The reason goes into the audit log. */
function AdmitAnywayReason({ onAdmit, onCancel }: { onAdmit(reason: string): void; onCancel(): void }) {
  const id = useId();
  const [choice, setChoice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const reason = choice === 'other' ? typed.trim() : choice ? t(choice as MessageKey) : '';
  return (
    <fieldset className="verdict__confirm" data-testid="admit-anyway-reason">
      <legend>{t('admitAnywayWhy')}</legend>
      <div className="verdict__reasons">
        {[...REASONS, 'other' as const].map((key) => (
          <label key={key} className="choice">
            <input
              type="radio"
              name={`${id}-reason`}
              value={key}
              checked={choice === key}
              onChange={() => setChoice(key)}
            />
            {key === 'other' ? t('admitAnywayReasonOther') : t(key)}
          </label>
        ))}
        {choice === 'other' && (
          <>
            <label htmlFor={`${id}-typed`} className="visually-hidden">
              {t('admitAnywayReasonTyped')}
            </label>
            <input
              id={`${id}-typed`}
              className="input"
              maxLength={200}
              value={typed}
              placeholder={t('admitAnywayReasonTyped')}
              onChange={(e) => setTyped(e.target.value)}
            />
          </>
        )}
      </div>
      <button type="button" className="button button--large" onClick={onCancel}>
        {t('verdictConfirmAdmitNo')}
      </button>
      <button
        type="button"
        className="button button--primary button--large"
        disabled={reason === ''}
        onClick={() => onAdmit(reason)}
      >
        {t('admitAnywayConfirm')}
      </button>
    </fieldset>
  );
}

export function VerdictView({
  verdict,
  now,
  basis = { kind: 'local' },
  answers = [],
  onUndo,
  undoOpenUntil,
  onAdmitAnyway,
  onExit,
  onDismiss,
  onInteract,
  order = null,
  batch,
  onAdmitOrder,
  onUndoOrder,
  badge,
  rehearsal = false,
}: Props) {
  const exitMode = verdict.kind === 'exit-recorded' || verdict.kind === 'not-inside';
  const gate = useSupervisorGate();
  const tone = verdictTone(verdict);
  const toAdmit = order ? admittable(order).length : 0;
  const leftOut = batch ? notAdmittedWhy(batch.refused, batch.notOnList) : null;
  const ticket = 'ticket' in verdict ? verdict.ticket : null;
  const [confirming, setConfirming] = useState(false);
  const nextRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (rehearsal) return;
    return afterPaint(() => nextRef.current?.focus({ preventScroll: true }));
  }, [rehearsal]);

  return (
    <div
      className={`verdict verdict--${tone}${confirming ? ' verdict--choosing' : ''}${order?.tickets.length ? ' verdict--with-order' : ''}`}
      role="alert"
      aria-live="assertive"
      data-testid={rehearsal ? undefined : 'verdict'}
      data-verdict={rehearsal ? undefined : verdict.kind}
      onClick={(e) => {
        if (e.target === e.currentTarget) onDismiss();
      }}
      onKeyDown={(e) => {
        // An Escape meant for the PIN pad over the verdict only closes the pad.
        if (e.key === 'Escape' && !(e.target as Element).closest('.pin')) onDismiss();
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
          <AdmitAnywayReason
            onCancel={() => setConfirming(false)}
            onAdmit={(reason) => {
              setConfirming(false);
              onAdmitAnyway?.(reason);
            }}
          />
        ) : (
          <>
            {onAdmitOrder && toAdmit > 0 && (
              <button type="button" className="button button--primary button--large" onClick={onAdmitOrder}>
                {tn('orderAdmitAll', toAdmit)}
              </button>
            )}
            {onUndoOrder && batch && batch.admitted > 0 && (
              <button
                type="button"
                className="button button--large"
                onClick={() => gate.run(onUndoOrder, Date.now() > batch.undoOpenUntil)}
              >
                {tn('orderUndoAll', batch.admitted)}
              </button>
            )}
            {onAdmitAnyway && canAdmitAnyway(verdict) && (
              <button
                type="button"
                className="button button--large"
                onClick={() => gate.run(() => setConfirming(true))}
              >
                {t('verdictAdmitAnyway')}
              </button>
            )}
            {onExit && canRecordExit(verdict) && (
              <button type="button" className="button button--large verdict__exit" onClick={onExit}>
                {t('verdictRecordExit')}
              </button>
            )}
            {badge}
            {onUndo && (
              <button
                type="button"
                className="button button--large"
                onClick={() => gate.run(onUndo, undoOpenUntil === undefined || Date.now() > undoOpenUntil)}
              >
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
        {gate.pad}
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
  // Badges for what this verdict let in: its ticket, or the tickets "Admit all" just admitted.
  const admittedIds = shown.batch
    ? shown.batch.checkins.map((c) => c.ticketId)
    : shown.verdict.kind === 'admitted' && shown.checkin
      ? [shown.verdict.ticket.id]
      : [];
  return (
    <VerdictView
      verdict={shown.verdict}
      basis={shown.basis}
      now={now}
      answers={answers}
      onDismiss={flow.dismiss}
      onInteract={flow.hold}
      onUndo={shown.checkin ? () => void flow.undo() : undefined}
      undoOpenUntil={shown.checkin ? shown.checkin.createdAt + OWN_UNDO_MS : undefined}
      onAdmitAnyway={(reason) => void flow.admitAnyway(reason)}
      onExit={ticketId === null ? undefined : () => void flow.exit(ticketId)}
      order={shown.order}
      batch={
        shown.batch && {
          refused: shown.batch.refused,
          notOnList: shown.batch.notOnList,
          admitted: shown.batch.checkins.length,
          undoOpenUntil: Math.min(...shown.batch.checkins.map((c) => c.createdAt)) + OWN_UNDO_MS,
        }
      }
      onAdmitOrder={() => void flow.admitOrder()}
      onUndoOrder={() => void flow.undoOrder()}
      badge={
        <PrintBadgeButton
          badges={flow.badges}
          ticketIds={admittedIds}
          again={flow.badges.mode === 'always'}
        />
      }
    />
  );
}

/** The scan flow's verdict while one is up, wired to the flow's dismiss, undo and admit anyway. */
export function ScanFlowVerdict({ flow, now }: { flow: ScanFlow; now: number }) {
  if (!flow.shown) return null;
  return <ShownVerdict key={flow.shown.at} flow={flow} shown={flow.shown} now={now} />;
}
