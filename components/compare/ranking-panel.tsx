'use client';
/** "Which strategy should I use?": the strategies ranked under the user's goal, one sentence each. */
import { useMemo } from 'react';
import type { Comparison } from '../../lib/compare/compare';
import { GOAL_LABELS, GOALS, rankStrategies, type Goal } from '../../lib/compare/ranking';
import type { Step } from '../../lib/model/types';
import type { RunCost } from '../../lib/simulate/cache';
import { formatTokens } from '../ui/kinds';
import { BASELINE_COLOR, columnColor } from './palette';
import { labelledOptions, Select } from '../ui/select';
import { Panel } from '../ui/panel';

const GOAL_OPTIONS = labelledOptions<Goal>(GOALS, GOAL_LABELS);

export function RankingPanel(props: {
  cmp: Comparison;
  steps: readonly Step[];
  costs?: readonly (RunCost | undefined)[];
  goal: Goal;
  onGoal(goal: Goal): void;
  windowLabel: string;
}) {
  const ranked = useMemo(
    () => rankStrategies(props.cmp, props.steps, props.costs, props.goal, props.windowLabel),
    [props.cmp, props.steps, props.costs, props.goal, props.windowLabel],
  );
  return (
    <Panel label="Ranking">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Which strategy should I use?</h3>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Goal
          <Select
            label="Ranking goal"
            value={props.goal}
            onChange={props.onGoal}
            options={GOAL_OPTIONS}
          />
        </label>
      </div>
      <ol aria-label="Strategies ranked" className="mt-2 flex flex-col gap-1.5 text-sm">
        {ranked.map((r) => (
          <li key={r.index} className="flex gap-2">
            <span className="w-5 shrink-0 text-right font-mono text-slate-500">{r.rank}.</span>
            <span
              className="mt-1.5 inline-block h-2.5 w-2.5 shrink-0 rounded-full"
              style={{ background: r.index < 0 ? BASELINE_COLOR : columnColor(r.index) }}
            />
            <span>
              <span className="font-medium text-slate-900">{r.label}</span>{' '}
              <span className="font-mono text-xs text-slate-500">
                {r.cost
                  ? `$${r.cost.costUsd.toFixed(4)} cached · $${r.cost.uncachedCostUsd.toFixed(4)} uncached`
                  : `${formatTokens(r.inputTokens)} input tokens`}
              </span>
              <span className="block text-slate-700">
                {r.sentence.charAt(0).toUpperCase() + r.sentence.slice(1)}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
