'use client';
/**
 * How much each strategy saves run by run over the fleet: the runs' own saved % in round bins, the
 * strategies' bars side by side in each bin, in their columns' colours (lib/charts/fleet-savings.ts
 * prepares the bins). A strategy whose bars sit far right saves a lot on most runs; one spread wide
 * saves a lot on some and little on others, which the median in the table hides.
 *
 * Drawn by hand in the frame of plot-frame.tsx (one path of bars per strategy, the legend and the
 * tooltip in HTML), as the overview's histogram and scatter are, and for their reason: a CPU
 * profile of the 500-run fleet's comparison in Chromium put the recharts version of this chart at
 * over half of the results' first render (~150 ms of a 240-300 ms task on this 2-core machine: its
 * store's selectors, and the second render its own mount effects ask for).
 */
import { memo, useMemo, useState } from 'react';
import { linearAxis } from '../../lib/charts/fleet-distribution';
import { prepareFleetSavings } from '../../lib/charts/fleet-savings';
import type { FleetRun } from '../../lib/fleet/aggregate';
import { columnColor } from '../compare/palette';
import {
  ActiveBin,
  edgeTicks,
  H,
  pickBin,
  PlotFrame,
  Tooltip,
  tooltipPlace,
  W,
} from './plot-frame';

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** The share of a bin's width its bars take together (the rest is the gap between bins). */
const FILL = 0.8;
/** At most this many edges are labelled; the others are still bin edges, unlabelled. */
const LABELS = 9;

export const FleetSavingsChart = memo(function FleetSavingsChart({
  runs,
  ids,
}: {
  runs: readonly FleetRun[];
  ids: readonly string[];
}) {
  const { bins } = useMemo(() => prepareFleetSavings(runs, ids.length), [runs, ids.length]);
  const n = Math.max(1, bins.length);
  const k = Math.max(1, ids.length);
  const y = useMemo(
    () =>
      linearAxis(
        bins.reduce((m, b) => Math.max(m, ...b.counts), 0),
        { integers: true },
      ),
    [bins],
  );
  // One path per strategy: its bar in every bin, side by side with the others' in the bin.
  const paths = useMemo(
    () =>
      ids.map((_, s) =>
        bins
          .map((b, i) => {
            const h = ((b.counts[s] ?? 0) / y.max) * H;
            const x = ((i + (1 - FILL) / 2 + (FILL * s) / k) / n) * W;
            return h > 0 ? `M${x},${H - h}h${(FILL / k / n) * W}v${h}h${(-FILL / k / n) * W}Z` : '';
          })
          .join(''),
      ),
    [ids, bins, y.max, k, n],
  );
  const summary = ids
    .map((id, s) => {
      const top = [...bins].sort((a, b) => (b.counts[s] ?? 0) - (a.counts[s] ?? 0))[0];
      return top
        ? `${id}: most runs (${top.counts[s]}) save ${pct(top.from)} to ${pct(top.to)}`
        : `${id}: no run`;
    })
    .join('; ');
  const [active, setActive] = useState<number>();
  const bin = active !== undefined ? bins[active] : undefined;
  const name = 'Saved % per run, by strategy';
  return (
    <figure className="flex min-w-0 flex-col gap-1" aria-label={name}>
      <figcaption className="text-xs font-semibold text-slate-700">{name}</figcaption>
      <ul className="flex flex-wrap gap-x-3 gap-y-0.5 text-[11px] text-slate-700" aria-hidden>
        {ids.map((id, s) => (
          <li key={id} className="flex items-center gap-1">
            <span
              className="inline-block size-2.5 rounded-sm"
              style={{ background: columnColor(s) }}
            />
            {id}
          </li>
        ))}
      </ul>
      <PlotFrame
        summary={`${name}: a histogram of ${runs.length} runs for each strategy; ${summary}. Horizontal axis: the run's saved %; vertical axis: runs.`}
        height="h-52"
        y={y}
        yTitle="runs"
        yTick={(v) => String(v)}
        xTicks={edgeTicks(bins, LABELS, pct)}
        xTitle="the run's saved %"
        count={bins.length}
        pick={pickBin(bins.length)}
        setActive={setActive}
        marks={
          <>
            <ActiveBin at={active} bins={bins.length} />
            {paths.map((p, s) => (
              <path key={ids[s]} data-strategy={ids[s]} d={p} style={{ fill: columnColor(s) }} />
            ))}
          </>
        }
        tooltip={
          bin &&
          active !== undefined && (
            <Tooltip style={tooltipPlace((active + 0.5) / n, Math.max(...bin.counts, 0) / y.max)}>
              <div className="font-medium text-slate-900">
                saved {pct(bin.from)}–{pct(bin.to)}
              </div>
              {ids.map((id, s) => (
                <div key={id} className="flex items-center gap-1">
                  <span
                    className="inline-block size-2 rounded-sm"
                    style={{ background: columnColor(s) }}
                  />
                  {id}: {bin.counts[s] ?? 0} {(bin.counts[s] ?? 0) === 1 ? 'run' : 'runs'}
                </div>
              ))}
            </Tooltip>
          )
        }
      />
    </figure>
  );
});
