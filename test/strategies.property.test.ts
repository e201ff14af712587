/**
 * Invariants every strategy keeps, on generated histories (fast-check): the input is never mutated;
 * every original step has exactly one fate that agrees with the output; what the source says is
 * always preserved is preserved; pair-preserving strategies never split a tool call from its result;
 * budgets hold; fast replay equals applying the strategy before every call.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMessages } from '../lib/messages';
import type { ActionStep, Step } from '../lib/model/types';
import { contextsByDefinition } from '../lib/simulate/every-call';
import { DEFAULT_RUN } from '../lib/simulate/run-config';
import { simulate } from '../lib/simulate/simulate';
import { getStrategy, STRATEGIES } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { OBSERVATION_PLACEHOLDER } from '../lib/strategies/observation-masking';
import { compilePlaceholder } from '../lib/strategies/placeholder';
import { UnitIndex, type IndexScope } from '../lib/strategies/replay-kit';
import { buildResult } from '../lib/strategies/result';
import type { Strategy, StrategyResult } from '../lib/strategies/types';
import { stepsFromKeptUnits } from '../lib/strategies/units';
import { plannedStepsArb, stepsArb } from './arbitraries';

const RUNS = Number(process.env.FC_RUNS ?? 150);

const placeholderArb = fc.constantFrom(
  OBSERVATION_PLACEHOLDER,
  '[{chars} chars, {tokens} tokens omitted]',
  'gone',
);

/** Parameters small enough that every strategy actually cuts something on generated histories. */
const paramsArb: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  none: fc.constant({}),
  'keep-last-n-steps': fc.record({ n: fc.integer({ min: 1, max: 6 }) }),
  'prune-old-observations': fc.record({
    keepLastN: fc.integer({ min: 1, max: 3 }),
    maxLength: fc.integer({ min: 0, max: 60 }),
    placeholder: fc.option(fc.constantFrom('({lines} lines omitted)', '[{tokens} tokens]'), {
      nil: undefined,
    }),
  }),
  'trajectory-sliding-window': fc.record({
    maxSteps: fc.integer({ min: 1, max: 30 }),
    preserveFirst: fc.integer({ min: 0, max: 3 }),
    preserveLast: fc.integer({ min: 0, max: 10 }),
  }),
  // Not pair-preserving: at its bound (`len(self.steps) - 20`) the seed's scan can stop on a
  // tool_result whose tool_use it removes. System steps go when preserveSystemMessages is false.
  'session-trajectory-window': fc.record({
    maxSteps: fc.integer({ min: 0, max: 40 }),
    preserveSystemMessages: fc.boolean(),
  }),
  'strands-sliding-window': fc.record({
    windowSize: fc.integer({ min: 0, max: 20 }),
    shouldTruncateResults: fc.boolean(),
    overflowTokens: fc.integer({ min: 50, max: 4_000 }),
  }),
  'token-budget': fc
    .record({
      maxTokens: fc.integer({ min: 0, max: 3_000 }),
      strategy: fc.constantFrom('last', 'first'),
      includeSystem: fc.boolean(),
      allowPartial: fc.boolean(),
      startOn: fc.option(fc.subarray(['system', 'human', 'ai', 'tool'], { minLength: 1 }), {
        nil: undefined,
      }),
      endOn: fc.option(fc.subarray(['system', 'human', 'ai', 'tool'], { minLength: 1 }), {
        nil: undefined,
      }),
    })
    .map((p) => (p.strategy === 'first' ? { ...p, includeSystem: false, startOn: undefined } : p)),
  'clear-tool-uses': fc.record({
    triggerTokens: fc.integer({ min: 0, max: 2_000 }),
    keep: fc.integer({ min: 0, max: 3 }),
    clearAtLeast: fc.integer({ min: 0, max: 300 }),
    clearToolInputs: fc.boolean(),
    placeholder: fc.option(fc.constant('[cleared {chars} chars]'), { nil: undefined }),
  }),
  'observation-masking': fc.record({
    keepLast: fc.integer({ min: 0, max: 6 }),
    placeholder: placeholderArb,
    polling: fc.constantFrom(1, 1, 2, 3),
  }),
  'summarize-plan-steps': fc.record({
    maxTokens: fc.integer({ min: 100, max: 5_000 }),
    mode: fc.constantFrom('pressure', 'all-completed', 'manual'),
    compactTo: fc.constantFrom('summary', 'condensed', 'title'),
    overrides: fc.option(
      fc.dictionary(
        fc.constantFrom('1', '2', '3', 'p1', 'p2'),
        fc.constantFrom('full', 'summary', 'condensed', 'title'),
      ),
      { nil: undefined },
    ),
  }),
  'summarizing-window': fc.record({
    triggerTokens: fc.integer({ min: 100, max: 4_000 }),
    preserveRecentMessages: fc.integer({ min: 0, max: 10 }),
    summaryRatio: fc.double({ min: 0.1, max: 0.8, noNaN: true }),
  }),
  'smolagents-summary-mode': fc.constant({}),
  // One threshold and one way of keeping the newest steps (the schema refuses both at once).
  'compact-conversation': fc.oneof(
    fc.record({
      reserveTokens: fc.integer({ min: 0, max: 2_000 }),
      thresholdTokens: fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: undefined }),
      keepRecentTokens: fc.integer({ min: 0, max: 1_000 }),
      keepTaskTokens: fc.integer({ min: 0, max: 500 }),
    }),
    fc.record({
      thresholdShare: fc.double({ min: 0.01, max: 1, noNaN: true }),
      keepRecentShare: fc.double({ min: 0, max: 1, noNaN: true }),
      keepTaskTokens: fc.integer({ min: 0, max: 500 }),
    }),
  ),
  'condense-events': fc.integer({ min: 4, max: 60 }).chain((maxSize) =>
    fc.record({
      maxSize: fc.constant(maxSize),
      keepFirst: fc.integer({ min: 0, max: Math.floor(maxSize / 2) - 2 }),
    }),
  ),
};

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const PAIR_PRESERVING = new Set([
  'none',
  'condense-events',
  'keep-last-n-steps',
  'prune-old-observations',
  'trajectory-sliding-window',
  'strands-sliding-window',
  'clear-tool-uses',
  'observation-masking',
  'summarize-plan-steps',
  'summarizing-window',
  'smolagents-summary-mode',
]);
/** Seeds 000/001: system and task steps are never pruned. */
const KEEPS_TASKS = new Set([
  'none',
  'keep-last-n-steps',
  'prune-old-observations',
  'clear-tool-uses',
  'observation-masking',
  'smolagents-summary-mode',
]);
const KEEPS_SYSTEM = new Set([
  'none',
  'keep-last-n-steps',
  'prune-old-observations',
  'clear-tool-uses',
  'observation-masking',
  'strands-sliding-window',
  'summarizing-window',
  'compact-conversation',
]);

/** Every tool result answers an earlier call in the output, and every call is answered. */
function assertPairsWhole(steps: readonly Step[]) {
  const messages = toMessages(steps, 'openai');
  const open = new Set<string>();
  const answered = new Set<string>();
  for (const m of messages) {
    for (const c of m.tool_calls ?? []) open.add(c.id);
    if (m.role === 'tool') {
      expect(open.has(m.tool_call_id as string), `result ${m.tool_call_id} without its call`).toBe(
        true,
      );
      answered.add(m.tool_call_id as string);
    }
  }
  for (const id of open) expect(answered.has(id), `call ${id} without its result`).toBe(true);
}

function assertFatesAgree(input: readonly Step[], result: StrategyResult) {
  expect(result.fates).toHaveLength(input.length);
  const out = new Map(result.steps.map((s) => [s.id, s]));
  expect(out.size).toBe(result.steps.length);
  input.forEach((step, i) => {
    const fate = result.fates[i];
    switch (fate?.kind) {
      case 'kept':
        expect(out.get(step.id)).toBeDefined();
        break;
      case 'truncated':
        expect(out.get(step.id)).toBeDefined();
        expect(fate.after).not.toBe(fate.before);
        break;
      case 'removed':
        expect(out.has(step.id)).toBe(false);
        break;
      case 'summarized':
        expect(out.has(step.id)).toBe(false);
        expect(result.inserted.some((s) => s.id === fate.summaryId)).toBe(true);
        break;
      default:
        throw new Error('missing fate');
    }
  });
}

/** Histories for a strategy: plan-aligned ones too where plans matter. */
const historiesFor = (id: string) =>
  id === 'summarize-plan-steps' ? fc.oneof(stepsArb(30), plannedStepsArb(30)) : stepsArb(30);

describe.each(STRATEGIES.map((s) => [s.id, s] as const))('%s', (id, strategy) => {
  const s = strategy as unknown as Strategy<Record<string, unknown>>;
  it('never mutates its input, gives every step one consistent fate, and preserves what it promises', () => {
    fc.assert(
      fc.property(
        historiesFor(id),
        paramsArb[id] as fc.Arbitrary<Record<string, unknown>>,
        (steps, raw) => {
          const params = s.paramsSchema.parse(raw);
          const before = JSON.stringify(steps);
          const frozen = deepFreeze(steps);
          const ctx = createStrategyContext({ contextWindow: 2_000 });
          const result = s.apply({ steps: frozen }, params, ctx);
          expect(JSON.stringify(frozen)).toBe(before);
          assertFatesAgree(frozen, result);
          if (PAIR_PRESERVING.has(id)) assertPairsWhole(result.steps);
          // A summary stands for distinct original steps, each in one summary at most.
          const replaced = result.inserted.flatMap((x) => (x.kind === 'summary' ? x.replaces : []));
          expect(new Set(replaced).size).toBe(replaced.length);
          for (const r of replaced) expect(frozen.some((x) => x.id === r)).toBe(true);
          frozen.forEach((step, i) => {
            if (step.kind === 'task' && KEEPS_TASKS.has(id))
              expect(result.fates[i]?.kind).toBe('kept');
            if (step.kind === 'system-prompt' && KEEPS_SYSTEM.has(id))
              expect(result.fates[i]?.kind).toBe('kept');
          });
          const tokens = ctx.tokens.context(result.steps);
          // An empty request still costs the reply priming, which LangChain's counter never checks.
          if (id === 'token-budget' && toMessages(result.steps, 'openai').length > 0)
            expect(tokens).toBeLessThanOrEqual(params.maxTokens as number);
          // Upstream clears short results too (a 2-token result becomes `[cleared]`), so the bound is on
          // what changed, not on the total: every changed step now shows the placeholder.
          if (id === 'clear-tool-uses') {
            for (const f of result.fates)
              if (f.kind === 'truncated') expect(f.after).toContain('[cleared');
          }
          if (id === 'strands-sliding-window' && tokens > (params.overflowTokens as number)) {
            expect(result.notes.some((n) => n.startsWith('still over'))).toBe(true);
          }
          if (id === 'summarizing-window' && tokens > (params.triggerTokens as number)) {
            expect(result.notes.some((n) => /insufficient|unable/.test(n))).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  if (strategy.replayTokens) {
    it('replays fast exactly as applying the strategy before every call', () => {
      fc.assert(
        fc.property(
          historiesFor(id),
          paramsArb[id] as fc.Arbitrary<Record<string, unknown>>,
          (steps, raw) => {
            const params = s.paramsSchema.parse(raw);
            const ctx = createStrategyContext({ contextWindow: 2_000 });
            const fast = simulate({ steps }, s, params, ctx, DEFAULT_RUN, { contextsOnly: true });
            const naive = contextsByDefinition({ steps }, s, params, ctx);
            expect(fast).toEqual(naive);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});

describe('token-budget with an empty budget', () => {
  it('keeps nothing when nothing fits (LangChain keeps at least one message only if it fits)', () => {
    const ctx = createStrategyContext();
    const steps: Step[] = [{ kind: 'task', id: 't', stepNumber: 0, task: 'hello' }];
    const r = getStrategy('token-budget').apply(
      { steps },
      { maxTokens: 0, strategy: 'last', includeSystem: false, allowPartial: false },
      ctx,
    );
    expect(r.steps).toHaveLength(0);
    expect(r.fates[0]?.kind).toBe('removed');
  });
});

describe('UnitIndex.result', () => {
  it('equals building steps from the kept units and deriving fates, for any kept ranges', () => {
    const ctx = createStrategyContext();
    fc.assert(
      fc.property(
        stepsArb(25),
        fc.constantFrom('openai', 'strands') as fc.Arbitrary<'openai' | 'strands'>,
        fc.constantFrom('all', 'no-system') as fc.Arbitrary<IndexScope>,
        fc.array(fc.nat(), { maxLength: 6 }),
        (steps, dialect, scope, cuts) => {
          const index = UnitIndex.cached(steps, ctx.tokens, dialect, scope);
          const n = index.units.length;
          const points = [...new Set(cuts.map((c) => c % (n + 1)))].sort((a, b) => a - b);
          const ranges: [number, number][] = [];
          for (let i = 0; i + 1 < points.length; i += 2)
            ranges.push([points[i] as number, points[i + 1] as number]);
          const kept = new Set<number>();
          for (const [a, b] of ranges) for (let u = a; u < b; u++) kept.add(u);
          const expected = buildResult(
            steps,
            stepsFromKeptUnits(steps, index.units, kept, (s) =>
              scope === 'no-system' ? s.kind === 'system-prompt' : false,
            ),
            ['n'],
          );
          expect(index.result(ranges, ['n'])).toEqual(expected);
          expect(index.contextTokens(ranges, index.otherSums[steps.length])).toBe(
            ctx.tokens.context(expected.steps),
          );
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});

/** An action's observations in message order: its results in call order, then its observation. */
const observationsOf = (s: Step): string[] =>
  s.kind !== 'action'
    ? []
    : [
        ...s.toolCalls.flatMap((c) => (c.result === undefined ? [] : [c.result])),
        ...(s.observation ? [s.observation] : []),
      ];

/** The step without its observation texts: what observation masking must leave byte-identical. */
const withoutObservations = (s: Step) =>
  s.kind !== 'action'
    ? s
    : {
        ...s,
        toolCalls: s.toolCalls.map(({ result, ...c }) => ({
          ...c,
          hasResult: result !== undefined,
        })),
        observation: s.observation ? true : s.observation,
      };

describe('observation-masking (Lindenbauer et al. 2025)', () => {
  it('masks exactly the oldest max(0, observations - M) and leaves everything else byte-identical', () => {
    const s = getStrategy('observation-masking');
    fc.assert(
      fc.property(
        stepsArb(30),
        fc.integer({ min: 0, max: 8 }),
        placeholderArb,
        (steps, keepLast, placeholder) => {
          const before = JSON.stringify(steps);
          const frozen = deepFreeze(steps);
          const ctx = createStrategyContext();
          const result = s.apply({ steps: frozen }, { keepLast, placeholder, polling: 1 }, ctx);
          expect(JSON.stringify(frozen)).toBe(before);
          expect(result.steps).toHaveLength(frozen.length);
          const ph = compilePlaceholder(placeholder);
          const original = frozen.flatMap(observationsOf);
          const masked = Math.max(0, original.length - keepLast);
          const after = result.steps.flatMap(observationsOf);
          expect(after).toHaveLength(original.length);
          original.forEach((text, j) => {
            const expected =
              j < masked && !ph.isRendering(text) ? ph.render(text, ctx.tokens.counter) : text;
            expect(after[j]).toBe(expected);
          });
          result.steps.forEach((out, i) => {
            const step = frozen[i] as Step;
            if (observationsOf(out).join('\u0000') === observationsOf(step).join('\u0000'))
              expect(out).toBe(step);
            expect(withoutObservations(out)).toEqual(withoutObservations(step));
            if (out.kind === 'action') expect(out.error).toBe((step as ActionStep).error);
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
