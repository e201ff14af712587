'use client';
/**
 * Tokens per step (coloured by kind, the left axis) and the context each model call received (the
 * right axis), against the model's context window. Renders `prepareTokenSeries` as one SVG: a path
 * of bars per step kind, a line, and axes with their titles laid out in HTML; hovering (or the arrow
 * keys) shows a point, clicking (or Enter) selects it, and the selected step (chosen anywhere: the
 * timeline, a link, the keyboard) is marked, as Perfetto marks the selected slice on its track.
 * Not recharts, which the compare view uses: its store re-ran selectors and effects for every bar,
 * 300–600 ms per render of a long run's chart on the main thread; this draws in a few milliseconds.
 */
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import {
  bucketTokenSeries,
  chartIndexOf,
  NO_POINTS,
  type ChartPoint,
  type TokenPoint,
} from '../../lib/charts/prepare';
import { compactionSizes, type CompactionMarker } from '../../lib/simulate/compactions';
import { CONSIDER_SUMMARIZING_AT, contextPressure, URGENT_ABOVE } from '../../lib/tokens/pressure';
import { MODELS } from '../../lib/tokens/models';
import type { StepKind } from '../../lib/model/types';
import { useSelectedStepId } from '../contexts/store-context';
import { formatTokens, KIND_STYLE } from '../ui/kinds';
import { Select, type SelectOption } from '../ui/select';
import { Panel } from '../ui/panel';

/** A round axis maximum: 1, 2, 2.5 or 5 times a power of ten, at or above `value`. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/** Four equal ticks from 0 to a round maximum. */
const ticksTo = (max: number) => [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);

/** The plot's height in SVG units (its width is one unit per point). */
const H = 100;

/** One path of bars per step kind: `M x,y h w v h h -w Z` per point. */
function barPaths(data: readonly ChartPoint[], max: number): [StepKind, string][] {
  const paths = new Map<StepKind, string[]>();
  data.forEach((p, i) => {
    const h = (p.tokens / max) * H;
    if (h <= 0) return;
    let parts = paths.get(p.kind);
    if (!parts) paths.set(p.kind, (parts = []));
    parts.push(`M${i + 0.1},${H - h}h0.8v${h}h-0.8Z`);
  });
  return [...paths].map(([kind, parts]) => [kind, parts.join('')]);
}

/** The models to count the window of; a file's model the table lacks, or none, comes first. */
function modelOptions(model: string): SelectOption<string>[] {
  const known = MODELS.map((m) => ({
    value: m.id,
    label: `${m.label} · ${formatTokens(m.contextWindow)}`,
  }));
  if (model === '') return [{ value: '', label: 'not recorded (128k window assumed)' }, ...known];
  return MODELS.some((m) => m.id === model) ? known : [{ value: model, label: model }, ...known];
}

/** One entry of the chart's legend: its swatch, then what it stands for. */
function LegendItem(props: { swatch: string; children: ReactNode }) {
  return (
    <span className="mr-3 inline-flex items-center gap-1">
      <span className={`inline-block ${props.swatch}`} /> {props.children}
    </span>
  );
}

function pointLabel(p: ChartPoint): string {
  return p.firstStep === p.lastStep
    ? `Step ${p.stepNumber} · ${KIND_STYLE[p.kind].label}`
    : `Steps ${p.firstStep}–${p.lastStep} · largest: step ${p.stepNumber} (${KIND_STYLE[p.kind].label})`;
}
export function TokenChart(props: {
  series: readonly TokenPoint[];
  contextWindow: number;
  windowLabel: string;
  /** Table id of the model whose window is drawn ('' when unknown). */
  model: string;
  onModel(id: string): void;
  onSelect(id: string): void;
  /** Compactions the run made (recorded or probable), drawn as vertical markers. */
  compactions?: readonly CompactionMarker[];
}) {
  // Drawn after the rest of the page (a deferred render React can interrupt), so a new file's
  // timeline shows first.
  const series = useDeferredValue(props.series, NO_POINTS);
  const data = useMemo(() => bucketTokenSeries(series), [series]);
  const peak = series.reduce((m, p) => Math.max(m, p.context ?? 0, p.reported ?? 0), 0);
  const hasReported = series.some((p) => p.reported !== null);
  const bucketed = data.length < series.length;
  // Draw the window line only when it fits without flattening the curve.
  const showWindow = props.contextWindow <= Math.max(peak * 4, 1);
  const contextMax = niceCeiling(
    showWindow ? Math.max(peak, props.contextWindow) * 1.05 : peak * 1.05,
  );
  // What the SVG draws, computed once per series and scale.
  const { largest, stepMax, bars, line, reportedLine } = useMemo(() => {
    const largest = data.reduce((m, p) => Math.max(m, p.tokens), 0);
    const stepMax = niceCeiling(largest);
    const polyline = (value: (p: ChartPoint) => number | null) =>
      data
        .flatMap((p, i) => {
          const v = value(p);
          return v === null ? [] : [`${i + 0.5},${H - (v / contextMax) * H}`];
        })
        .join(' ');
    return {
      largest,
      stepMax,
      bars: barPaths(data, stepMax),
      line: polyline((p) => p.context),
      reportedLine: polyline((p) => p.reported),
    };
  }, [data, contextMax]);
  // Each compaction at the chart point of the first call after it (or of its own step).
  const markers = useMemo(
    () =>
      (props.compactions ?? []).map((m) => ({
        marker: m,
        at: chartIndexOf(m.stepIndex, series.length),
      })),
    [props.compactions, series.length],
  );
  // The selected step's point (its bucket in a long run's chart).
  const selectedId = useSelectedStepId();
  const selectedIndex = useMemo(() => {
    const at = selectedId === undefined ? -1 : series.findIndex((p) => p.id === selectedId);
    return at < 0 ? undefined : chartIndexOf(at, series.length);
  }, [selectedId, series]);
  const selected = selectedIndex !== undefined ? data[selectedIndex] : undefined;
  const [active, setActive] = useState<number>();
  const point = active !== undefined ? data[active] : undefined;
  const n = Math.max(1, data.length);
  const every = Math.max(1, Math.ceil(data.length / 12));
  const at = (i: number) => `${((i + 0.5) / n) * 100}%`;
  const fromMouse = (e: React.MouseEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return Math.min(
      data.length - 1,
      Math.max(0, Math.floor(((e.clientX - box.left) / box.width) * n)),
    );
  };
  return (
    <Panel label="Token chart">
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span className="font-semibold uppercase tracking-wide">
          Tokens per step · context at each model call
          {bucketed ? ` · ${data.length} groups of consecutive steps, largest shown` : ''}
        </span>
        <span>
          <LegendItem swatch="h-2 w-3 rounded bg-slate-400">step tokens</LegendItem>
          <LegendItem swatch="h-0.5 w-4 bg-orange-500">context sent (no pruning)</LegendItem>
          {markers.length > 0 && <LegendItem swatch="h-3 w-0.5 bg-cyan-700">compaction</LegendItem>}
          {hasReported && (
            <LegendItem swatch="h-0.5 w-4 border-t-2 border-dotted border-violet-600">
              input the file reports
            </LegendItem>
          )}
          <label className="mr-3 inline-flex items-center gap-1">
            Model
            <Select
              label="Model"
              size="xs"
              value={props.model}
              onChange={props.onModel}
              options={modelOptions(props.model)}
            />
          </label>
          <span className="inline-flex items-center gap-1">
            {showWindow && (
              <span className="inline-block h-0.5 w-4 border-t-2 border-dashed border-red-500" />
            )}
            {props.windowLabel}
            {!showWindow && ' · off the chart'}
            {showWindow && (
              <span
                className="ml-2 inline-flex items-center gap-1"
                title="Seed 003's context_pressure: consider_summarizing from 60% of the window, urgent above 80%"
              >
                <span className="inline-block h-0.5 w-4 border-t-2 border-dotted border-amber-500" />
                pressure 60% · 80%
              </span>
            )}
          </span>
        </span>
      </header>
      <div className="grid h-[220px] grid-cols-[72px_minmax(0,1fr)_84px] grid-rows-[minmax(0,1fr)_20px] text-[11px] text-slate-500">
        <Axis ticks={ticksTo(stepMax)} max={stepMax} side="left" title={STEP_AXIS} />
        <div
          role="img"
          aria-label={`Tokens per step over ${data.length} points: largest ${formatTokens(largest)}; peak context ${formatTokens(peak)}${hasReported ? '; with the input the file reports per call' : ''}${selected ? `; selected: ${pointLabel(selected)}` : ''}. Left axis: ${STEP_AXIS}; right axis: ${CONTEXT_AXIS}.`}
          tabIndex={0}
          className="relative cursor-crosshair border-b border-l border-slate-300 outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          onMouseMove={(e) => setActive(fromMouse(e))}
          onMouseLeave={() => setActive(undefined)}
          onClick={(e) => {
            const p = data[fromMouse(e)];
            if (p) props.onSelect(p.id);
          }}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (step !== 0) {
              e.preventDefault();
              setActive((i) => Math.min(data.length - 1, Math.max(0, (i ?? -step) + step)));
            } else if (e.key === 'Enter' && point) props.onSelect(point.id);
          }}
        >
          <svg
            viewBox={`0 0 ${n} ${H}`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full"
            aria-hidden
          >
            {ticksTo(stepMax)
              .slice(1)
              .map((t) => (
                <line
                  key={t}
                  x1={0}
                  x2={n}
                  y1={H - (t / stepMax) * H}
                  y2={H - (t / stepMax) * H}
                  stroke="#e2e8f0"
                  strokeDasharray="3 3"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            {bars.map(([kind, d]) => (
              <path key={kind} d={d} fill={KIND_STYLE[kind].color} />
            ))}
            {point && (
              <rect x={active} y={0} width={1} height={H} fill="#0f172a" fillOpacity={0.06} />
            )}
            {selected && selectedIndex !== undefined && (
              <g data-selected-step={selected.id} className="text-blue-600">
                <rect
                  x={selectedIndex}
                  y={0}
                  width={1}
                  height={H}
                  fill="currentColor"
                  fillOpacity={0.15}
                />
                <line
                  x1={selectedIndex + 0.5}
                  x2={selectedIndex + 0.5}
                  y1={0}
                  y2={H}
                  stroke="currentColor"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
              </g>
            )}
            <polyline
              points={line}
              fill="none"
              stroke="#f97316"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
            />
            {hasReported && (
              <polyline
                points={reportedLine}
                fill="none"
                stroke="#7c3aed"
                strokeWidth={2}
                strokeDasharray="2 3"
                vectorEffect="non-scaling-stroke"
              />
            )}
            {markers.map(({ marker, at }) => (
              <line
                key={`${marker.kind}-${marker.stepId}`}
                data-compaction={marker.kind}
                x1={at + 0.5}
                x2={at + 0.5}
                y1={0}
                y2={H}
                stroke={marker.kind === 'probable' ? '#d97706' : '#0e7490'}
                strokeWidth={2}
                strokeDasharray={marker.kind === 'probable' ? '4 3' : undefined}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {showWindow &&
              [CONSIDER_SUMMARIZING_AT, URGENT_ABOVE].map((f) => (
                <line
                  key={f}
                  data-pressure={f}
                  x1={0}
                  x2={n}
                  y1={H - ((f * props.contextWindow) / contextMax) * H}
                  y2={H - ((f * props.contextWindow) / contextMax) * H}
                  stroke="#f59e0b"
                  strokeOpacity={0.5}
                  strokeDasharray="1 4"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            {showWindow && (
              <line
                x1={0}
                x2={n}
                y1={H - (props.contextWindow / contextMax) * H}
                y2={H - (props.contextWindow / contextMax) * H}
                stroke="#ef4444"
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
            )}
          </svg>
          {point && active !== undefined && (
            <div
              role="tooltip"
              className="pointer-events-none absolute top-1 z-10 w-max max-w-72 rounded border border-slate-200 bg-white px-2 py-1 text-xs text-slate-700 shadow"
              style={
                active < data.length / 2
                  ? { left: `calc(${at(active)} + 8px)` }
                  : { right: `calc(${100 - ((active + 0.5) / n) * 100}% + 8px)` }
              }
            >
              <div className="font-medium text-slate-900">{pointLabel(point)}</div>
              <div>step tokens: {formatTokens(point.tokens)}</div>
              {point.context !== null && <div>context sent: {formatTokens(point.context)}</div>}
              {point.reported !== null && (
                <div>reported by the file: {formatTokens(point.reported)}</div>
              )}
              {point.context !== null && props.contextWindow > 0 && (
                <PressureLine used={point.context} window={props.contextWindow} />
              )}
              {markers
                .filter((m) => m.at === active)
                .map(({ marker }) => (
                  <div key={marker.stepId} className="text-teal-800">
                    {marker.kind === 'probable' ? 'probable compaction' : 'compaction'}:{' '}
                    {compactionSizes(marker)} tokens
                  </div>
                ))}
            </div>
          )}
        </div>
        <Axis ticks={ticksTo(contextMax)} max={contextMax} side="right" title={CONTEXT_AXIS} />
        <div />
        <div className="relative">
          {data.map((p, i) =>
            i % every === 0 ? (
              <span
                key={p.id}
                className="absolute top-1 -translate-x-1/2 whitespace-nowrap"
                style={{ left: at(i) }}
              >
                {p.firstStep === p.lastStep ? `#${p.stepNumber}` : `#${p.firstStep}–${p.lastStep}`}
              </span>
            ) : null,
          )}
        </div>
      </div>
    </Panel>
  );
}

/** Seed 003's `context_pressure` for the context a call sent, as its tool would report it. */
function PressureLine(props: { used: number; window: number }) {
  const p = contextPressure(props.used, props.window);
  return (
    <div>
      context pressure: {(100 * p.utilization).toFixed(1)}% ·{' '}
      <span className={p.recommendation === 'ok' ? '' : 'font-semibold text-amber-700'}>
        {p.recommendation}
      </span>
    </div>
  );
}

/** What each axis counts, with its unit (the plot's label says them too). */
const STEP_AXIS = 'tokens per step';
const CONTEXT_AXIS = 'context tokens per call';

/** One side's axis: its title along the edge, and its tick labels at their heights. */
function Axis(props: {
  ticks: readonly number[];
  max: number;
  side: 'left' | 'right';
  title: string;
}) {
  const left = props.side === 'left';
  const title = (
    <span className="flex shrink-0 items-center justify-center whitespace-nowrap font-medium text-slate-600 [writing-mode:vertical-rl]">
      <span className={left ? 'rotate-180' : ''}>{props.title}</span>
    </span>
  );
  return (
    <div className={`flex min-h-0 ${left ? '' : 'flex-row-reverse'}`} aria-hidden>
      {title}
      <div className="relative min-w-0 flex-1">
        {props.ticks.map((t) => (
          <span
            key={t}
            className={`absolute translate-y-1/2 ${left ? 'right-1' : 'left-1'}`}
            style={{ bottom: `${(t / props.max) * 100}%` }}
          >
            {formatTokens(t)}
          </span>
        ))}
      </div>
    </div>
  );
}
