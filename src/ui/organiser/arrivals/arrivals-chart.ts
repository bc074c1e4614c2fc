// Arrivals per five minutes as bars, drawn by uPlot (small, fast, canvas). This module is
// loaded on first use only, so neither the door app nor the other organiser screens carry it.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { tl } from '../../i18n/t';
import type { ArrivalBucket } from '../../../domain/arrivals';

export interface ChartColours {
  text: string;
  grid: string;
  bar: string;
}

export interface ArrivalsChart {
  update(buckets: readonly ArrivalBucket[]): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

const series = (buckets: readonly ArrivalBucket[]): uPlot.AlignedData => [
  buckets.map((b) => b.start / 1000),
  buckets.map((b) => b.count),
];

export function drawArrivalsChart(
  target: HTMLElement,
  buckets: readonly ArrivalBucket[],
  size: { width: number; height: number },
  colours: ChartColours,
  fontPx: number,
  timeZone: string | null,
): ArrivalsChart {
  const font = `${fontPx}px system-ui, sans-serif`;
  const axis = {
    stroke: colours.text,
    font,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { show: false },
  };
  const plot = new uPlot(
    {
      ...size,
      legend: { show: false },
      padding: [fontPx, fontPx * 2, 0, 0],
      ...(timeZone ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), timeZone) } : {}),
      cursor: { show: false },
      scales: {
        // Each bar stands for the five minutes from its time: the axis runs to the end of the last.
        x: { time: true, range: (_u, min, max) => [min, max + 300] },
        y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
      },
      axes: [
        { ...axis, space: fontPx * 5 },
        { ...axis, size: fontPx * 3, space: fontPx * 2.5, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] },
      ],
      series: [
        {},
        {
          label: tl('Arrivals'),
          fill: colours.bar,
          paths: uPlot.paths.bars?.({ size: [0.8, 64], align: 1 }),
          points: { show: false },
        },
      ],
    },
    series(buckets),
    target,
  );
  return {
    update: (next) => plot.setData(series(next)),
    resize: (width, height) => plot.setSize({ width, height }),
    destroy: () => plot.destroy(),
  };
}
