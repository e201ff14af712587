'use client';
/**
 * The compare view's answers from the history worker, as worker queries keyed by their inputs
 * (`comparisonKey`: the history, how it is counted and priced, the strategies): the comparison
 * itself, and each strategy's context at one call. Custom strategies run in the sandbox first
 * (once per history and code); their outputs go with the request.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { comparisonKey, type StrategyChoice } from '../../lib/compare/config';
import type { History } from '../../lib/model/types';
import type { CompareTarget } from '../../lib/worker/protocol';
import { useDebuggerStore } from '../contexts/store-context';
import { useWorkerQuery } from '../worker/use-worker-query';
import { useShownRun } from '../workspace/shown-run';
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
  const contexts = useWorkerQuery(
    wanted && call !== undefined
      ? {
          key: ['context-at', key, call],
          fetch: async (ask, { signal }) => {
            const custom = await runCustom(choices);
            const m = await ask(
              { type: 'context-at', target, choices, stepIndex: call, custom },
              { signal },
            );
            return { contexts: m.contexts, tokens: m.tokens };
          },
        }
      : undefined,
    { keepPrevious: false },
  );
  return { comparison, contexts };
}
