/**
 * The strategy registry. Order is the order the UI lists them: the baseline first, then seed
 * strategies, then framework ports, then summarizing ones.
 */
import { z } from 'zod';
import { describeZodError } from '../model/errors';
import { clearToolUses } from './clear-tool-uses';
import { compactConversation } from './compact-conversation';
import { condenseEvents } from './condense-events';
import { keepLastNSteps } from './keep-last-n-steps';
import { none } from './none';
import { observationMasking } from './observation-masking';
import { pruneOldObservations } from './prune-old-observations';
import { sessionTrajectoryWindow } from './session-trajectory-window';
import { smolagentsSummaryMode } from './smolagents-summary-mode';
import { strandsSlidingWindow } from './strands-sliding-window';
import { summarizePlanSteps } from './summarize-plan-steps';
import { summarizingWindow } from './summarizing-window';
import { tokenBudget } from './token-budget';
import { trajectorySlidingWindow } from './trajectory-sliding-window';
import type { Strategy } from './types';

export type {
  Strategy,
  StrategyContext,
  StrategyResult,
  StepFate,
  FateKind,
  HistoryLike,
} from './types';

export const STRATEGIES: readonly Strategy<never>[] = [
  none, // seed 001 no_pruning: the baseline every saving is measured against
  keepLastNSteps, // seed 001/004
  pruneOldObservations, // seed 004
  trajectorySlidingWindow, // seed 002, first design (preserve_first / preserve_last)
  sessionTrajectoryWindow, // seed 002, second design (SessionTrajectory): beside the first
  strandsSlidingWindow, // Strands default conversation manager
  tokenBudget, // LangChain trimMessages
  clearToolUses, // Anthropic context editing
  observationMasking, // SWE-agent LastNObservations (Lindenbauer et al. 2025): the masking rule beside Anthropic's clearing
  summarizePlanSteps, // seed 003
  summarizingWindow, // Strands / LangChain summarization
  compactConversation, // Claude Code auto-compaction (pi, Codex, Gemini CLI by parameters)
  condenseEvents, // OpenHands LLMSummarizingCondenser
  smolagentsSummaryMode, // seed 004 summary_mode
] as readonly Strategy<unknown>[] as readonly Strategy<never>[];

export class StrategyParamsError extends Error {
  override name = 'StrategyParamsError';
}

export function getStrategy(id: string): Strategy<unknown> {
  const found = STRATEGIES.find((s) => s.id === id);
  if (!found)
    throw new StrategyParamsError(
      `Unknown strategy "${id}". Known: ${STRATEGIES.map((s) => s.id).join(', ')}`,
    );
  return found as Strategy<unknown>;
}

const keysCache = new WeakMap<object, string[]>();

/** The parameter names a strategy takes (from its schema). */
export function paramKeysOf(strategy: Strategy<unknown>): string[] {
  let keys = keysCache.get(strategy);
  if (!keys) {
    const schema = z.toJSONSchema(strategy.paramsSchema, {
      io: 'input',
      unrepresentable: 'any',
    }) as { properties?: Record<string, unknown> };
    keys = Object.keys(schema.properties ?? {});
    keysCache.set(strategy, keys);
  }
  return keys;
}

/**
 * A parameter name the strategy does not take, named with the ones it does ("unknown key
 * \"keep_last_n\" (expected: n)"): a misspelled key is an error, never silently a default.
 */
export function unknownParamProblem(strategy: Strategy<unknown>, raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return raw === undefined || raw === null ? undefined : 'parameters must be an object';
  const expected = paramKeysOf(strategy);
  const unknown = Object.keys(raw).filter((k) => !expected.includes(k));
  if (unknown.length === 0) return undefined;
  return `unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.map((k) => `"${k}"`).join(', ')} (expected: ${expected.length ? expected.join(', ') : 'no parameters'})`;
}

/** Validates raw parameters against the strategy's schema, filling in its defaults; unknown keys are refused. */
export function parseParams<P>(strategy: Strategy<P>, raw: unknown = {}): P {
  const unknown = unknownParamProblem(strategy as Strategy<unknown>, raw);
  if (unknown) throw new StrategyParamsError(`Invalid parameters for ${strategy.id}: ${unknown}`);
  const parsed = strategy.paramsSchema.safeParse(raw ?? {});
  if (!parsed.success)
    throw new StrategyParamsError(
      `Invalid parameters for ${strategy.id}: ${describeZodError(parsed.error)}`,
    );
  return parsed.data;
}
