'use client';
/**
 * Per matched task, B's input tokens minus A's as a bar (below zero: B sent the model less),
 * coloured by who solves the task, so a saving that came with a lost task shows. Data from
 * lib/charts/pair-diff.ts; colours from the palette's variables (dark mode follows).
 */
import { useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { preparePairBars } from '../../lib/charts/pair-diff';
import type { PairedTask, PairSolved } from '../../lib/fleet/pair';
import { formatTokens } from '../ui/kinds';
import { signed } from './pair-table';
import { SOLVED_STYLE } from './solved-label';

const TICK = { fontSize: 11 };
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function PairChart({ tasks }: { tasks: readonly PairedTask[] }) {
  const bars = useMemo(() => preparePairBars(tasks), [tasks]);
  const less = bars.filter((b) => b.dInput < 0).length;
  const summary = `Input tokens, B minus A, for ${bars.length} tasks: B sent less on ${less}, more on ${bars.filter((b) => b.dInput > 0).length}.`;
  const kinds = [...new Set(bars.map((b) => b.solved))] as PairSolved[];
  return (
    <figure className="flex min-w-0 flex-1 flex-col" aria-label="Input tokens per task, B minus A">
      <figcaption className="flex flex-wrap items-center gap-x-3 text-xs font-semibold text-slate-700">
        Input tokens per task, B minus A
        {kinds.map((k) => (
          <span key={k} className="flex items-center gap-1 font-normal text-slate-600">
            <span
              aria-hidden
              className="inline-block size-2 rounded-sm"
              style={{ background: SOLVED_STYLE[k].fill }}
            />
            {SOLVED_STYLE[k].label}
          </span>
        ))}
      </figcaption>
      <div role="img" aria-label={summary} className="h-56">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={bars} margin={{ top: 8, right: 8, left: 8, bottom: 20 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="task"
              tick={false}
              label={{
                value: `tasks, B's largest saving first`,
                position: 'insideBottom',
                offset: -6,
                fontSize: 11,
              }}
            />
            <YAxis
              tick={TICK}
              width={52}
              tickFormatter={(v: number) => COMPACT.format(v)}
              label={{
                value: 'Δ input tokens',
                angle: -90,
                position: 'insideLeft',
                style: { textAnchor: 'middle' },
                fontSize: 11,
              }}
            />
            <ReferenceLine y={0} stroke="var(--color-slate-500)" />
            <Tooltip
              formatter={(v) => [signed(Number(v), formatTokens), 'B − A input tokens']}
              labelFormatter={(label) => String(label)}
            />
            <Bar dataKey="dInput" isAnimationActive={false}>
              {bars.map((b) => (
                <Cell key={b.task} fill={SOLVED_STYLE[b.solved as PairSolved].fill} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
