import { memo } from 'react';
import { overallLevel } from '../../domain/readiness';
import type { SyncStatus } from '../../sync/engine/door-protocol';
import { LEVEL_MARK, readinessShort } from './readiness-words';
import { useReadiness } from './useReadiness';
import './readiness.css';

const TONE = { green: 'ok', amber: 'warn', red: 'danger' } as const;

/**
 * The door's readiness in a few words on the scan screen's status line ("Ready", "Not ready: 1
 * to fix"); a tap opens the list of items beside the scanning, never in its way.
 */
export const ReadinessPill = memo(function ReadinessPill({
  status,
  now,
  open,
  onToggle,
}: {
  status: SyncStatus;
  now: number;
  open: boolean;
  onToggle(): void;
}) {
  const readiness = useReadiness(status, now);
  const level = overallLevel(readiness);
  const words = readinessShort(readiness);
  return (
    <button
      type="button"
      className={`pill pill--${TONE[level]} ready-pill`}
      data-testid="readiness-pill"
      data-level={level}
      aria-expanded={open}
      aria-controls="readiness-panel"
      title={words}
      onClick={onToggle}
    >
      <span aria-hidden="true" className="ready-pill__mark">
        {LEVEL_MARK[level]}
      </span>
      <span className="ready-pill__words">{words}</span>
      {/* A phone's line has no room for the words: the mark and how many, the words for readers. */}
      {level !== 'green' && (
        <span aria-hidden="true" className="ready-pill__count">
          {readiness.items.filter((item) => item.level === level).length}
        </span>
      )}
    </button>
  );
});
