'use client';
/**
 * One series per strategy over the run: context at each call, cumulative input, cost, savings
 * against none, each axis titled with its unit. The call on screen (the context slider's, call 1
 * until one is picked) is marked on every chart; clicking a point picks that call.
 */
import { useState } from 'react';
import { TabPanel, Tabs, useTabIds } from '../ui/tabs';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Comparison } from '../../lib/compare/compare';
import type { ComparePoint } from '../../lib/charts/compare-series';
import { describeRun } from '../../lib/simulate/run-config';
import type { CompactionMarker } from '../../lib/simulate/compactions';
import { formatTokens } from '../ui/kinds';
import { BASELINE_COLOR, columnColor } from './palette';
import { Panel } from '../ui/panel';

type Measure = 'context' | 'cumulative' | 'cost' | 'saved';

const TITLES: Record<Measure, string> = {
  context: 'Context at each model call',
  cumulative: 'Input tokens over the run (cumulative)',
  cost: 'Cost over the run, cached (cumulative)',
  saved: 'Saved against none (cumulative)',
};

/** Each chart's y axis: what is measured, in which unit. */
const Y_TITLES: Record<Measure, string> = {
  context: 'context tokens per call',
  cumulative: 'input tokens, cumulative',
  cost: 'USD, cumulative',
  saved: 'tokens saved vs none, cumulative',
};

const usd = (v: number) =>
  v >= 100 ? `$${v.toFixed(0)}` : v >= 1 ? `$${v.toFixed(2)}` : `$${v.toFixed(4)}`;

export function CompareCharts(props: {
  cmp: Comparison;
  points: readonly ComparePoint[];
  contextWindow: number;
  windowLabel: string;
  priced: boolean;
  selectedStep?: number;
  onCall(stepIndex: number): void;
  /** The run's own compactions, drawn at the first call after each. */
  compactions?: readonly CompactionMarker[];
}) {
  const [measure, setMeasure] = useState<Measure>('context');
  const tabs = useTabIds();
  const { cmp, points } = props;
  const shown: Measure = measure === 'cost' && !props.priced ? 'cumulative' : measure;
  // Uncached cost rides along as `<key>~u`, drawn thin and dashed beside the cached line.
  const data = points.map((p) => ({
    call: p.call,
    stepIndex: p.stepIndex,
    applied: p.applied,
    ...p[shown],
    ...(shown === 'cost'
      ? Object.fromEntries(Object.entries(p.uncachedCost).map(([k, v]) => [`${k}~u`, v]))
      : {}),
  }));
  // Points may stand for buckets of calls: the call on screen is marked at the point holding it.
  const onScreen = props.selectedStep ?? cmp.baseline.calls[0]?.stepIndex;
  const selected =
    onScreen === undefined
      ? undefined
      : (points.find((p) => p.stepIndex >= onScreen) ?? points.at(-1));
  // Points may stand for buckets of calls: each compaction at the first point at or after its call.
  const compactionLines = (props.compactions ?? []).flatMap((m) => {
    const call = m.callAfter;
    const at = call === undefined ? undefined : points.find((p) => p.call >= call);
    return at ? [{ marker: m, call: at.call }] : [];
  });
  const series = [
    ...(shown === 'saved'
      ? []
      : [{ key: 'none', name: 'none', color: BASELINE_COLOR, dash: '4 3', width: 2 }]),
    ...cmp.columns
      .map((c, i) => ({
        key: `c${i}`,
        name: `${c.label} (${describeRun(c.run)})`,
        color: columnColor(i),
        dash: undefined as string | undefined,
        width: 2,
      }))
      .filter((_, i) => !cmp.columns[i]?.error),
  ];
  if (shown === 'cost')
    series.push(
      ...series.map((s) => ({
        ...s,
        key: `${s.key}~u`,
        name: `${s.name}, uncached`,
        dash: '2 4',
        width: 1,
      })),
    );
  const format = shown === 'cost' ? usd : (v: number) => formatTokens(v);
  return (
    <Panel label="Comparison charts">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <Tabs<Measure>
          label="Chart measure"
          base={tabs}
          size="xs"
          items={(Object.keys(TITLES) as Measure[])
            .filter((m) => m !== 'cost' || props.priced)
            .map((m) => ({ id: m, label: TITLES[m] }))}
          value={shown}
          onChange={setMeasure}
        />
        <span className="text-xs text-slate-500">
          {shown === 'context'
            ? `${props.windowLabel} · ◆ the strategy ran · blue line: the call on screen`
            : shown === 'cost'
              ? 'solid: with prompt caching · dashed: uncached'
              : 'blue line: the call on screen · click a point to see that call'}
        </span>
      </div>
      <TabPanel base={tabs} id={shown} className="h-[280px]">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={data}
            margin={{ top: 16, right: 16, left: 12, bottom: 4 }}
            onClick={(state) => {
              const p = points[Number(state?.activeTooltipIndex ?? -1)];
              if (p) props.onCall(p.stepIndex);
            }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis
              dataKey="call"
              tick={{ fontSize: 11 }}
              height={36}
              label={{
                value: `model call (1–${cmp.baseline.calls.length})`,
                position: 'insideBottom',
                offset: 0,
                fontSize: 11,
              }}
            />
            <YAxis
              tickFormatter={(v: number) => format(v)}
              tick={{ fontSize: 11 }}
              width={72}
              label={{
                value: Y_TITLES[shown],
                angle: -90,
                position: 'insideLeft',
                offset: 0,
                fontSize: 11,
                style: { textAnchor: 'middle' },
              }}
            />
            <Tooltip
              formatter={(v) => format(Number(v))}
              labelFormatter={(l) => `call ${String(l)}`}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {shown === 'context' &&
              props.contextWindow <
                Math.max(
                  ...data.map((d) =>
                    Math.max(
                      ...series.map((s) =>
                        Number((d as unknown as Record<string, number>)[s.key] ?? 0),
                      ),
                    ),
                  ),
                ) *
                  4 && (
                <ReferenceLine
                  y={props.contextWindow}
                  stroke="#dc2626"
                  strokeDasharray="6 3"
                  label={{
                    value: 'context window',
                    fontSize: 11,
                    fill: '#dc2626',
                    position: 'insideTopLeft',
                  }}
                />
              )}
            {selected && (
              <ReferenceLine
                x={selected.call}
                stroke="#2563eb"
                strokeWidth={2}
                label={{
                  value: `call ${selected.call}`,
                  position: 'top',
                  fontSize: 11,
                  fill: '#1d4ed8',
                }}
              />
            )}
            {compactionLines.map(({ marker, call }) => (
              <ReferenceLine
                key={`${marker.kind}-${marker.stepId}`}
                x={call}
                stroke={marker.kind === 'probable' ? '#d97706' : '#0d9488'}
                strokeWidth={2}
                strokeDasharray={marker.kind === 'probable' ? '4 3' : undefined}
                label={{
                  value: marker.kind === 'probable' ? 'probable compaction' : 'framework compacted',
                  fontSize: 10,
                  fill: '#0f766e',
                  position: 'insideTopRight',
                }}
              />
            ))}
            {series.map((s) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeDasharray={s.dash}
                strokeWidth={s.width}
                isAnimationActive={false}
                dot={(d: {
                  cx?: number;
                  cy?: number;
                  value?: number;
                  index?: number;
                  payload?: { applied?: readonly string[] };
                }) => {
                  const key = `${s.key}-${d.index}`;
                  if (d.cx === undefined || d.cy === undefined || shown !== 'context')
                    return <g key={key} />;
                  if ((d.value ?? 0) > props.contextWindow)
                    return <circle key={key} cx={d.cx} cy={d.cy} r={3.5} fill="#dc2626" />;
                  if (d.payload?.applied?.includes(s.key))
                    return (
                      <path
                        key={key}
                        role="img"
                        aria-label={`${s.name} ran`}
                        d={`M${d.cx},${d.cy - 4}L${d.cx + 4},${d.cy}L${d.cx},${d.cy + 4}L${d.cx - 4},${d.cy}Z`}
                        fill={s.color}
                      />
                    );
                  return <g key={key} />;
                }}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </TabPanel>
    </Panel>
  );
}
