import { useEffect, useRef, useState } from 'react';
import { attendeeName, canAdmitAnyway, type Verdict, verdictTone } from '../../domain/verdict';
import { formatWhen } from '../format';
import type { MessageKey } from '../i18n/en';
import { t } from '../i18n/t';
import type { Answer } from './AnswerList';
import { VerdictAnswers } from './VerdictAnswers';
import { VERDICT_ICONS, VERDICT_TITLES } from './verdict-words';
import { useDoorEngine, useEngineAnswer } from './useDoor';
import type { ScanFlow, ShownVerdict as ShownVerdictState } from './useScanFlow';

interface Props {
  verdict: Verdict;
  now: number;
  answers?: Answer[];
  /** Present when the verdict made a check-in that can still be taken back. */
  onUndo?: () => void;
  onAdmitAnyway?: () => void;
  onDismiss(): void;
  /** Staff are using the buttons: the verdict should stay up. */
  onInteract?: () => void;
}

function Detail({ verdict, now }: { verdict: Verdict; now: number }) {
  switch (verdict.kind) {
    case 'already-checked-in': {
      const who = verdict.previous.deviceName
        ? t('verdictByDevice', { device: verdict.previous.deviceName })
        : t('verdictElsewhere');
      return (
        <p className="verdict__detail">
          {t('verdictCheckedInAt', { time: formatWhen(verdict.previous.createdAt, now) })} {who}
          {verdict.count > 1 && <> · {t('verdictTimesActive', { count: verdict.count })}</>}
        </p>
      );
    }
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
    case 'list-code': {
      const help: MessageKey = {
        'not-on-list': 'verdictNotOnListHelp',
        'unknown-code': 'verdictUnknownCodeHelp',
        'not-a-ticket': 'verdictNotATicketHelp',
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

export function VerdictView({
  verdict,
  now,
  answers = [],
  onUndo,
  onAdmitAnyway,
  onDismiss,
  onInteract,
}: Props) {
  const tone = verdictTone(verdict);
  const ticket = 'ticket' in verdict ? verdict.ticket : null;
  const [confirming, setConfirming] = useState(false);
  const nextRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    nextRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      className={`verdict verdict--${tone}`}
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
        <h1 className="verdict__title">{t(VERDICT_TITLES[verdict.kind])}</h1>
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
        <Detail verdict={verdict} now={now} />
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
      now={now}
      answers={answers}
      onDismiss={flow.dismiss}
      onInteract={flow.hold}
      onUndo={shown.checkin ? () => void flow.undo() : undefined}
      onAdmitAnyway={() => void flow.admitAnyway()}
    />
  );
}

/** The scan flow's verdict while one is up, wired to the flow's dismiss, undo and admit anyway. */
export function ScanFlowVerdict({ flow, now }: { flow: ScanFlow; now: number }) {
  if (!flow.shown) return null;
  return <ShownVerdict key={flow.shown.at} flow={flow} shown={flow.shown} now={now} />;
}
