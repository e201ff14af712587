/**
 * A compared strategy's run in words, its own gate included: "in place, checked before every call;
 * compacts only once the context passes 167,000 tokens (the window minus 33,000)". The summary
 * table, the cards and the charts say when a strategy runs with this, so a compaction checked
 * before every call never reads as one made before every call.
 */
import { describeRun, type RunConfig } from '../simulate/run-config';
import { getStrategy, parseParams } from '../strategies';

/** The strategy's own gate for these parameters, or undefined (it acts whenever it runs). */
export function actsOf(
  strategyId: string,
  params: unknown,
  contextWindow: number,
): string | undefined {
  try {
    const strategy = getStrategy(strategyId);
    return strategy.acts?.(parseParams(strategy, params), contextWindow);
  } catch {
    // An unknown strategy or refused parameters: the card says why; the words stay the trigger's.
    return undefined;
  }
}

export function runWords(
  choice: { readonly strategyId: string; readonly params: unknown },
  run: RunConfig,
  contextWindow: number,
): string {
  return describeRun(run, actsOf(choice.strategyId, choice.params, contextWindow));
}
