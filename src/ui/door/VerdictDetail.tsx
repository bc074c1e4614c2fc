import type { DoorCheckin, Verdict } from '../../domain/verdict';
import type { ScanBasis } from '../../sync/engine/door-protocol';
import { formatAge, formatClock, formatWhen } from '../format';
import type { MessageKey } from '../i18n/t';
import { t } from '../i18n/t';

function checkedInWhen(previous: DoorCheckin, now: number): string {
  const where = previous.deviceName ?? t('verdictAtAnotherDoor');
  const age = now - previous.createdAt;
  // Another device's clock may run ahead of this one: never "in 2 min".
  return age < 1000
    ? t('verdictCheckedInAhead', { where })
    : t('verdictCheckedInAgo', { age: formatAge(age), where });
}

/**
 * When this door admitted the ticket: "just now" for a scan repeated within seconds (a code held
 * under the camera twice, the commonest case), where "0 s ago" reads like a fault.
 */
function hereAgo(ms: number): string {
  return ms < JUST_NOW_MS ? t('verdictHereJustNow') : t('verdictHereAgo', { age: formatAge(ms) });
}
const JUST_NOW_MS = 5000;

/** What a verdict adds under the name: when, where, why, and what to check or do. */
export function VerdictDetail({ verdict, now, basis }: { verdict: Verdict; now: number; basis: ScanBasis }) {
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
            {hereAgo(Math.max(0, now - verdict.previous.createdAt))}
          </p>
        </>
      );
    case 'order-exit':
      return (
        <p className="verdict__detail" data-testid="verdict-detail">
          {t('verdictOrderExitHelp')}
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
    case 'device-revoked':
      return (
        <p className="verdict__detail">
          {t('verdictDeviceRevokedHelp', { time: formatWhen(verdict.revokedAt, now) })}
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
