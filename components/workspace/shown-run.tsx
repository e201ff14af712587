'use client';
/**
 * The run on screen and what every view derives from it once: the history (the run, or the
 * sub-agent opened from it), its steps' token counts, the model whose window and prices apply, the
 * compactions it made. Derived by pure functions from the store; views read it here and select
 * their own choices (selected step, filters, strategies) from the store themselves.
 */
import { createContext, useContext, useDeferredValue, useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { prepareTokenSeries, type TokenPoint } from '../../lib/charts/prepare';
import { compactionMarkers, type CompactionMarker } from '../../lib/simulate/compactions';
import { countsOf, currentHistory } from '../../lib/state/debugger-store';
import { chooseModel, windowLabelOf, type ModelChoice } from '../../lib/state/model-choice';
import type { History, Step } from '../../lib/model/types';
import type { HistoryPlace } from '../../lib/worker/protocol';
import { estimateStepTokens } from '../../lib/tokens/step-tokens';
import { formatTokens } from '../ui/kinds';
import { useDebuggerStore } from '../contexts/store-context';

/** A token series and what it was made of (the totals read them together). */
export interface ChartedRun {
  readonly steps: readonly Step[];
  readonly tokens: readonly number[];
  readonly exact: boolean;
  readonly estimated: boolean;
  readonly points: readonly TokenPoint[];
}

export interface ShownRun {
  /** The history on screen: the run, or a sub-agent opened from it. */
  readonly history: History;
  /** The run itself (the breadcrumb's root). */
  readonly run: History;
  readonly steps: readonly Step[];
  /**
   * Tokens per step: the worker's counts; until the exact ones arrive, its chars/4 estimate (sent
   * with the run, and again after a change of tokenizer), so the first paint shows sizes rather
   * than zeros (`estimated`). Only while no count is in (just after a change of tokenizer) does the
   * page estimate the steps it holds itself.
   */
  readonly tokens: readonly number[];
  /** The counts are the tokenizer's own, not a chars/4 estimate. */
  readonly exact: boolean;
  /** `tokens` are the chars/4 estimate, not yet the chosen tokenizer's counts. */
  readonly estimated: boolean;
  /** Where the history is in the loaded file, for the worker's requests. */
  readonly place: HistoryPlace;
  readonly choice: ModelChoice;
  /** "Claude Sonnet 4.5 window 200k", or the assumed window said as such. */
  readonly windowLabel: string;
  /** The compactions the run made (recorded or probable). */
  readonly compactions: readonly CompactionMarker[];
  /**
   * Per step its tokens and, at model calls, the context sent: the chart's and the totals' one
   * series, with the steps and counts it was made of. Made in a render React may interrupt, after
   * the one that shows the run (a 100,000-step run's timeline paints without waiting for it), so
   * it is undefined at first and may briefly be the previous counts'.
   */
  readonly charted: ChartedRun | undefined;
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
  const { onScreen, historyIndex, childPath, counts, model, prices, dialect, tokenizer } =
    useDebuggerStore(
      useShallow((s) => ({
        onScreen: s.run,
        historyIndex: s.historyIndex,
        childPath: s.childPath,
        counts: s.counts,
        model: s.model,
        prices: s.prices,
        dialect: s.dialect,
        tokenizer: s.tokenizer,
      })),
    );
  const run = onScreen?.index === historyIndex ? onScreen.history : undefined;
  const history = run ? currentHistory({ run: onScreen, historyIndex, childPath }) : undefined;
  const steps = history?.steps;
  const counted = countsOf(counts, history?.id);
  const uncounted = counted === undefined;
  // Only while no count is here: a long run's estimate renders every step's messages once.
  const estimate = useMemo(
    () => (steps && uncounted ? estimateStepTokens(steps, dialect) : []),
    [steps, dialect, uncounted],
  );
  const tokens = counted ?? estimate;
  const compactions = useMemo(
    () => (steps ? compactionMarkers(steps, tokens) : []),
    [steps, tokens],
  );
  const exact = counted !== undefined && (counts?.exact ?? false);
  const estimated = counted === undefined || counts?.tokenizer !== tokenizer;
  const sized = useMemo(
    () => (steps ? { steps, tokens, exact, estimated } : undefined),
    [steps, tokens, exact, estimated],
  );
  const toChart = useDeferredValue(sized, undefined);
  const charted = useMemo(
    () => toChart && { ...toChart, points: prepareTokenSeries(toChart.steps, toChart.tokens) },
    [toChart],
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
            exact,
            estimated,
            place: { run: historyIndex, sub: childPath },
            choice,
            windowLabel: windowLabelOf(choice, formatTokens),
            compactions,
            charted,
          }
        : undefined,
    [run, history, tokens, exact, estimated, historyIndex, childPath, choice, compactions, charted],
  );
  if (!value) return waiting;
  return <ShownRunContext.Provider value={value}>{children}</ShownRunContext.Provider>;
}
