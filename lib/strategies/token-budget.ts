/**
 * LangChain's `trimMessages` (@langchain/core messages/transformers: `_lastMaxTokens`,
 * `_firstMaxTokens`): keep the last (or first) messages that fit `maxTokens`, optionally the system
 * message, starting on / ending on given message types, optionally part of the first message that
 * does not fit (split on newlines). Messages are the OpenAI dialect's, typed as LangChain does
 * (system, human, ai, tool), and counted like `countMessages` (per-message overhead and reply priming).
 *
 * LangChain re-counts every candidate prefix (quadratic: ~6 s per call at 20k messages); the same
 * answer comes from prefix sums and a binary search (monotone counts), so this is O(n log n).
 * A differential test runs `trimMessages` with the same counter. `allowPartial` keeps part of a
 * message when the kept text maps back onto one step field (task, system prompt, assistant text,
 * tool result, summary, final answer; an observation or error while its prefix is kept); otherwise
 * the message is dropped whole and a note says so (lib/README.md).
 */
import { z } from 'zod';
import { ERROR_PREFIX, OBSERVATION_PREFIX } from '../messages/strings';
import type { OpenAIMessage } from '../messages/types';
import type { Step, ToolCall } from '../model/types';
import { countMessage, REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';
import { buildResult } from './result';
import type { Strategy, StrategyContext } from './types';
import { rangeShared } from './range-shared';
import { lastTrue, rangeViews, UnitIndex } from './replay-kit';
import { stepsFromKeptUnits, unitsOf, type StrategyUnit } from './units';

export const LANGCHAIN_TYPES = ['system', 'human', 'ai', 'tool'] as const;
export type LangChainType = (typeof LANGCHAIN_TYPES)[number];

const typeList = z.array(z.enum(LANGCHAIN_TYPES)).optional();

const params = z
  .object({
    maxTokens: z
      .number()
      .int()
      .min(0)
      .default(100_000)
      .describe('Token budget for the whole request.')
      .meta({ title: 'Token budget', upstream: 'maxTokens' }),
    strategy: z
      .enum(['last', 'first'])
      .default('last')
      .describe('Keep the most recent messages, or the earliest.')
      .meta({ title: 'Keep', upstream: 'strategy' }),
    includeSystem: z
      .boolean()
      .default(false)
      .describe("Always keep the leading system message ('last' only).")
      .meta({ title: 'Keep the system message', upstream: 'includeSystem' }),
    startOn: typeList
      .describe("The kept messages must start on one of these types ('last' only).")
      .meta({ title: 'Start on', upstream: 'startOn' }),
    endOn: typeList
      .describe('The kept messages must end on one of these types.')
      .meta({ title: 'End on', upstream: 'endOn' }),
    allowPartial: z
      .boolean()
      .default(false)
      .describe('Keep the fitting lines of the first message that does not fit.')
      .meta({ title: 'Keep part of a message', upstream: 'allowPartial' }),
  })
  .refine((p) => !(p.startOn && p.strategy === 'first'), {
    message: "`startOn` should only be specified if `strategy` is 'last'.",
    path: ['startOn'],
  })
  .refine((p) => !(p.includeSystem && p.strategy === 'first'), {
    message: "`includeSystem` should only be specified if `strategy` is 'last'.",
    path: ['includeSystem'],
  });
export type TokenBudgetParams = z.infer<typeof params>;

export function langChainType(message: OpenAIMessage): LangChainType {
  switch (message.role) {
    case 'system':
      return 'system';
    case 'user':
      return 'human';
    case 'assistant':
      return 'ai';
    case 'tool':
      return 'tool';
  }
}

/** LangChain's `defaultTextSplitter`: split on newlines, keeping each newline with its line. */
export function splitLines(text: string): string[] {
  const splits = text.split('\n');
  return [...splits.slice(0, -1).map((s) => `${s}\n`), splits[splits.length - 1] as string];
}

export interface TrimOutcome {
  /** Indices (into the input) of the kept messages, in input order. */
  readonly kept: number[];
  /** A kept message whose content was cut to its fitting lines. */
  readonly partial?: { readonly index: number; readonly content: string };
}

/**
 * `trimMessages` on message indices. `count(i)` is message i's tokens; the list counter is
 * `REPLY_PRIMING_TOKENS + Σ count(i)`. `countWithContent(i, text)` counts message i with other text.
 */
export function trimIndices(
  messages: readonly OpenAIMessage[],
  count: (i: number) => number,
  countWithContent: (i: number, text: string) => number,
  p: TokenBudgetParams,
): TrimOutcome {
  const types = messages.map(langChainType);
  let order: number[] = messages.map((_, i) => i);
  let endOn = p.endOn;
  let partialStrategy: 'first' | 'last' | undefined = p.allowPartial ? 'first' : undefined;
  let swappedSystem = false;
  if (p.strategy === 'last') {
    if (p.endOn) {
      const allowed = new Set(p.endOn);
      while (
        order.length > 0 &&
        !allowed.has(types[order[order.length - 1] as number] as LangChainType)
      )
        order.pop();
    }
    swappedSystem = p.includeSystem && order.length > 0 && types[order[0] as number] === 'system';
    order = swappedSystem ? [order[0] as number, ...order.slice(1).reverse()] : order.reverse();
    endOn = p.startOn;
    partialStrategy = p.allowPartial ? 'last' : undefined;
  }
  // _firstMaxTokens over `order`: the longest prefix (at least one message) that fits.
  const prefix = [REPLY_PRIMING_TOKENS];
  for (const i of order) prefix.push((prefix[prefix.length - 1] as number) + count(i));
  let idx = lastTrue(order.length, (n) => (prefix[n] as number) <= p.maxTokens);
  let partial: TrimOutcome['partial'];
  if (idx < order.length && partialStrategy) {
    const index = order[idx] as number;
    const text = messages[index]?.content;
    if (text) {
      const splits = splitLines(text);
      if (partialStrategy === 'last') splits.reverse();
      const base = prefix[idx] as number;
      for (let n = splits.length - 1; n >= 1; n--) {
        const candidate = splits.slice(0, n);
        if (base + countWithContent(index, candidate.join('')) <= p.maxTokens) {
          const content =
            partialStrategy === 'last' ? [...candidate].reverse().join('') : candidate.join('');
          partial = { index, content };
          idx += 1;
          break;
        }
      }
    }
  }
  if (endOn) {
    const allowed = new Set(endOn);
    while (idx > 0 && !allowed.has(types[order[idx - 1] as number] as LangChainType)) idx -= 1;
    if (partial && !order.slice(0, idx).includes(partial.index)) partial = undefined;
  }
  const kept = order.slice(0, idx).sort((a, b) => a - b);
  return partial ? { kept, partial } : { kept };
}

function withPartialContent(
  step: Step,
  parts: readonly string[],
  content: string,
): Step | undefined {
  const part = parts[0];
  if (
    parts.length !== 1 &&
    !(step.kind === 'action' && parts.every((x) => x === 'thought' || x.startsWith('call:')))
  )
    return undefined;
  switch (step.kind) {
    case 'system-prompt':
    case 'summary':
      return part === 'content' ? { ...step, content } : undefined;
    case 'task':
      return { ...step, task: content };
    case 'final-answer':
      return { ...step, answer: content };
    case 'action': {
      if (parts.includes('thought')) return { ...step, modelOutput: content };
      // Seed-prefixed user messages: representable while the kept text still starts with the prefix.
      if (part === 'observation' && content.startsWith(OBSERVATION_PREFIX))
        return { ...step, observation: content.slice(OBSERVATION_PREFIX.length) };
      if (part === 'error' && content.startsWith(ERROR_PREFIX))
        return { ...step, error: content.slice(ERROR_PREFIX.length) };
      if (part?.startsWith('result:')) {
        const id = part.slice('result:'.length);
        const toolCalls = step.toolCalls.map((c): ToolCall =>
          c.id === id && c.result !== undefined ? { ...c, result: content } : c,
        );
        return { ...step, toolCalls };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

export const PARTIAL_DROPPED =
  'the partially kept message does not map onto one step field and was dropped whole';

export function applyTokenBudget(
  steps: readonly Step[],
  p: TokenBudgetParams,
  ctx: StrategyContext,
) {
  const units: StrategyUnit<OpenAIMessage>[] = unitsOf(steps, 'openai');
  const messages = units.map((u) => u.message);
  const counter = ctx.tokens.counter;
  const outcome = trimIndices(
    messages,
    (i) => countMessage(messages[i] as OpenAIMessage, counter),
    (i, text) => countMessage({ ...(messages[i] as OpenAIMessage), content: text }, counter),
    p,
  );
  let working = steps;
  const notes = [
    `kept ${outcome.kept.length} of ${messages.length} messages within ${p.maxTokens} tokens`,
  ];
  if (outcome.partial) {
    const unit = units[outcome.partial.index] as StrategyUnit<OpenAIMessage>;
    const variant = withPartialContent(
      steps[unit.stepIndex] as Step,
      unit.parts,
      outcome.partial.content,
    );
    if (variant) {
      working = steps.map((s, i) => (i === unit.stepIndex ? variant : s));
      notes.push(`kept part of step ${variant.stepNumber}`);
    } else {
      outcome.kept.splice(outcome.kept.indexOf(outcome.partial.index), 1);
      notes.push(PARTIAL_DROPPED);
    }
  }
  const output = stepsFromKeptUnits(working, units, new Set(outcome.kept));
  return buildResult(steps, output, notes);
}

export const tokenBudget: Strategy<TokenBudgetParams> = {
  id: 'token-budget',
  label: 'Token budget (LangChain trimMessages)',
  description:
    'Keeps the most recent messages that fit a token budget, optionally the system message.',
  source: '@langchain/core trimMessages',
  paramsSchema: params,
  acts: (p) => `trims only a request over ${p.maxTokens.toLocaleString('en-US')} tokens`,
  apply(history, p, ctx) {
    // Partial messages need their lines counted: the message-level path.
    if (p.allowPartial) return applyTokenBudget(history.steps, p, ctx);
    const budget = budgetOf(history.steps, p, ctx);
    const ranges = budget.ranges(budget.index.units.length);
    const kept = ranges.reduce((n, [a, b]) => n + b - a, 0);
    return budget.index.result(ranges, [
      `kept ${kept} of ${budget.index.units.length} messages within ${p.maxTokens} tokens`,
    ]);
  },
  replayTokens(history, calls, p, ctx) {
    // Partial messages need their lines counted per call: no fast path for allowPartial.
    if (p.allowPartial) return undefined;
    const budget = budgetOf(history.steps, p, ctx);
    return calls.map((k) => budget.index.contextTokens(budget.ranges(budget.index.unitsBefore(k))));
  },
  replayContexts(history, p, ctx) {
    if (p.allowPartial) return undefined;
    const { index, ranges } = budgetOf(history.steps, p, ctx);
    return (k) => index.stepsBefore(ranges(index.unitsBefore(k)), k);
  },
  replayViews(history, p, ctx) {
    if (p.allowPartial) return undefined;
    const { index, ranges } = budgetOf(history.steps, p, ctx);
    return rangeViews(
      index,
      (k) => ranges(index.unitsBefore(k)),
      () => [],
    );
  },
  replayShared(history, calls, p, ctx) {
    if (p.allowPartial) return undefined;
    const budget = budgetOf(history.steps, p, ctx);
    return rangeShared(
      budget.index,
      calls,
      (k) => budget.ranges(budget.index.unitsBefore(k)),
      (k) => tokenBudget.apply({ ...history, steps: history.steps.slice(0, k) }, p, ctx).steps,
    );
  },
};

/** Each unit's LangChain type, once per index (an apply is otherwise a few binary searches). */
const unitTypes = new WeakMap<UnitIndex<OpenAIMessage>, readonly LangChainType[]>();

function typesOf(index: UnitIndex<OpenAIMessage>): readonly LangChainType[] {
  let types = unitTypes.get(index);
  if (!types) unitTypes.set(index, (types = index.units.map((u) => langChainType(u.message))));
  return types;
}

/**
 * What every budget decides on, once per step list and token counter: the OpenAI messages' index,
 * each message's count as a prefix sum, and each message's LangChain type (built when a history
 * loads: load-index.ts).
 */
export function budgetIndex(steps: readonly Step[], tokens: StepTokens) {
  const index = UnitIndex.cached(steps, tokens, 'openai');
  // countMessage with the counter's own cache of each message counted (`tokens.message`).
  const sums = index.unitSums((m) => tokens.message?.(m) ?? countMessage(m, tokens.counter));
  return { index, sums, types: typesOf(index) };
}

/**
 * `trimMessages` (without `allowPartial`) on the history's index: message counts are prefix sums
 * built once per history, each decision is a binary search. `ranges(end)` gives the messages kept
 * from the first `end`.
 */
function budgetOf(steps: readonly Step[], p: TokenBudgetParams, ctx: StrategyContext) {
  const { index, sums, types } = budgetIndex(steps, ctx.tokens);
  const matcher = (list: readonly LangChainType[] | undefined) => {
    const allowed = new Set(list);
    // prev[i]: largest j <= i with types[j - 1] allowed (0 if none); next[i]: smallest j >= i allowed.
    const prev = [0];
    types.forEach((t, i) => prev.push(allowed.has(t) ? i + 1 : (prev[i] as number)));
    const next = new Array<number>(types.length + 1).fill(types.length);
    for (let i = types.length - 1; i >= 0; i--)
      next[i] = allowed.has(types[i] as LangChainType) ? i : (next[i + 1] as number);
    return { prev, next };
  };
  const endOn = p.endOn ? matcher(p.endOn) : undefined;
  const startOn = p.startOn ? matcher(p.startOn) : undefined;
  const fits = (cost: number) => REPLY_PRIMING_TOKENS + cost <= p.maxTokens;
  const ranges = (end: number): [number, number][] => {
    if (p.strategy === 'first') {
      // Longest prefix [0, n) that fits, n >= 1; then back off to end on `endOn`.
      let n = lastTrue(end, (m) => fits(sums[m] as number));
      if (endOn) n = endOn.prev[n] as number;
      return n > 0 ? [[0, n]] : [];
    }
    const e = endOn ? (endOn.prev[end] as number) : end;
    const swapped = p.includeSystem && e > 0 && types[0] === 'system';
    const floor = swapped ? 1 : 0;
    const head = swapped ? (sums[1] as number) : 0;
    // Longest kept suffix [e - j, e) of [floor, e), after the system message when swapped.
    let j = lastTrue(e - floor, (m) => fits(head + (sums[e] as number) - (sums[e - m] as number)));
    let keepSystem = swapped && fits(head);
    if (!keepSystem) j = swapped ? 0 : j;
    let start = e - j;
    if (startOn && j > 0) start = Math.min(startOn.next[start] as number, e);
    if (startOn && start === e && keepSystem) keepSystem = p.startOn?.includes('system') ?? false;
    const out: [number, number][] = [];
    if (keepSystem) out.push([0, 1]);
    if (start < e) out.push([start, e]);
    return out;
  };
  return { index, ranges };
}
