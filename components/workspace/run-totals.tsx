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
  const { history, choice, charted } = useShownRun();
  const prices = useDebuggerStore((s) => s.prices);
  const tokenizer = useDebuggerStore((s) => s.tokenizer);
  const counting = useMemo(
    () => countingLabel(tokenizer, choice.recorded),
    [tokenizer, choice.recorded],
  );
  const actions = useDebuggerStore((s) => s.actions);
  // Made with the run's series, after the render that first shows the run (shown-run.tsx).
  const totals = useMemo(
    () => charted && prepareTotals(charted.steps, charted.tokens, undefined, charted.points),
    [charted],
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
  if (!charted || !totals)
    return (
      <section
        aria-label="Run totals"
        aria-busy="true"
        className="min-h-[4.5rem] rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500"
      >
        Adding up the run…
      </section>
    );
  return (
    <Totals
      totals={totals}
      exact={charted.exact}
      estimated={charted.estimated}
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
