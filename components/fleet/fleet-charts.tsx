'use client';
/**
 * The fleet at a glance, where people would rather look than read: how run cost (or input tokens,
 * when no run is priced) and run length are distributed, and cost against steps with each run
 * coloured by its outcome. Data from lib/charts/fleet-distribution.ts, drawn by hand as SVG
 * (fleet-histogram.tsx, fleet-scatter.tsx: recharts took 150-260 ms of the main thread per commit
 * of 500 runs); colours from the palette's variables, so the charts follow the system's dark mode as
 * the rest of the app does.
 */
import { memo, useMemo } from 'react';
import {
  prepareFleetDistributions,
  prepareFleetScatter,
  type Bin,
  type CostMeasure,
  type FleetPoint,
} from '../../lib/charts/fleet-distribution';
import { OUTCOME_KINDS } from '../../lib/model/run-summary';
import { formatUsd } from '../usage/format';
import { formatTokens } from '../ui/kinds';
import { FleetHistogram } from './fleet-histogram';
import { FleetScatter } from './fleet-scatter';
import { outcomeStyle } from './outcome-label';

const measureAxis = (m: CostMeasure, rough: boolean) =>
  m === 'cost' ? 'run cost, USD' : `input tokens over the run${rough ? ' (≈)' : ''}`;
const formatMeasure = (m: CostMeasure, v: number) =>
  m === 'cost' ? formatUsd(v) : formatTokens(Math.round(v));
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** An axis tick: short, so the axis title beside the ticks has room ($0.15, 140K). */
const tickOf = (m: CostMeasure, v: number) =>
  m === 'cost' ? `$${v < 10 ? v.toFixed(2) : COMPACT.format(v)}` : COMPACT.format(v);

function Histogram(props: {
  name: string;
  bins: readonly Bin[];
  axis: string;
  format: (v: number) => string;
  summary: string;
}) {
  return (
    <figure className="flex min-w-0 flex-1 flex-col" aria-label={props.name}>
      <figcaption className="text-xs font-semibold text-slate-700">{props.name}</figcaption>
      <FleetHistogram
        bins={props.bins}
        summary={props.summary}
        axis={props.axis}
        tick={props.format}
        format={props.format}
      />
    </figure>
  );
}

function CostAgainstSteps({ points, rough }: { points: readonly FleetPoint[]; rough: boolean }) {
  const { measure, series } = useMemo(() => prepareFleetScatter(points, OUTCOME_KINDS), [points]);
  const counts = series.map((s) => `${s.points.length} ${outcomeStyle(s.kind).label}`).join(', ');
  const name = `${measure === 'cost' ? 'Cost' : 'Input tokens'} against steps, by outcome`;
  return (
    <figure className="flex min-w-0 flex-[1.4] flex-col" aria-label={name}>
      <figcaption className="text-xs font-semibold text-slate-700">{name}</figcaption>
      <FleetScatter
        series={series}
        measure={measure}
        summary={`${name}: one dot per run; ${counts}. Horizontal axis: steps; vertical axis: ${measureAxis(measure, rough)}.`}
        yTitle={measureAxis(measure, rough)}
        tick={(v) => tickOf(measure, v)}
        format={(v) => formatMeasure(measure, v)}
      />
    </figure>
  );
}

/**
 * Memoized: the overview re-renders on every progress report of the exact counts (about 50 a
 * request), and redrawing three charts of 500 runs took 200-500 ms of the main thread each time
 * (bench/suites/fleet-browser.ts). The points change only when the rows do.
 */
export const FleetCharts = memo(function FleetCharts({
  points,
  rough,
}: {
  points: readonly FleetPoint[];
  rough: boolean;
}) {
  const d = useMemo(() => prepareFleetDistributions(points), [points]);
  const costName = d.measure === 'cost' ? 'Run cost' : 'Input tokens per run';
  const totalRuns = (bins: readonly Bin[]) => bins.reduce((n, b) => n + b.count, 0);
  const describe = (bins: readonly Bin[], format: (v: number) => string) => {
    const top = [...bins].sort((a, b) => b.count - a.count)[0];
    return top
      ? `; most runs (${top.count}) between ${format(top.from)} and ${format(top.to)}`
      : '';
  };
  const fmt = (v: number) => tickOf(d.measure, v);
  return (
    <div className="flex flex-wrap gap-4">
      <Histogram
        name={costName}
        bins={d.cost}
        axis={measureAxis(d.measure, rough)}
        format={fmt}
        summary={`${costName}: a histogram of ${totalRuns(d.cost)} runs${d.uncosted ? ` (${d.uncosted} without a cost left out)` : ''}${describe(d.cost, fmt)}. Horizontal axis: ${measureAxis(d.measure, rough)}; vertical axis: runs.`}
      />
      <Histogram
        name="Run length"
        bins={d.steps}
        axis="steps per run"
        format={(v) => formatTokens(v)}
        summary={`Run length: a histogram of ${totalRuns(d.steps)} runs${describe(d.steps, (v) => formatTokens(v))}. Horizontal axis: steps per run; vertical axis: runs.`}
      />
      <CostAgainstSteps points={points} rough={rough} />
    </div>
  );
});
