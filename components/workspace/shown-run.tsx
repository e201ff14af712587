'use client';
/**
 * The run on screen and what every view derives from it once: the history (the run, or the
 * sub-agent opened from it), its steps' token counts, the model whose window and prices apply, the
 * compactions it made. Derived by pure functions from the store; views read it here and select
 * their own choices (selected step, filters, strategies) from the store themselves.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { compactionMarkers, type CompactionMarker } from '../../lib/simulate/compactions';
import { countsOf, currentHistory } from '../../lib/state/debugger-store';
import { chooseModel, windowLabelOf, type ModelChoice } from '../../lib/state/model-choice';
import type { History, Step } from '../../lib/model/types';
import type { HistoryPlace } from '../../lib/worker/protocol';
import { formatTokens } from '../ui/kinds';
import { useDebuggerStore } from '../contexts/store-context';

export interface ShownRun {
  /** The history on screen: the run, or a sub-agent opened from it. */
  readonly history: History;
  /** The run itself (the breadcrumb's root). */
  readonly run: History;
  readonly steps: readonly Step[];
  /** Tokens per step (zeros until the first counts arrive). */
  readonly tokens: readonly number[];
  /** The counts are the tokenizer's own, not the chars/4 first estimate. */
  readonly exact: boolean;
  /** Where the history is in the loaded file, for the worker's requests. */
  readonly place: HistoryPlace;
  readonly choice: ModelChoice;
  /** "Claude Sonnet 4.5 window 200k", or the assumed window said as such. */
  readonly windowLabel: string;
  /** The compactions the run made (recorded or probable). */
  readonly compactions: readonly CompactionMarker[];
}

const ShownRunContext = createContext<ShownRun | null>(null);

/** The run on screen; only inside `<ShownRunProvider>`, which renders once the run is here. */
export function useShownRun(): ShownRun {
  const shown = useContext(ShownRunContext);
  if (!shown) throw new Error('useShownRun must be used inside <ShownRunProvider>');
  return shown;
}

/** Renders `children` with the run on screen, or `waiting` while the run asked for is on its way. */
export function ShownRunProvider({
  children,
  waiting,
}: {
  children: ReactNode;
  waiting: ReactNode;
}) {
  const { onScreen, historyIndex, childPath, counts, model, prices } = useDebuggerStore(
    useShallow((s) => ({
      onScreen: s.run,
      historyIndex: s.historyIndex,
      childPath: s.childPath,
      counts: s.counts,
      model: s.model,
      prices: s.prices,
    })),
  );
  const run = onScreen?.index === historyIndex ? onScreen.history : undefined;
  const history = run ? currentHistory({ run: onScreen, historyIndex, childPath }) : undefined;
  const steps = history?.steps;
  const tokens = useMemo(
    () => (steps ? (countsOf(counts, history?.id) ?? steps.map(() => 0)) : []),
    [counts, history, steps],
  );
  const compactions = useMemo(
    () => (steps ? compactionMarkers(steps, tokens) : []),
    [steps, tokens],
  );
  const choice = useMemo(() => chooseModel(history, model, prices), [history, model, prices]);
  const value = useMemo(
    () =>
      run && history
        ? {
            history,
            run,
            steps: history.steps,
            tokens,
            exact: counts?.exact ?? false,
            place: { run: historyIndex, sub: childPath },
            choice,
            windowLabel: windowLabelOf(choice, formatTokens),
            compactions,
          }
        : undefined,
    [run, history, tokens, counts, historyIndex, childPath, choice, compactions],
  );
  if (!value) return waiting;
  return <ShownRunContext.Provider value={value}>{children}</ShownRunContext.Provider>;
}
