'use client';
/**
 * Cost (or input tokens) against steps, one dot per run coloured by its outcome, drawn as one SVG:
 * a path of dots per outcome in the frame of plot-frame.tsx, with the legend and tooltip in HTML,
 * as the timeline's token chart is drawn (components/charts/token-chart.tsx). Hovering shows the
 * nearest run; the arrow keys walk the runs by steps when the chart has focus.
 *
 * Not recharts (the project's chart library elsewhere): a recharts scatter of 500 runs is 500
 * symbols, each in recharts' own store, and the chart measures itself as it mounts
 * (`readElementOffset` → `getBoundingClientRect`, a forced layout of the 500 points). A CPU
 * profile of the 500-run fleet in Chromium (BENCHMARKS.md, issue 26) put the overview's long tasks
 * of 150-260 ms in those commits; this renders 500 runs as one path per outcome and measures
 * nothing until the pointer moves.
 */
import { useMemo, useState } from 'react';
import {
  layoutFleetScatter,
  type CostMeasure,
  type ScatterDot,
  type ScatterSeries,
} from '../../lib/charts/fleet-distribution';
import { outcomeStyle } from './outcome-label';
import { H, PlotFrame, Tooltip, tooltipPlace, W } from './plot-frame';

/** Hovering picks the nearest run within this many pixels. */
const REACH = 16;

/** One dot per point: a zero-length segment with round caps, round at any stretch. */
const dotsPath = (dots: readonly ScatterDot[]) =>
  dots.map((d) => `M${(d.x * W).toFixed(1)},${((1 - d.y) * H).toFixed(1)}h0`).join('');

export function FleetScatter(props: {
  series: readonly ScatterSeries[];
  measure: CostMeasure;
  /** The chart's name and summary for assistive technology (role="img"). */
  summary: string;
  yTitle: string;
  tick(v: number): string;
  format(v: number): string;
}) {
  const { x, y, dots } = useMemo(() => layoutFleetScatter(props.series), [props.series]);
  const paths = useMemo(
    () =>
      props.series.map((s) => ({
        kind: s.kind,
        d: dotsPath(dots.filter((dot) => dot.kind === s.kind)),
      })),
    [props.series, dots],
  );
  const [active, setActive] = useState<number>();
  const point = active !== undefined ? dots[active] : undefined;
  const nearest = (e: React.MouseEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    let best: number | undefined;
    let bestDistance = REACH * REACH;
    dots.forEach((d, i) => {
      const dx = d.x * box.width - (e.clientX - box.left);
      const dy = (1 - d.y) * box.height - (e.clientY - box.top);
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    return best;
  };
  return (
    <>
      <div className="flex flex-wrap gap-x-3 text-[11px] text-slate-700" aria-hidden>
        {props.series.map((s) => (
          <span key={s.kind} className="inline-flex items-center gap-1">
            <span
              className="inline-block size-2 rounded-full"
              style={{ background: outcomeStyle(s.kind).fill }}
            />
            {outcomeStyle(s.kind).label}
          </span>
        ))}
      </div>
      <PlotFrame
        summary={props.summary}
        height="h-44"
        y={y}
        yTitle={props.yTitle}
        yTick={props.tick}
        xTicks={x.ticks.map((t) => ({ at: t / x.max, text: t.toLocaleString('en-US') }))}
        xGrid={x.ticks.slice(1).map((t) => t / x.max)}
        xTitle="steps"
        count={dots.length}
        pick={nearest}
        setActive={setActive}
        marks={
          <>
            {paths.map((p) => (
              <path
                key={p.kind}
                data-outcome={p.kind}
                d={p.d}
                fill="none"
                style={{ stroke: outcomeStyle(p.kind).fill }}
                strokeWidth={7}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {point && (
              <path
                d={dotsPath([point])}
                fill="none"
                stroke="#0f172a"
                strokeWidth={12}
                strokeOpacity={0.25}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            )}
          </>
        }
        tooltip={
          point && (
            <Tooltip style={tooltipPlace(point.x, point.y)}>
              <div className="font-medium text-slate-900">{point.label}</div>
              <div>{outcomeStyle(point.kind).label}</div>
              <div>steps: {point.steps.toLocaleString('en-US')}</div>
              <div>
                {props.measure === 'cost' ? 'cost' : 'input tokens'}: {props.format(point.value)}
              </div>
            </Tooltip>
          )
        }
      />
    </>
  );
}
