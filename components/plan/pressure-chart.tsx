'use client';
/**
 * Seed 003's context pressure at every model call of the plan view's replay: every plan step in full
 * against the plan steps as toggled, in percent of the model's window, with the 60% ("consider
 * summarizing") and 80% ("urgent") lines of `context_pressure` once the run comes near them, and a
 * mark at each call where a summarized plan step is expanded.
 */
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
import type { PressurePoint } from '../../lib/charts/plan-pressure';
import { formatPercent } from '../../lib/compare/format';

export function PressureChart({
  points,
  expand,
}: {
  points: readonly PressurePoint[];
  /** The calls at which summarized plan steps are expanded (seed 003 `expand_step`). */
  expand: readonly { readonly step: string; readonly atCall: number }[];
}) {
  // The urgency lines appear once the run with every step in full comes near them.
  const peak = Math.max(0, ...points.map((p) => p.none));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={points} margin={{ top: 8, right: 16, left: 12, bottom: 16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis
          dataKey="call"
          tick={{ fontSize: 11 }}
          label={{ value: 'model call', position: 'insideBottom', offset: -10, fontSize: 11 }}
        />
        <YAxis
          tickFormatter={(v: number) => formatPercent(v / 100)}
          tick={{ fontSize: 11 }}
          width={56}
          label={{
            value: 'context, % of window',
            angle: -90,
            position: 'insideLeft',
            style: { textAnchor: 'middle' },
            fontSize: 11,
          }}
        />
        <Tooltip
          formatter={(v) => formatPercent(Number(v) / 100)}
          labelFormatter={(l) => `call ${String(l)}`}
        />
        <Legend verticalAlign="top" height={24} wrapperStyle={{ fontSize: 12 }} />
        {peak >= 40 && (
          <ReferenceLine
            y={60}
            stroke="#d97706"
            strokeDasharray="4 3"
            label={{ value: 'consider summarizing', fontSize: 10, position: 'insideTopLeft' }}
          />
        )}
        {peak >= 60 && (
          <ReferenceLine
            y={80}
            stroke="#dc2626"
            strokeDasharray="4 3"
            label={{ value: 'urgent', fontSize: 10, position: 'insideTopLeft' }}
          />
        )}
        {expand.map((e) => (
          <ReferenceLine
            key={e.step}
            x={e.atCall}
            stroke="#0284c7"
            strokeDasharray="2 2"
            label={{ value: `expand_step(${e.step})`, fontSize: 10, position: 'insideTop' }}
          />
        ))}
        <Line
          type="monotone"
          dataKey="none"
          name="every plan step in full"
          stroke="#94a3b8"
          strokeDasharray="4 3"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="toggled"
          name="as toggled"
          stroke="#0284c7"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
