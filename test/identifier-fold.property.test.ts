/**
 * The lost-identifier fold (lib/compare/identifier-fold.ts), fed each call's context as the
 * simulation builds it, equals the definition (identifiers.ts `lostIdentifiers`) over every call,
 * each call's context built whole: for every strategy and every preset, under every trigger and
 * mode, on generated histories, windows of real tau-bench content and the bundled real runs; and on
 * a run long enough that the stateless run before every call takes the fast replay's path.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { longHistory } from '../bench/history';
import { compareStrategies } from '../lib/compare/compare';
import {
  COMMON,
  identifierShapes,
  PATTERNS,
  lostIdentifiers,
  patternMatches,
  textOf,
} from '../lib/compare/identifiers';
import { PRESETS } from '../lib/compare/presets';
import { modelCallIndices } from '../lib/model/steps';
import type { Step } from '../lib/model/types';
import { DEFAULT_RUN, TRIGGER_KINDS, type RunConfig } from '../lib/simulate/run-config';
import { simulatedContextAt } from '../lib/simulate/simulate';
import { EXACT_PREFIX_BUDGET } from '../lib/simulate/every-call';
import { getStrategy, parseParams, STRATEGIES } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import type { StrategyContext } from '../lib/strategies/types';
import type { StrategyChoice } from '../lib/compare/config';
import { stepsArb } from './arbitraries';
import { sampleRun } from './samples';

const RUNS = Number(process.env.FC_RUNS ?? 60);
const ctx = createStrategyContext({ model: 'gpt-4o' });
const small = createStrategyContext({ model: 'gpt-4o', contextWindow: 2_000 });

/** Every trigger kind, its threshold drawn from one number (steps, tokens or calls). */
const triggerArb: fc.Arbitrary<RunConfig['trigger']> = fc
  .tuple(fc.constantFrom(...TRIGGER_KINDS), fc.integer({ min: 0, max: 3_000 }), fc.boolean())
  .map(([kind, x, onOverflow]): RunConfig['trigger'] => {
    if (kind === 'step-count') return { kind, threshold: x % 13, onOverflow };
    if (kind === 'token-limit') return { kind, tokens: x, onOverflow };
    if (kind === 'every-k-calls') return { kind, k: 1 + (x % 4), onOverflow };
    return { kind, onOverflow };
  });
const runArb: fc.Arbitrary<RunConfig> = fc.oneof(
  fc.constant(DEFAULT_RUN),
  fc.record({
    mode: fc.constantFrom('in-place' as const, 'stateless' as const),
    trigger: triggerArb,
  }),
);

/** Real tau-bench content (ids, numbers, names): windows of it, renumbered as a run of their own. */
const real = longHistory(400);
const realWindowArb: fc.Arbitrary<Step[]> = fc
  .tuple(fc.nat({ max: real.length - 1 }), fc.integer({ min: 1, max: 70 }))
  .map(([from, length]) =>
    real.slice(from, from + length).map((s, i) => ({ ...s, id: `w${i}`, stepNumber: i })),
  );
const historyArb = fc.oneof(stepsArb(40), realWindowArb);

/** The definition: every call's context built whole (the engine stopped at that call), checked. */
function byDefinition(steps: readonly Step[], choice: StrategyChoice, c: StrategyContext) {
  const strategy = getStrategy(choice.strategyId);
  const params = parseParams(strategy, choice.params);
  const run = choice.run ?? DEFAULT_RUN;
  const contextAt = (k: number) => simulatedContextAt({ steps }, strategy, params, c, run, k);
  return lostIdentifiers(steps, contextAt, modelCallIndices(steps));
}

function expectFolded(steps: readonly Step[], choice: StrategyChoice, c: StrategyContext = ctx) {
  const cmp = compareStrategies({ steps }, [choice], c);
  const col = cmp.columns[0];
  expect(col?.error).toBeUndefined();
  expect(col?.lossCalls).toBe(cmp.totalCalls);
  expect(cmp.lossCalls).toBe(cmp.totalCalls);
  expect(col?.lost).toEqual(choice.strategyId === 'none' ? [] : byDefinition(steps, choice, c));
}

const choicesArb: fc.Arbitrary<StrategyChoice> = fc
  .tuple(fc.constantFrom(...STRATEGIES.map((s) => s.id)), runArb)
  .map(([strategyId, run]) => ({ strategyId, params: {}, run }));

describe('the identifier fold equals the definition at every call', () => {
  it('every strategy under every trigger and mode, on generated and real histories', () => {
    fc.assert(
      fc.property(historyArb, choicesArb, fc.boolean(), (steps, choice, tight) =>
        expectFolded(steps, choice, tight ? small : ctx),
      ),
      { numRuns: RUNS },
    );
  });

  it('every preset on windows of real runs', () => {
    fc.assert(
      fc.property(realWindowArb, fc.constantFrom(...PRESETS), fc.boolean(), (steps, p, tight) =>
        expectFolded(steps, p.choice, tight ? small : ctx),
      ),
      { numRuns: RUNS },
    );
  });

  for (const name of [
    'tau-bench-airline-task3.json',
    'mini-swe-agent-django__django-12143.traj.json',
  ])
    it(`every preset and strategy on ${name}`, () => {
      const { steps } = sampleRun(name);
      for (const p of PRESETS) expectFolded(steps, p.choice);
      for (const s of STRATEGIES) expectFolded(steps, { strategyId: s.id, params: {} });
      expect(
        compareStrategies({ steps }, [{ strategyId: 'keep-last-n-steps', params: { n: 2 } }], ctx)
          .columns[0]?.lost.length,
      ).toBeGreaterThan(0);
    });

  it('a long run whose stateless run before every call takes the fast replay, every call checked', () => {
    const steps = longHistory(800);
    const calls = modelCallIndices(steps);
    expect(calls.length * steps.length).toBeGreaterThan(EXACT_PREFIX_BUDGET);
    const defaults = PRESETS.filter((p) => p.choice.run === undefined);
    for (const p of defaults) {
      const strategy = getStrategy(p.choice.strategyId);
      if (!strategy.replayContexts) continue;
      const params = parseParams(strategy, p.choice.params);
      const contextAt = (k: number) =>
        strategy.apply({ steps: steps.slice(0, k) }, params, ctx).steps;
      const col = compareStrategies({ steps }, [p.choice], ctx).columns[0];
      expect(col?.lossCalls).toBe(calls.length);
      expect(col?.lost).toEqual(lostIdentifiers(steps, contextAt, calls));
    }
  });
});

describe('where a long run cannot hand over every context, the column says so', () => {
  it('falls back to calls spread over the run for that column only', () => {
    const steps = longHistory(1_200);
    const calls = modelCallIndices(steps);
    // Every built-in strategy hands its contexts over on such a run; one that could not (no
    // views, no replayed contexts: 1,200 applications would be needed, past the budget) falls back.
    const budget = getStrategy('token-budget');
    const views = vi.spyOn(budget, 'replayViews').mockReturnValue(undefined);
    const contexts = vi.spyOn(budget, 'replayContexts').mockReturnValue(undefined);
    const cmp = compareStrategies(
      { steps },
      [
        { strategyId: 'token-budget', params: { maxTokens: 20_000 } },
        PRESETS.find((p) => p.id === 'seed-001-threshold')?.choice as StrategyChoice,
      ],
      ctx,
    );
    const [trimmed, loop] = cmp.columns;
    expect(trimmed?.lossCalls).toBeLessThan(calls.length);
    expect(trimmed?.lossCalls).toBeGreaterThanOrEqual(20);
    expect(loop?.lossCalls).toBe(calls.length);
    expect(cmp.lossCalls).toBe(trimmed?.lossCalls);
    expect(cmp.totalCalls).toBe(calls.length);
    views.mockRestore();
    contexts.mockRestore();
    const exact = compareStrategies(
      { steps },
      [{ strategyId: 'token-budget', params: { maxTokens: 20_000 } }],
      ctx,
    );
    expect(exact.lossCalls).toBe(calls.length);
    expect(exact.columns[0]?.lost.length).toBeGreaterThanOrEqual(trimmed?.lost.length ?? 0);
  });
});

describe('identifierShapes drops pieces of longer identifiers as it did', () => {
  /** The previous rule: a match another match of the same text includes is a piece of it. */
  const pairwise = (text: string): string[] => {
    const all = [...patternMatches(text).keys()];
    return all.filter((id) => !all.some((other) => other !== id && other.includes(id)));
  };
  const pieces = ['/a/b.py', 'a/b.py', 'b.py', 'https://x.io/a/b.py', '"abc"', 'KA7I60', 'KA7I60X'];
  const texts = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom(...real.slice(0, 300).map(textOf)),
    fc
      .array(fc.constantFrom(...pieces, '12,345', '345', "'it is'", ' ', '\n'), { maxLength: 12 })
      .map((xs) => xs.join(' ')),
  );
  it('runs a pattern only on a text holding what it needs, finding what every pattern finds', () => {
    const everyPattern = (text: string) => {
      const found = new Map<string, string>();
      for (const [shape, re] of PATTERNS)
        for (const m of text.matchAll(re)) {
          const value = (m[1] ?? m[2] ?? m[3] ?? m[0]).trim();
          if (value.length >= 3 && !COMMON.test(value) && !found.has(value))
            found.set(value, shape);
        }
      return [...found];
    };
    fc.assert(
      fc.property(texts, (text) => {
        expect([...patternMatches(text)]).toEqual(everyPattern(text));
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('equals the pairwise rule on generated and real texts', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect([...identifierShapes(text).keys()]).toEqual(pairwise(text));
      }),
      { numRuns: RUNS * 10 },
    );
  });
});
