'use client';
/**
 * The compare view's answers from the history worker, as worker queries keyed by their inputs
 * (`comparisonKey`: the history, how it is counted and priced, the strategies): the comparison
 * itself, and each strategy's context and fates at the call on screen. Custom strategies run in the
 * sandbox first (once per history and code); their outputs go with the request.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { comparisonKey, type StrategyChoice } from '../../lib/compare/config';
import { callOnScreen } from '../../lib/compare/context-at';
import type { History } from '../../lib/model/types';
import type { Ask } from '../../lib/worker/client';
import type { CompareTarget, ContextsResponse } from '../../lib/worker/protocol';
import { useDebuggerStore } from '../contexts/store-context';
import { useWorkerQuery, type FetchContext } from '../worker/use-worker-query';
import { useShownRun } from '../workspace/shown-run';
import { useLoadWhole } from '../workspace/whole-queries';
import { useCustomRuns } from './use-custom-runs';

/** What strategies run over: the history on screen, counted and priced as the page shows it. */
export function useCompareTarget(): CompareTarget {
  const { place, choice } = useShownRun();
  const { tokenizer, dialect } = useDebuggerStore(
    useShallow((s) => ({ tokenizer: s.tokenizer, dialect: s.dialect })),
  );
  return useMemo(
    () => ({
      run: place.run,
      sub: place.sub,
      tokenizer,
      dialect,
      ...(choice.model ? { model: choice.model } : {}),
    }),
    [place, tokenizer, dialect, choice.model],
  );
}

/**
 * Each strategy's context at a call, with every earlier step's fate then (the worker's answer), and
 * the comparison it answers (`key`): an answer for other strategies is never shown as this one's.
 */
export type ContextsAt = Omit<ContextsResponse, 'type' | 'requestId'> & { readonly key: string };

/**
 * The context-at query for the call at step `at`: one key for every view that shows that call, so
 * the context panes and the aligned rows share one answer. The previous call's answer stays on
 * screen (marked stale) while the slider moves.
 */
function useContextsQuery(
  history: History,
  target: CompareTarget,
  choices: readonly StrategyChoice[],
  contextWindow: number,
  at: number | undefined,
  loadWhole: (() => Promise<History>) | undefined,
) {
  const key = comparisonKey(history.id, target, choices);
  const runCustom = useCustomRuns(history, contextWindow, loadWhole);
  return useWorkerQuery(
    choices.length > 0 && at !== undefined
      ? {
          key: ['context-at', key, at],
          fetch: async (ask: Ask, { signal }: FetchContext): Promise<ContextsAt> => {
            const custom = await runCustom(choices);
            const {
              type: _type,
              requestId: _id,
              ...answer
            } = await ask(
              { type: 'context-at', target, choices, stepIndex: at, custom },
              { signal },
            );
            return { ...answer, key };
          },
        }
      : undefined,
  );
}

export function useComparison(
  history: History,
  target: CompareTarget,
  choices: readonly StrategyChoice[],
  contextWindow: number,
  call: number | undefined,
  /** The whole history, when `history` is a preview of a large run (custom strategies need it). */
  loadWhole: (() => Promise<History>) | undefined,
) {
  const key = comparisonKey(history.id, target, choices);
  const runCustom = useCustomRuns(history, contextWindow, loadWhole);
  const wanted = choices.length > 0;
  const comparison = useWorkerQuery(
    wanted
      ? {
          key: ['compare', key],
          fetch: async (ask, { signal }) => {
            const custom = await runCustom(choices);
            const m = await ask({ type: 'compare', target, choices, custom }, { signal });
            return m.comparison;
          },
        }
      : undefined,
    // Typing in a parameter re-runs the comparison once the typing pauses.
    { delayMs: 200 },
  );
  const at = callOnScreen(history.steps, call);
  const contexts = useContextsQuery(history, target, choices, contextWindow, at, loadWhole);
  return { comparison, contexts };
}

/**
 * The call on screen (the store's `compareCall`, the first call until one is picked) and every
 * strategy's context and fates at it, for the views that show them (context panes, aligned rows).
 */
export function useContextAt() {
  const { history, place, choice } = useShownRun();
  const { choices, call } = useDebuggerStore(
    useShallow((s) => ({ choices: s.choices, call: s.compareCall })),
  );
  const target = useCompareTarget();
  const loadWhole = useLoadWhole(place, history);
  const at = callOnScreen(history.steps, call);
  const query = useContextsQuery(history, target, choices, choice.contextWindow, at, loadWhole);
  // While the next call is computed the previous call's answer stays, for these strategies only.
  const key = comparisonKey(history.id, target, choices);
  const answer = query.data?.key === key ? query.data : undefined;
  return { at, answer, stale: answer !== undefined && answer.stepIndex !== at, error: query.error };
}
