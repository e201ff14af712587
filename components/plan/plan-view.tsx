'use client';
/**
 * Seed 003's plan-aligned history: the run's TaskHistorySection as the model would see it rendered
 * (`### 1.n. title [active]`, summaries with their `expand_step` hint), context pressure at every
 * call, and a SUMMARY / FULL toggle per plan step whose effect is replayed over the whole run at
 * once (in the history worker): the pressure curve, the run's input and what it saves. A summarized
 * plan step also takes an "expand at call" number: seed 003's `expand_step(step_id)` as if the model
 * had called it at that call (summarize-plan-steps' `expand`), so the context grows back from there.
 */
import { useMemo } from 'react';
import { preparePlanPressure } from '../../lib/charts/plan-pressure';
import { comparisonKey, type StrategyChoice } from '../../lib/compare/config';
import { isModelCall } from '../../lib/model/steps';
import type { History } from '../../lib/model/types';
import {
  buildTaskHistory,
  extractiveSummary,
  renderSectionTurn,
  renderTaskHistorySection,
  type StepVisibility,
} from '../../lib/strategies/task-history';
import { firstTrue } from '../../lib/strategies/replay-kit';
import { formatTokens } from '../ui/kinds';
import { InlineError } from '../ui/alert';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Segmented } from '../ui/segmented';
import { Tooltip } from '../ui/tooltip';
import { useDebuggerStore } from '../contexts/store-context';
import { useCompareTarget } from '../compare/use-comparison';
import { useWorkerQuery } from '../worker/use-worker-query';
import { PressureChart } from './pressure-chart';
import { countOf, formatPercent } from '../../lib/compare/format';
import { useShownRun } from '../workspace/shown-run';
import { useWholeHistory } from '../workspace/whole-queries';

type Visibility = Extract<StepVisibility, 'full' | 'summary'>;

/**
 * The first call whose context holds a plan step starting at step `first` (before it seed 003's
 * handler answers "Step N not found.").
 */
function firstCallOf(callIndices: readonly number[], first: number): number {
  return firstTrue(0, callIndices.length, (i) => (callIndices[i] as number) > first) + 1;
}

/** The typed "expand at call" of a summarized plan step, when it is a call that can expand it. */
function expandCallOf(
  typed: string | undefined,
  visibility: Visibility | undefined,
  callIndices: readonly number[],
  first: number,
): number | undefined {
  const n = Number(typed);
  const valid =
    typed !== undefined &&
    typed !== '' &&
    visibility === 'summary' &&
    Number.isInteger(n) &&
    n >= firstCallOf(callIndices, first) &&
    n <= callIndices.length;
  return valid ? n : undefined;
}

/** The plan view once the whole run is here (a large run's preview is asked of the worker whole). */
export function PlanView() {
  const { history, place } = useShownRun();
  const whole = useWholeHistory(place, history, true);
  if (!whole.history)
    return (
      <p role="status" className="px-1 py-4 text-sm text-slate-500">
        {whole.error ?? 'Loading the whole run for the plan view…'}
      </p>
    );
  return <PlanSteps history={whole.history} />;
}

function PlanSteps({ history }: { history: History }) {
  const { tokens, choice: model, windowLabel } = useShownRun();
  const actions = useDebuggerStore((s) => s.actions);
  const { contextWindow } = model;
  const { history: taskHistory, groups } = useMemo(
    () => buildTaskHistory(history.steps),
    [history.steps],
  );
  const planned = history.steps.some((s) => s.planStepId !== undefined);
  // The toggles and, per plan step, the call at which the model expands it (seed 003 expand_step),
  // as typed: choices, so in the store and the URL.
  const { overrides, expandAt } = useDebuggerStore((s) => s.plan);
  const callIndices = useMemo(
    () => history.steps.flatMap((s, i) => (isModelCall(s) ? [i] : [])),
    [history.steps],
  );
  // The summarized plan steps with a valid call, as summarize-plan-steps' `expand` takes them.
  const expand = useMemo(
    () =>
      groups.flatMap((g) => {
        const id = g.stepHistory.stepId;
        const atCall = expandCallOf(
          expandAt[id],
          overrides[id],
          callIndices,
          g.indices[0] as number,
        );
        return atCall === undefined ? [] : [{ step: id, atCall }];
      }),
    [groups, expandAt, overrides, callIndices],
  );
  const choices = useMemo<StrategyChoice[]>(
    () => [{ strategyId: 'summarize-plan-steps', params: { mode: 'manual', overrides, expand } }],
    [overrides, expand],
  );
  const target = useCompareTarget();

  // The replay of the plan steps as toggled: the comparison of that one strategy, under the same
  // key (and so the same cached answer) as the compare view would ask it.
  const answer = useWorkerQuery({
    key: ['compare', comparisonKey(history.id, target, choices)],
    fetch: (ask, { signal }) =>
      ask({ type: 'compare', target, choices }, { signal }).then((m) => m.comparison),
  });
  const cmp = answer.data;
  const column = cmp?.columns[0];
  const data = useMemo(
    () => (cmp ? preparePlanPressure(cmp, contextWindow) : []),
    [cmp, contextWindow],
  );
  const tokensOf = (indices: readonly number[]) =>
    indices.reduce((n, i) => n + (tokens[i] ?? 0), 0);
  const set = actions.setPlanVisibility;
  const peak = (k: 'none' | 'toggled') => Math.max(0, ...data.map((d) => d[k]));
  const saved =
    cmp && column?.replay ? cmp.baseline.totalInputTokens - column.replay.totalInputTokens : 0;
  // The section as the next call after the run would see it: expanded plan steps in full.
  const rendered = useMemo(() => {
    const expanded = new Set(expand.map((e) => e.step));
    const shown = Object.fromEntries(Object.entries(overrides).filter(([id]) => !expanded.has(id)));
    return renderTaskHistorySection(taskHistory, shown);
  }, [taskHistory, overrides, expand]);
  return (
    <section aria-label="Plan steps" className="flex flex-col gap-3">
      <div className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold text-slate-900">Plan steps (seed 003 task history)</h2>
          <span className="text-xs text-slate-500">
            {countOf(groups.length, 'plan step', 'plan steps')},{' '}
            {planned
              ? 'grouped by the plan recorded in the file'
              : 'split at user tasks (the file records no plan)'}{' '}
            · {windowLabel}
          </span>
        </div>
        {answer.error && (
          <InlineError className="mt-2">The replay failed: {answer.error}</InlineError>
        )}
        <p aria-live="polite" className="mt-1 text-slate-700">
          {cmp && column?.replay
            ? `Peak context pressure ${formatPercent(peak('none') / 100)} with every step in full${Object.keys(overrides).length ? `, ${formatPercent(peak('toggled') / 100)} as toggled` : ''}; input over the run ${formatTokens(cmp.baseline.totalInputTokens)}${
                Object.keys(overrides).length === 0
                  ? ''
                  : saved > 0
                    ? ` → ${formatTokens(column.replay.totalInputTokens)} as toggled (saves ${formatPercent(saved / cmp.baseline.totalInputTokens)})`
                    : ` → ${formatTokens(column.replay.totalInputTokens)} as toggled (${formatTokens(-saved)} more: these summaries are no smaller than the turns they replace)`
              }.`
            : 'Replaying…'}
        </p>
        <div style={{ height: 240 }} aria-busy={answer.pending}>
          <PressureChart points={data} expand={expand} />
        </div>
      </div>
      <ol aria-label="Plan step list" className="flex flex-col gap-2">
        {groups.map((g, i) => {
          const step = g.stepHistory;
          const active = taskHistory.activeStepId === step.stepId && !step.completed;
          const visibility: Visibility = overrides[step.stepId] ?? 'full';
          const title = `1.${i + 1}. ${step.stepTitle}`;
          return (
            <li
              key={step.stepId}
              aria-label={`Plan step ${title}`}
              className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
            >
              {/* The controls keep their place at the right whatever the title's length: a long
                  title is cut to its line (its whole text stays in the heading and the item's name). */}
              <div className="flex items-center justify-between gap-3">
                <h3 className="min-w-0 truncate font-mono text-slate-900" title={title}>
                  ### {title}{' '}
                  {active && (
                    <span className="rounded bg-sky-100 px-1 text-xs text-sky-800">[active]</span>
                  )}
                </h3>
                <span className="flex shrink-0 items-center gap-2 text-xs text-slate-500">
                  {countOf(g.indices.length, 'step', 'steps')} ·{' '}
                  {countOf(tokensOf(g.indices), 'token', 'tokens')}
                  <Segmented
                    label={`Visibility of ${title}`}
                    className="font-semibold uppercase"
                    value={visibility}
                    onChange={(v) => set(step.stepId, v)}
                    options={[
                      { value: 'full', label: 'full' },
                      {
                        value: 'summary',
                        label: 'summary',
                        disabled: active,
                        ...(active
                          ? {
                              hint: 'The active plan step is still receiving turns: it is never compacted',
                            }
                          : {}),
                      },
                    ]}
                  />
                  {!active && (
                    <label className="flex items-center gap-1">
                      expand at call
                      <Tooltip
                        content={
                          visibility === 'summary'
                            ? `Seed 003 expand_step(${step.stepId}) at this call: in full from then on (calls ${firstCallOf(callIndices, g.indices[0] as number)} to ${callIndices.length})`
                            : 'Only a summarized plan step can be expanded'
                        }
                      >
                        <Input
                          aria-label={`Expand ${title} at call`}
                          type="number"
                          size="xs"
                          min={firstCallOf(callIndices, g.indices[0] as number)}
                          max={callIndices.length}
                          value={expandAt[step.stepId] ?? ''}
                          disabled={visibility !== 'summary'}
                          aria-invalid={
                            (expandAt[step.stepId] ?? '') !== '' &&
                            expandCallOf(
                              expandAt[step.stepId],
                              visibility,
                              callIndices,
                              g.indices[0] as number,
                            ) === undefined
                          }
                          onChange={(e) => actions.setPlanExpandAt(step.stepId, e.target.value)}
                          className="w-16 text-slate-900 aria-[invalid=true]:border-red-500"
                        />
                      </Tooltip>
                    </label>
                  )}
                </span>
              </div>
              {visibility === 'summary' ? (
                <div className="mt-1 whitespace-pre-wrap text-slate-700">
                  {step.summary ?? extractiveSummary(step)}
                  <p className="mt-1 text-xs italic text-slate-500">
                    Call `expand_step({step.stepId})` for full conversation.
                  </p>
                  {expand.some((e) => e.step === step.stepId) && (
                    <p className="mt-1 text-xs text-sky-800">
                      Expanded at call {expand.find((e) => e.step === step.stepId)?.atCall}: the
                      replay shows it in full from that call on.
                    </p>
                  )}
                </div>
              ) : (
                <details className="mt-1 text-slate-700">
                  <summary className="cursor-pointer text-xs text-slate-500">
                    {countOf(step.turns.length, 'turn', 'turns')}
                  </summary>
                  <ul className="mt-1 flex flex-col gap-0.5">
                    {step.turns.slice(0, 40).map((t, k) => (
                      <li key={k} className="truncate font-mono text-xs">
                        {renderSectionTurn(t)}
                      </li>
                    ))}
                    {step.turns.length > 40 && (
                      <li className="text-xs text-slate-500">
                        … {countOf(step.turns.length - 40, 'more turn', 'more turns')}
                      </li>
                    )}
                  </ul>
                  <Button
                    variant="link"
                    size="xs"
                    onClick={() => {
                      actions.selectStep(history.steps[g.indices[0] as number]?.id ?? '');
                      actions.setView('timeline');
                    }}
                    className="mt-1"
                  >
                    Inspect its first step
                  </Button>
                </details>
              )}
            </li>
          );
        })}
      </ol>
      <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">
          The section as rendered into the prompt
        </summary>
        <pre
          role="group"
          aria-label="Rendered task history"
          tabIndex={0}
          className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs text-slate-800"
        >
          {rendered}
        </pre>
      </details>
    </section>
  );
}
