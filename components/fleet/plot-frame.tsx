'use client';
/**
 * The frame the fleet's hand-drawn charts share (fleet-scatter.tsx, fleet-histogram.tsx): the
 * vertical axis's title and ticks, the plot (an SVG stretched to its box, with dashed grid lines at
 * the ticks, and whatever the chart draws in it), and the horizontal axis's ticks and title, laid
 * out in HTML as the timeline's token chart lays out its axes (components/charts/token-chart.tsx).
 * The plot is the chart's `role="img"`, focusable, so the keyboard reaches its tooltip.
 */
import type { ReactNode } from 'react';
import type { LinearAxis } from '../../lib/charts/fleet-distribution';

/** The SVG's own units; it stretches to its box (`preserveAspectRatio="none"`). */
export const W = 1000;
export const H = 1000;

export const pct = (f: number) => `${(f * 100).toFixed(3)}%`;

/** A tick of the horizontal axis: its place in 0..1 and its text. */
export interface XTick {
  readonly at: number;
  readonly text: string;
}

/** The tooltip's corner nearest the point at (x, y) in 0..1 (y up), so it stays in the plot. */
export function tooltipPlace(x: number, y: number): React.CSSProperties {
  return {
    ...(x < 0.5 ? { left: `calc(${pct(x)} + 10px)` } : { right: `calc(${pct(1 - x)} + 10px)` }),
    ...(y < 0.5 ? { bottom: `calc(${pct(y)} + 10px)` } : { top: `calc(${pct(1 - y)} + 10px)` }),
  };
}

export function Tooltip({ style, children }: { style: React.CSSProperties; children: ReactNode }) {
  return (
    <div
      role="tooltip"
      className="pointer-events-none absolute z-10 w-max max-w-72 rounded border border-slate-200 bg-white px-2 py-1 text-xs text-slate-700 shadow"
      style={style}
    >
      {children}
    </div>
  );
}

/**
 * The horizontal axis of equal bins: their edges, at most `labels` of them labelled (every k-th from
 * the first), each by `text`.
 */
export function edgeTicks(
  bins: readonly { readonly from: number; readonly to: number }[],
  labels: number,
  text: (edge: number) => string,
): XTick[] {
  if (bins.length === 0) return [];
  const edges = [...bins.map((b) => b.from), bins.at(-1)!.to];
  const every = Math.ceil(edges.length / labels);
  return edges.flatMap((v, i) => (i % every === 0 ? [{ at: i / bins.length, text: text(v) }] : []));
}

/** The bin of `bins` equal bins under the pointer (clamped to the plot), for `PlotFrame`'s `pick`. */
export const pickBin = (bins: number) => (e: React.MouseEvent<HTMLElement>) => {
  const box = e.currentTarget.getBoundingClientRect();
  const i = Math.floor(((e.clientX - box.left) / box.width) * Math.max(1, bins));
  return Math.min(bins - 1, Math.max(0, i));
};

/** The shade behind the bin the tooltip shows, one of `bins` equal bins (SVG units). */
export function ActiveBin({ at, bins }: { at: number | undefined; bins: number }) {
  if (at === undefined) return null;
  const n = Math.max(1, bins);
  return <rect x={(at / n) * W} y={0} width={W / n} height={H} fill="#0f172a" fillOpacity={0.06} />;
}

export function PlotFrame(props: {
  /** The chart's summary for assistive technology. */
  summary: string;
  y: LinearAxis;
  yTitle: string;
  yTick(v: number): string;
  xTicks: readonly XTick[];
  /** Grid lines across the plot at these places in 0..1 of the horizontal axis. */
  xGrid?: readonly number[];
  xTitle: string;
  /** The frame's height (a Tailwind class). */
  height: string;
  /** What the chart draws, in the SVG's units (W × H, y down). */
  marks: ReactNode;
  /** The tooltip, in HTML over the plot. */
  tooltip: ReactNode;
  /** How many marks the arrow keys walk (runs, bins). */
  count: number;
  /** The mark under the pointer, if any. */
  pick(e: React.MouseEvent<HTMLElement>): number | undefined;
  /** The mark the tooltip shows (undefined: none), as React's state setter takes it. */
  setActive(update: (active: number | undefined) => number | undefined): void;
}) {
  const { count, setActive } = props;
  const { y } = props;
  return (
    <div
      className={`grid ${props.height} grid-cols-[14px_42px_minmax(0,1fr)] grid-rows-[minmax(0,1fr)_16px_14px] pr-3 pt-2 text-[11px] text-slate-600`}
    >
      <span
        className="row-span-2 flex items-center justify-center whitespace-nowrap [writing-mode:vertical-rl]"
        aria-hidden
      >
        <span className="rotate-180">{props.yTitle}</span>
      </span>
      <div className="relative" aria-hidden>
        {y.ticks.map((t) => (
          <span
            key={t}
            className="absolute right-1 -translate-y-1/2 whitespace-nowrap"
            style={{ top: pct(1 - t / y.max) }}
          >
            {props.yTick(t)}
          </span>
        ))}
      </div>
      <div
        role="img"
        aria-label={props.summary}
        tabIndex={0}
        className="relative cursor-crosshair border-b border-l border-slate-400 outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        onMouseMove={(e) => {
          const at = props.pick(e);
          setActive(() => at);
        }}
        onMouseLeave={() => setActive(() => undefined)}
        onBlur={() => setActive(() => undefined)}
        onKeyDown={(e) => {
          const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
          if (step !== 0 && count > 0) {
            e.preventDefault();
            setActive((i) => Math.min(count - 1, Math.max(0, (i ?? -step) + step)));
          } else if (e.key === 'Escape') setActive(() => undefined);
        }}
      >
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full overflow-visible"
          aria-hidden
        >
          {y.ticks.slice(1).map((t) => (
            <line
              key={`y${t}`}
              x1={0}
              x2={W}
              y1={H - (t / y.max) * H}
              y2={H - (t / y.max) * H}
              stroke="#e2e8f0"
              strokeDasharray="3 3"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {(props.xGrid ?? []).map((f) => (
            <line
              key={`x${f}`}
              x1={f * W}
              x2={f * W}
              y1={0}
              y2={H}
              stroke="#e2e8f0"
              strokeDasharray="3 3"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {props.marks}
        </svg>
        {props.tooltip}
      </div>
      <div className="relative col-start-3" aria-hidden>
        {props.xTicks.map((t) => (
          <span
            key={t.at}
            className="absolute top-0.5 -translate-x-1/2 whitespace-nowrap"
            style={{ left: pct(t.at) }}
          >
            {t.text}
          </span>
        ))}
      </div>
      <span className="col-start-3 text-center" aria-hidden>
        {props.xTitle}
      </span>
    </div>
  );
}
