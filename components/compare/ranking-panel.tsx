'use client';
/**
 * "Which strategy should I use?": one recommendation first (which may be "no pruning needed",
 * lib/compare/ranking.ts `recommend`), then the strategies ranked under the user's goal with one
 * sentence each; strategies the goal does not tell apart share their rank ("2=").
 */
import { useMemo } from 'react';
import type { Comparison } from '../../lib/compare/compare';
import {
  allTied,
  GOAL_LABELS,
  GOALS,
  rankStrategies,
  recommend,
  type Goal,
} from '../../lib/compare/ranking';
import type { Step } from '../../lib/model/types';
import type { RunCost } from '../../lib/simulate/cache';
import { formatTokens } from '../ui/kinds';
import { ColumnDot } from './column-label';
import { labelledOptions, Select } from '../ui/select';
import { Panel } from '../ui/panel';
import { useShownRun } from '../workspace/shown-run';
import { Term } from '../help/term';

const GOAL_OPTIONS = labelledOptions<Goal>(GOALS, GOAL_LABELS);

/** What the goal measures, for "all tie on …". */
const TIED_ON: Readonly<Record<Goal, string>> = {
  cost: 'cost',
  overflow: 'calls over the window',
  loss: 'identifiers lost',
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function RankingPanel(props: {
  cmp: Comparison;
  steps: readonly Step[];
  costs?: readonly (RunCost | undefined)[];
  goal: Goal;
  onGoal(goal: Goal): void;
  windowLabel: string;
}) {
  const { contextWindow, windowAssumed, label } = useShownRun().choice;
  const window = `${windowAssumed ? 'an assumed' : `${label}’s`} ${contextWindow.toLocaleString('en-US')}-token window`;
  const ranked = useMemo(
    () => rankStrategies(props.cmp, props.steps, props.costs, props.goal, props.windowLabel),
    [props.cmp, props.steps, props.costs, props.goal, props.windowLabel],
  );
  const advice = useMemo(
    () =>
      recommend(ranked, {
        peakShare: props.cmp.baseline.peakContextTokens / contextWindow,
        windowLabel: window,
      }),
    [ranked, props.cmp, contextWindow, window],
  );
  const tied = allTied(ranked);
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
      {advice && (
        <div
          role="status"
          aria-label="Recommendation"
          className="mt-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950"
        >
          <p>
            <span className="font-semibold">
              {advice.kind === 'none' && !advice.needed
                ? 'No pruning needed'
                : `Recommended: ${advice.label}`}
            </span>
            {advice.kind === 'none' && !advice.needed
              ? advice.sentence.replace(/^No pruning needed/, '')
              : ` — ${advice.sentence}`}
          </p>
          {advice.alternative && <p className="mt-0.5 text-emerald-900">{advice.alternative}</p>}
        </div>
      )}
      {tied && (
        <p className="mt-2 text-sm text-slate-600">
          All {ranked.length} tie on {TIED_ON[props.goal]}: the goal does not tell them apart.
          Listed by the other measures.
        </p>
      )}
      <ol aria-label="Strategies ranked" className="mt-2 flex flex-col gap-1.5 text-sm">
        {ranked.map((r) => (
          <li key={r.index} className="flex gap-2">
            <span
              className="w-7 shrink-0 text-right font-mono text-slate-500"
              aria-label={r.tied ? `tied ${r.rank}` : `rank ${r.rank}`}
            >
              {r.rank}
              {r.tied ? '=' : '.'}
            </span>
            <ColumnDot index={r.index} className="mt-1.5" />
            <span>
              <span className="font-medium text-slate-900">{r.label}</span>{' '}
              <span className="font-mono text-xs text-slate-500">
                {r.cost ? (
                  <>
                    ${r.cost.costUsd.toFixed(4)} <Term id="cost-cached">cached</Term> · $
                    {r.cost.uncachedCostUsd.toFixed(4)} <Term id="cost-uncached">uncached</Term>
                  </>
                ) : (
                  <>
                    {formatTokens(r.inputTokens)}{' '}
                    <Term id="input-over-run">input tokens over the run</Term>
                  </>
                )}
              </span>
              <span className="block text-slate-700">{capital(r.sentence)}</span>
            </span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
