'use client';
/** The usage view over the run on screen: the file's usage call by call against the counts, and cost. */
import { useShallow } from 'zustand/react/shallow';
import { useDebuggerStore } from '../contexts/store-context';
import { UsageView } from '../usage/usage-view';
import { useShownRun } from './shown-run';

export function UsagePane() {
  const { history, tokens, exact } = useShownRun();
  const { tokenizer, prices, actions } = useDebuggerStore(
    useShallow((s) => ({ tokenizer: s.tokenizer, prices: s.prices, actions: s.actions })),
  );
  return (
    <UsageView
      history={history}
      tokens={tokens}
      exact={exact}
      tokenizer={tokenizer}
      prices={prices}
      onPrices={actions.setPrices}
      onSelect={(id) => {
        actions.selectStep(id);
        actions.setView('timeline');
      }}
    />
  );
}
