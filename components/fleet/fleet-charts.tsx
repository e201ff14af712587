'use client';
/**
 * The fleet at a glance, where people would rather look than read: how run cost (or input tokens,
 * when no run is priced) and run length are distributed, and cost against steps with each run
 * coloured by its outcome. Data from lib/charts/fleet-distribution.ts; colours from the palette's
 * variables, so the charts follow the system's dark mode as the rest of the app does.
 */
import { memo, useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
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
import { outcomeStyle } from './outcome-label';

const TICK = { fontSize: 11 };
const BAR_FILL = 'var(--color-sky-600)';

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
  const data = props.bins.map((b) => ({
    range: `${props.format(b.from)}–${props.format(b.to)}`,
    count: b.count,
  }));
  return (
    <figure className="flex min-w-0 flex-1 flex-col" aria-label={props.name}>
      <figcaption className="text-xs font-semibold text-slate-700">{props.name}</figcaption>
      <div role="img" aria-label={props.summary} className="h-48">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, left: 4, bottom: 20 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="range"
              tick={TICK}
              interval="preserveStartEnd"
              label={{ value: props.axis, position: 'insideBottom', offset: -12, fontSize: 11 }}
            />
            <YAxis
              allowDecimals={false}
              tick={TICK}
              width={44}
              label={{
                value: 'runs',
                angle: -90,
                position: 'insideLeft',
                style: { textAnchor: 'middle' },
                fontSize: 11,
              }}
            />
            <Tooltip formatter={(v) => [`${String(v)} runs`, 'runs']} />
            <Bar dataKey="count" fill={BAR_FILL} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
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
      <div
        role="img"
        aria-label={`${name}: one dot per run; ${counts}. Horizontal axis: steps; vertical axis: ${measureAxis(measure, rough)}.`}
        className="h-48"
      >
        <ResponsiveContainer width="100%" height="100%">
          <ScatterChart margin={{ top: 8, right: 12, left: 16, bottom: 20 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="steps"
              name="steps"
              tick={TICK}
              label={{ value: 'steps', position: 'insideBottom', offset: -12, fontSize: 11 }}
            />
            <YAxis
              type="number"
              dataKey="value"
              name={measure === 'cost' ? 'cost' : 'input tokens'}
              tick={TICK}
              width={64}
              tickFormatter={(v: number) => tickOf(measure, v)}
              label={{
                value: measureAxis(measure, rough),
                angle: -90,
                position: 'insideLeft',
                offset: -8,
                style: { textAnchor: 'middle' },
                fontSize: 11,
              }}
            />
            <Tooltip
              formatter={(v, n) => (n === 'steps' ? String(v) : formatMeasure(measure, Number(v)))}
            />
            <Legend verticalAlign="top" height={22} wrapperStyle={{ fontSize: 11 }} />
            {series.map((s) => {
              const style = outcomeStyle(s.kind);
              return (
                <Scatter
                  key={s.kind}
                  name={style.label}
                  data={[...s.points]}
                  fill={style.fill}
                  isAnimationActive={false}
                />
              );
            })}
          </ScatterChart>
        </ResponsiveContainer>
      </div>
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
