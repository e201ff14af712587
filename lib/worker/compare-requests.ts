/**
 * The history worker's answers about strategies over a loaded run: a comparison side by side, each
 * strategy's context at one call, and a parameter sweep with progress. Pure: the loaded file in,
 * the response out (handle-request.ts posts it).
 */
import { compareStrategies } from '../compare/compare';
import { callOnScreen, contextAtCall, sharedPrefix } from '../compare/context-at';
import { runSweep } from '../compare/sweep';
import type { HistoryFile } from '../model/types';
import { createStrategyContext } from '../strategies/context';
import { historyIn } from './load-files';
import type { StepTokens } from '../tokens/step-tokens';
import type {
  ComparedResponse,
  Counting,
  CompareRequest,
  CompareTarget,
  ContextAtRequest,
  ContextsResponse,
  SweepRequest,
  SweptResponse,
  WorkerResponse,
} from './protocol';

/** The loaded file's counts for a tokenizer and dialect (shared by every request on the file). */
export type TokensFor = (counting: Counting) => StepTokens;

/** The history a request targets and the strategy context it counts with. */
function target(file: HistoryFile | undefined, t: CompareTarget, tokensFor: TokensFor) {
  const history = file ? historyIn(file, t.run, t.sub) : undefined;
  if (!history) throw new Error('No history is loaded at that run and sub-agent');
  const ctx = createStrategyContext({
    tokenizer: t.tokenizer,
    dialect: t.dialect,
    model: t.model ?? history.model,
    tokens: tokensFor({ tokenizer: t.tokenizer, dialect: t.dialect }),
  });
  return { history, ctx };
}

export function compareAnswer(
  file: HistoryFile | undefined,
  request: CompareRequest,
  tokensFor: TokensFor,
): ComparedResponse {
  const { history, ctx } = target(file, request.target, tokensFor);
  return {
    type: 'compared',
    requestId: request.requestId,
    comparison: compareStrategies(history, request.choices, ctx, request.custom),
  };
}

export function contextsAnswer(
  file: HistoryFile | undefined,
  request: ContextAtRequest,
  tokensFor: TokensFor,
): ContextsResponse {
  const { history, ctx } = target(file, request.target, tokensFor);
  const stepIndex = callOnScreen(history.steps, request.stepIndex) ?? request.stepIndex;
  const at = request.choices.map((choice, i) =>
    contextAtCall(history, choice, stepIndex, ctx, request.custom?.[i]),
  );
  const contexts = at.map((c) => c?.steps ?? []);
  return {
    type: 'contexts',
    requestId: request.requestId,
    stepIndex,
    contexts,
    tokens: at.map((c) => c?.tokens ?? ctx.tokens.context([])),
    fates: at.map((c) => c?.fates),
    shared: sharedPrefix(
      at.flatMap((c) => (c ? [c.steps] : [])),
      (s) => ctx.tokens.step(s),
    ),
  };
}

/** Progress goes out as each value is done. */
export function sweepAnswer(
  file: HistoryFile | undefined,
  request: SweepRequest,
  post: (m: WorkerResponse) => void,
  tokensFor: TokensFor,
): SweptResponse {
  const { history, ctx } = target(file, request.target, tokensFor);
  const total = Math.max(1, request.values.length);
  const sweep = runSweep(
    history,
    request.choice,
    request.param,
    request.values,
    ctx,
    request.sheet,
    (done) => post({ type: 'progress', requestId: request.requestId, progress: done / total }),
  );
  return { type: 'swept', requestId: request.requestId, sweep };
}
