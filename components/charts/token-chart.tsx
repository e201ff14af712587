'use client';
/**
 * Tokens per step (coloured by kind) and the context each model call received, against the model's
 * context window. Renders `prepareTokenSeries`; hovering shows the step, clicking selects it.
 */
import { useDeferredValue, useMemo } from 'react';
import {
  Bar,
  CartesianGrid,
  Rectangle,
  type BarShapeProps,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { bucketTokenSeries, type TokenPoint } from '../../lib/charts/prepare';
import { MODELS } from '../../lib/tokens/models';
import { formatTokens, KIND_STYLE } from '../ui/kinds';
import { selectClass } from '../ui/select';

/** A round axis maximum: 1, 2, 2.5 or 5 times a power of ten, at or above `value`. */
function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

const NO_POINTS: readonly TokenPoint[] = [];

export function TokenChart(props: {
  series: readonly TokenPoint[];
  contextWindow: number;
  windowLabel: string;
  /** Table id of the model whose window is drawn ('' when unknown). */
  model: string;
  onModel(id: string): void;
  onSelect(id: string): void;
}) {
  // Drawn after the rest of the page (a deferred render React can interrupt), so a new file's
  // timeline shows first and the chart's work is not one long task with it.
  const series = useDeferredValue(props.series, NO_POINTS);
  const data = useMemo(
    () =>
      bucketTokenSeries(series).map((p) => ({
        ...p,
        label: p.firstStep === p.lastStep ? `#${p.stepNumber}` : `#${p.firstStep}–${p.lastStep}`,
      })),
    [series],
  );
  const peak = series.reduce((m, p) => Math.max(m, p.context ?? 0), 0);
  const bucketed = data.length < series.length;
  // Draw the window line only when it fits without flattening the curve.
  const showWindow = props.contextWindow <= Math.max(peak * 4, 1);
  const contextMax = niceCeiling(
    showWindow ? Math.max(peak, props.contextWindow) * 1.05 : peak * 1.05,
  );
  return (
    <section aria-label="Token chart" className="rounded-lg border border-slate-200 bg-white p-3">
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span className="font-semibold uppercase tracking-wide">
          Tokens per step · context at each model call
          {bucketed ? ` · ${data.length} groups of consecutive steps, largest shown` : ''}
        </span>
        <span>
          <span className="mr-3 inline-flex items-center gap-1">
            <span className="inline-block h-2 w-3 rounded bg-slate-400" /> step tokens
          </span>
          <span className="mr-3 inline-flex items-center gap-1">
            <span className="inline-block h-0.5 w-4 bg-orange-500" /> context sent (no pruning)
          </span>
          <label className="mr-3 inline-flex items-center gap-1">
            Model
            <select
              aria-label="Model"
              value={props.model}
              onChange={(e) => props.onModel(e.target.value)}
              className={`${selectClass} text-xs`}
            >
              {props.model === '' && <option value="">unknown (GPT-4o window)</option>}
              {MODELS.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label} · {formatTokens(m.contextWindow)}
                </option>
              ))}
            </select>
          </label>
          <span className="inline-flex items-center gap-1">
            {showWindow && (
              <span className="inline-block h-0.5 w-4 border-t-2 border-dashed border-red-500" />
            )}
            {props.windowLabel}
            {!showWindow && ' · off the chart'}
          </span>
        </span>
      </header>
      <div style={{ height: 220 }}>
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
            onClick={(state) => {
              const index = Number(state?.activeTooltipIndex ?? -1);
              const point = data[index];
              if (point) props.onSelect(point.id);
            }}
          >
            {/* Horizontal lines only, and a fixed label interval: recharts otherwise measures the
                text of every one of up to 600 labels in the DOM (0.9 s on a 52 MB file). */}
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fontSize: 11 }}
              interval={Math.max(0, Math.ceil(data.length / 12) - 1)}
            />
            <YAxis
              yAxisId="step"
              tick={{ fontSize: 11 }}
              tickFormatter={formatTokens}
              width={56}
              allowDecimals={false}
            />
            <YAxis
              yAxisId="context"
              orientation="right"
              tick={{ fontSize: 11 }}
              tickFormatter={formatTokens}
              width={64}
              domain={[0, contextMax]}
              allowDecimals={false}
            />
            <Tooltip
              formatter={(value, name) => [
                formatTokens(Number(value)),
                name === 'tokens' ? 'step tokens' : 'context sent',
              ]}
              labelFormatter={(label, payload) => {
                const p = payload?.[0]?.payload as TokenPoint | undefined;
                const c = payload?.[0]?.payload as
                  (TokenPoint & { firstStep: number; lastStep: number }) | undefined;
                if (c && c.firstStep !== c.lastStep)
                  return `Steps ${c.firstStep}–${c.lastStep} · largest: step ${c.stepNumber} (${KIND_STYLE[c.kind].label})`;
                return p ? `Step ${p.stepNumber} · ${KIND_STYLE[p.kind].label}` : String(label);
              }}
            />
            {/* Colored by a shape, not one <Cell> per bar: recharts keeps the Bar's props (its
                children too) in an immer store, which deep-freezes one per bar (0.25 s for 600). */}
            <Bar yAxisId="step" dataKey="tokens" isAnimationActive={false} shape={KindBar} />
            <Line
              yAxisId="context"
              dataKey="context"
              stroke="#f97316"
              strokeWidth={2}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
            {showWindow && (
              <ReferenceLine
                yAxisId="context"
                y={props.contextWindow}
                stroke="#ef4444"
                strokeDasharray="6 4"
              />
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}

/** One bar, in its step kind's color. */
function KindBar(props: BarShapeProps) {
  const point = props.payload as TokenPoint | undefined;
  return <Rectangle {...props} fill={point ? KIND_STYLE[point.kind].color : props.fill} />;
}
