'use client';
/**
 * A histogram of the fleet's runs (run cost or input tokens, run length) drawn as one SVG: one path
 * of bars in the frame of plot-frame.tsx, the bins' edges as the horizontal axis, a tooltip per
 * bin on hover or with the arrow keys when the chart has focus.
 *
 * Not recharts, for the reason the scatter beside it is not (fleet-scatter.tsx): with the scatter
 * drawn by hand, a CPU profile of the 500-run fleet's overview in Chromium (CDP sampling, load 11)
 * still had a 492 ms commit in which these two recharts charts were the largest part (their
 * store's `dispatch` and `memoizedSelector` ~100 ms, `getBoundingClientRect` 33 ms as each chart
 * measured itself, `CartesianGrid`, `Label`); these draw in a few milliseconds and measure nothing.
 */
import { useMemo, useState } from 'react';
import { linearAxis, type Bin } from '../../lib/charts/fleet-distribution';
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

const BAR_FILL = 'var(--color-sky-600)';
/** At most this many edges are labelled; the others are still bin edges, unlabelled. */
const LABELS = 7;

export function FleetHistogram(props: {
  bins: readonly Bin[];
  /** The chart's summary for assistive technology (role="img"). */
  summary: string;
  axis: string;
  /** An edge's text on the axis (short). */
  tick(v: number): string;
  /** A bin's edges in its tooltip. */
  format(v: number): string;
}) {
  const { bins } = props;
  const n = Math.max(1, bins.length);
  const y = useMemo(
    () =>
      linearAxis(
        bins.reduce((m, b) => Math.max(m, b.count), 0),
        { integers: true },
      ),
    [bins],
  );
  const bars = useMemo(
    () =>
      bins
        .map((b, i) => {
          const h = (b.count / y.max) * H;
          return h > 0
            ? `M${((i + 0.1) / n) * W},${H - h}h${(0.8 / n) * W}v${h}h${(-0.8 / n) * W}Z`
            : '';
        })
        .join(''),
    [bins, n, y.max],
  );
  const [active, setActive] = useState<number>();
  const bin = active !== undefined ? bins[active] : undefined;
  return (
    <PlotFrame
      summary={props.summary}
      height="h-48"
      y={y}
      yTitle="runs"
      yTick={(v) => String(v)}
      xTicks={edgeTicks(bins, LABELS, props.tick)}
      xTitle={props.axis}
      count={bins.length}
      pick={pickBin(bins.length)}
      setActive={setActive}
      marks={
        <>
          <ActiveBin at={active} bins={bins.length} />
          <path d={bars} style={{ fill: BAR_FILL }} />
        </>
      }
      tooltip={
        bin &&
        active !== undefined && (
          <Tooltip style={tooltipPlace((active + 0.5) / n, bin.count / y.max)}>
            <div className="font-medium text-slate-900">
              {props.format(bin.from)}–{props.format(bin.to)}
            </div>
            <div>
              {bin.count} {bin.count === 1 ? 'run' : 'runs'}
            </div>
          </Tooltip>
        )
      }
    />
  );
}
