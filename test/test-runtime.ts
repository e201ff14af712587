/**
 * A page's runtime (store, worker client, loader, query cache; components/contexts/app-runtime.ts)
 * for tests, on the real worker dispatcher in this thread or on a test's own answers, and a run put
 * on screen as a load would put it.
 */
import { createAppRuntime, type AppRuntime } from '../components/contexts/app-runtime';
import type { Dialect } from '../lib/messages/types';
import { summarizeRuns } from '../lib/model/run-summary';
import type { History } from '../lib/model/types';
import type { TokenizerId } from '../lib/tokens/tokenizer';
import { inProcessPort, type Respond } from './in-process-worker';

/** A runtime on a test's worker (`respond`), else on the real dispatcher in this thread. */
export function testRuntime(respond?: Respond): AppRuntime {
  return createAppRuntime((onMessage) => inProcessPort(onMessage, respond));
}

/** Puts `history` on screen as run 1 of a file, counted `tokens` per step (exact). */
export function showRun(
  runtime: AppRuntime,
  history: History,
  counting: { tokens: readonly number[]; tokenizer?: TokenizerId; dialect?: Dialect },
): void {
  const { actions } = runtime.store.getState();
  const tokenizer = counting.tokenizer ?? 'heuristic';
  const dialect = counting.dialect ?? 'recorded';
  actions.setTokenizer(tokenizer);
  actions.setDialect(dialect);
  const file = { histories: [history] };
  actions.loadSucceeded(
    { name: `${history.id}.json`, format: 'stepscope', runs: summarizeRuns(file), warnings: [] },
    history,
  );
  actions.countsArrived({
    tokenizer,
    dialect,
    exact: true,
    byHistory: { [history.id]: [...counting.tokens] },
  });
}
