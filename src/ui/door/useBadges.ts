// Badges at this door: whether they print (the device's setting, and a layout for the open
// list), and printing them. The badge code (drawing, fitting, the print stylesheet, the QR
// encoder) is its own chunk, asked for as soon as badges are on for the open list, so the first
// admission prints from what the device already holds, offline too.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { fail, type Result } from '../../domain/result';
import type { BadgeLayout } from '../../domain/badge-layout';
import type { BadgeTicket } from '../../domain/badge-content';
import { appStore } from '../../state/app-store';
import { noteBadgePrint } from '../../state/readiness';
import { badgeLayoutOf, badgeLayoutsVersion, onBadgeLayoutsChange } from '../../state/badge-layouts';
import type { BadgeMode } from '../../state/settings';
import { useAppStore } from '../../state/use-app-store';
import { useDoorEngine } from '../hooks/useDoor';

type PrintJob = typeof import('../badges/print-job');

let chunk: Promise<PrintJob> | null = null;
const loadPrintJob = (): Promise<PrintJob> => {
  chunk ??= import('../badges/print-job').catch((error: unknown) => {
    chunk = null;
    throw error;
  });
  return chunk;
};

export interface BadgePrinter {
  mode: BadgeMode;
  /** The open list's layout while badges are on, else null: no button shows, nothing prints. */
  layout: BadgeLayout | null;
  /** Prints the badges of these tickets (those inside); answers how many went to the printer. */
  print(ticketIds: readonly number[]): Promise<Result<number>>;
  /** After an admission: prints at once when badges print on every admission. */
  admitted(ticketIds: readonly number[]): Promise<Result<number> | null>;
  /** One badge with made-up words in the open list's layout: the printer and labels tried. */
  testPrint(sample: BadgeTicket): Promise<Result<number>>;
}

export function useBadgePrinter(): BadgePrinter {
  const engine = useDoorEngine();
  const mode = useAppStore((s) => s.settings.badges);
  const slug = useAppStore((s) => s.sync.list?.slug ?? null);
  const version = useSyncExternalStore(onBadgeLayoutsChange, badgeLayoutsVersion, badgeLayoutsVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version says the stored layouts changed
  const layout = useMemo(() => {
    if (mode === 'off' || !slug) return null;
    const kept = badgeLayoutOf(slug);
    return kept && 'layout' in kept ? kept.layout : null;
  }, [mode, slug, version]);

  useEffect(() => {
    if (layout) void loadPrintJob().catch(() => undefined);
  }, [layout]);

  const print = useCallback(
    async (ticketIds: readonly number[]): Promise<Result<number>> => {
      if (!layout) return fail('no-list');
      let job: PrintJob;
      try {
        job = await loadPrintJob();
      } catch {
        return fail('app-part-missing');
      }
      const badges = await engine.badgesFor([...ticketIds], {
        withAnswers: layout.fields.includes('answer'),
      });
      if (!badges.ok) return badges;
      const printed = await job.printBadges(layout, badges.value);
      // A guest's badge tries the printer as well as a test print does (readiness).
      if (printed > 0) noteBadgePrint(appStore, Date.now());
      return { ok: true, value: printed };
    },
    [engine, layout],
  );

  const testPrint = useCallback(
    async (sample: BadgeTicket): Promise<Result<number>> => {
      if (!layout) return fail('no-list');
      let job: PrintJob;
      try {
        job = await loadPrintJob();
      } catch {
        return fail('app-part-missing');
      }
      const printed = await job.printBadges(layout, [{ ticket: sample, answers: [] }]);
      noteBadgePrint(appStore, Date.now());
      return { ok: true, value: printed };
    },
    [layout],
  );

  const admitted = useCallback(
    (ticketIds: readonly number[]) =>
      appStore.getState().settings.badges === 'always' && layout ? print(ticketIds) : Promise.resolve(null),
    [layout, print],
  );

  // One object while nothing in it changes: a verdict's Print button is memoised on it.
  return useMemo(
    () => ({ mode, layout, print, admitted, testPrint }),
    [mode, layout, print, admitted, testPrint],
  );
}
