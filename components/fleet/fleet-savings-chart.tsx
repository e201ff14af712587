'use client';
/**
 * How much each strategy saves run by run over the fleet: the runs' own saved % in round bins, the
 * strategies' bars side by side in each bin, in their columns' colours (lib/charts/fleet-savings.ts
 * prepares the bins). A strategy whose bars sit far right saves a lot on most runs; one spread wide
 * saves a lot on some and little on others, which the median in the table hides.
 */
import { memo, useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { FleetRun } from '../../lib/fleet/aggregate';
import { prepareFleetSavings } from '../../lib/charts/fleet-savings';
import { columnColor } from '../compare/palette';

const TICK = { fontSize: 11 };
const pct = (x: number) => `${Math.round(x * 100)}%`;

export const FleetSavingsChart = memo(function FleetSavingsChart({
  runs,
  ids,
}: {
  runs: readonly FleetRun[];
  ids: readonly string[];
}) {
  const d = useMemo(() => prepareFleetSavings(runs, ids.length), [runs, ids.length]);
  const data = d.bins.map((b) => ({
    range: `${pct(b.from)}–${pct(b.to)}`,
    ...Object.fromEntries(ids.map((_, k) => [`s${k}`, b.counts[k] ?? 0])),
  }));
  const summary = ids
    .map((id, k) => {
      const top = [...d.bins].sort((a, b) => (b.counts[k] ?? 0) - (a.counts[k] ?? 0))[0];
      return top
        ? `${id}: most runs (${top.counts[k]}) save ${pct(top.from)} to ${pct(top.to)}`
        : `${id}: no run`;
    })
    .join('; ');
  const name = 'Saved % per run, by strategy';
  return (
    <figure className="flex min-w-0 flex-col" aria-label={name}>
      <figcaption className="text-xs font-semibold text-slate-700">{name}</figcaption>
      <div
        role="img"
        aria-label={`${name}: a histogram of ${runs.length} runs for each strategy; ${summary}. Horizontal axis: the run's saved %; vertical axis: runs.`}
        className="h-56"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, left: 4, bottom: 20 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="range"
              tick={TICK}
              interval="preserveStartEnd"
              label={{
                value: "the run's saved %",
                position: 'insideBottom',
                offset: -12,
                fontSize: 11,
              }}
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
            <Tooltip formatter={(v, n) => [`${String(v)} runs`, String(n)]} />
            <Legend verticalAlign="top" height={22} wrapperStyle={{ fontSize: 11 }} />
            {ids.map((id, k) => (
              <Bar
                key={id}
                dataKey={`s${k}`}
                name={id}
                fill={columnColor(k)}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
});
