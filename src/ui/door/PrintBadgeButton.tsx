import { useState } from 'react';
import { describeError } from '../error-words';
import { t, tn } from '../i18n/t';
import type { BadgePrinter } from './useBadges';

interface Props {
  badges: BadgePrinter;
  ticketIds: readonly number[];
  /** The badges were printed already (with the admission, or before): the button says "again". */
  again: boolean;
  className?: string;
  label?: string;
}

/**
 * Prints the badges of admitted tickets (their own, from this device's copy). Shown only while
 * badges are on and the open list has a layout; each print is in the audit log.
 */
export function PrintBadgeButton({ badges, ticketIds, again, className, label }: Props) {
  const [printed, setPrinted] = useState(again);
  const [failure, setFailure] = useState<string | null>(null);
  if (!badges.layout || ticketIds.length === 0) return null;
  const n = ticketIds.length;
  const words =
    label ??
    (n === 1
      ? t(printed ? 'badgePrintAgain' : 'badgePrint')
      : tn(printed ? 'badgePrintManyAgain' : 'badgePrintMany', n));
  return (
    <>
      <button
        type="button"
        className={className ?? 'button button--large'}
        data-testid="print-badge"
        onClick={async () => {
          const result = await badges.print(ticketIds);
          setFailure(result.ok ? null : t('badgeFailed', { reason: describeError(result) }));
          if (result.ok) setPrinted(true);
        }}
      >
        {words}
      </button>
      {failure && <p role="alert">{failure}</p>}
    </>
  );
}
