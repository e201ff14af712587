'use client';
/** The run's totals over the run on screen, with what the file reports and what the run cost. */
import { useDeferredValue, useMemo } from 'react';
import { prepareTotals } from '../../lib/charts/prepare';
import { reportedUsage } from '../../lib/model/usage';
import { whatYouPaidWithChildren } from '../../lib/pricing/paid';
import { countingLabel } from '../../lib/tokens/models';
import { useDebuggerStore } from '../contexts/store-context';
import { Totals } from './totals';
import { useShownRun } from './shown-run';

export function RunTotals() {
  const { history, steps, tokens, exact, estimated, choice, series } = useShownRun();
  const prices = useDebuggerStore((s) => s.prices);
  const tokenizer = useDebuggerStore((s) => s.tokenizer);
  const counting = useMemo(
    () => countingLabel(tokenizer, choice.recorded),
    [tokenizer, choice.recorded],
  );
  const actions = useDebuggerStore((s) => s.actions);
  const totals = useMemo(
    () => prepareTotals(steps, tokens, undefined, series),
    [steps, tokens, series],
  );
  const reported = useMemo(() => reportedUsage(history), [history]);
  // Pricing every call of a long run takes ~25 µs a call (genai-prices): drawn after the rest,
  // in a deferred render React can interrupt, so a new file's timeline shows first.
  const pricedHistory = useDeferredValue(history, undefined);
  const paid = useMemo(
    () =>
      pricedHistory
        ? whatYouPaidWithChildren(pricedHistory, prices ? { overrides: prices } : {})
        : undefined,
    [pricedHistory, prices],
  );
  return (
    <Totals
      totals={totals}
      exact={exact}
      estimated={estimated}
      counting={counting}
      contextWindow={choice.contextWindow}
      subAgents={history.children?.length ?? 0}
      reported={reported}
      {...(paid ? { paid } : {})}
      onSelect={actions.selectStep}
      onUsage={() => actions.setView('usage')}
    />
  );
}
