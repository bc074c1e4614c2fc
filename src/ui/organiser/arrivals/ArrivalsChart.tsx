// The arrivals chart's place on the screen: uPlot is loaded when it first shows, sized to its
// box, drawn in the theme's colours, and given new data without being drawn afresh.
import { useEffect, useRef, useState } from 'react';
import type { ArrivalBucket } from '../../../domain/arrivals';
import { t } from '../../i18n/t';
import type { ArrivalsChart as Chart } from './arrivals-chart';

interface Props {
  buckets: readonly ArrivalBucket[];
  theme: string;
  /** Axis text size in CSS pixels (larger on the production desk's screen). */
  fontPx: number;
  /** The event's time zone for the time axis; null for this device's. */
  timeZone: string | null;
}

export function ArrivalsChart({ buckets, theme, fontPx, timeZone }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const latest = useRef(buckets);
  latest.current = buckets;
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn afresh only when the theme, text size or time zone changes; data goes through update().
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    let live = true;
    let observer: ResizeObserver | null = null;
    import('./arrivals-chart')
      .then(({ drawArrivalsChart }) => {
        if (!live) return;
        const style = getComputedStyle(target);
        const colour = (name: string) => style.getPropertyValue(name).trim();
        const size = () => ({ width: target.clientWidth, height: Math.max(160, target.clientHeight) });
        chart.current = drawArrivalsChart(
          target,
          latest.current,
          size(),
          { text: colour('--muted'), grid: colour('--border'), bar: colour('--accent') },
          fontPx,
          timeZone,
        );
        observer = new ResizeObserver(() => {
          const { width, height } = size();
          chart.current?.resize(width, height);
        });
        observer.observe(target);
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      observer?.disconnect();
      chart.current?.destroy();
      chart.current = null;
    };
  }, [theme, fontPx, timeZone]);

  useEffect(() => {
    chart.current?.update(buckets);
  }, [buckets]);

  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  const last = buckets.at(-1)?.count ?? 0;
  return (
    <figure className="live-arrivals-chart">
      <div
        ref={box}
        className="live-arrivals-chart__plot"
        role="img"
        aria-label={t('arrChartLabel', { last, total })}
        data-testid="arrivals-chart"
        data-total={total}
      />
      {failed ? <p className="muted">{t('arrChartUnavailable')}</p> : null}
      {buckets.length === 0 ? <p className="muted live-arrivals-chart__empty">{t('arrChartEmpty')}</p> : null}
    </figure>
  );
}
