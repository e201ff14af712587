/**
 * The summarizing strategies' first apply on a loaded list (issue 26): what the load builds for
 * them (lib/strategies/load-index.ts `prepareIndexes`) is what the apply would have built, so an
 * apply after the load equals the previous implementation's (test/reference), on random histories
 * with the steps' ids and plans as generated, and on real runs laid end to end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Step } from '../lib/model/types';
import { parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { loadCounts } from '../lib/strategies/load-index';
import { smolagentsSummaryMode } from '../lib/strategies/smolagents-summary-mode';
import { summarizePlanSteps } from '../lib/strategies/summarize-plan-steps';
import { applyByRounds, summarizingWindow } from '../lib/strategies/summarizing-window';
import type { Strategy, StrategyContext, StrategyResult } from '../lib/strategies/types';
import { longHistory } from '../bench/history';
import { plannedStepsArb, stepsArb } from './arbitraries';
import { smolagentsSummaryMode as referenceSmolagents } from './reference/smolagents-summary-mode';
import { summarizePlanSteps as referencePlanSteps } from './reference/summarize-plan-steps';

const RUNS = Number(process.env.FC_RUNS ?? 100);

type Reference = (h: { steps: readonly Step[] }, p: never, ctx: StrategyContext) => StrategyResult;

/** Loaded (or not) in one context, applied there, against the reference in a fresh context. */
function agreesAfterLoad(
  strategy: Strategy<unknown>,
  reference: Reference,
  steps: readonly Step[],
  raw: Record<string, unknown>,
  contextWindow: number,
  load: boolean,
) {
  const ctx = createStrategyContext({ contextWindow });
  if (load) loadCounts(steps, ctx.tokens);
  const p = parseParams(strategy, raw);
  const fast = strategy.apply({ steps }, p, ctx);
  const slow = reference(
    { steps: structuredClone(steps) },
    p as never,
    createStrategyContext({ contextWindow }),
  );
  expect(fast).toEqual(slow);
  // Applied again on the same list, from what the first built.
  expect(strategy.apply({ steps }, p, ctx)).toEqual(slow);
}

/** Defaults most often (what the load prepares for), and the rest of the parameters. */
const planParams = fc.oneof(
  fc.constant({}),
  fc.record(
    {
      maxTokens: fc.integer({ min: 100, max: 5_000 }),
      threshold: fc.double({ min: 0.05, max: 1, noNaN: true }),
      mode: fc.constantFrom('pressure', 'all-completed', 'manual'),
      compactTo: fc.constantFrom('summary', 'condensed', 'title'),
      overrides: fc.dictionary(
        fc.constantFrom('1', '2', '3', 'p1', 'p2'),
        fc.constantFrom('full', 'summary', 'condensed', 'title'),
      ),
    },
    { requiredKeys: [] },
  ),
);

const windowParams = fc.oneof(
  fc.constant({}),
  fc.record(
    {
      triggerTokens: fc.integer({ min: 100, max: 4_000 }),
      preserveRecentMessages: fc.integer({ min: 0, max: 10 }),
      summaryRatio: fc.double({ min: 0.1, max: 0.8, noNaN: true }),
    },
    { requiredKeys: [] },
  ),
);

const cases: readonly [Strategy<unknown>, Reference, fc.Arbitrary<Record<string, unknown>>][] = [
  [
    smolagentsSummaryMode as Strategy<unknown>,
    referenceSmolagents.apply as Reference,
    fc.constant({}),
  ],
  [summarizePlanSteps as Strategy<unknown>, referencePlanSteps.apply as Reference, planParams],
  // The rounds run one list at a time, as Strands runs them: the definition the fast path follows.
  [summarizingWindow as Strategy<unknown>, applyByRounds as Reference, windowParams],
];

describe('the summarizing strategies after a load that prepared them', () => {
  for (const [strategy, reference, params] of cases) {
    it(`${strategy.id}: equal the reference, loaded or not`, () => {
      fc.assert(
        fc.property(
          fc.oneof(stepsArb(50), plannedStepsArb(30)),
          params,
          fc.integer({ min: 200, max: 6_000 }),
          fc.boolean(),
          (steps, raw, window, load) =>
            agreesAfterLoad(strategy, reference, steps, raw, window, load),
        ),
        { numRuns: RUNS },
      );
    });

    it(`${strategy.id}: on real runs, loaded`, () => {
      const steps = longHistory(2_000);
      agreesAfterLoad(strategy, reference, steps, {}, 128_000, true);
      agreesAfterLoad(strategy, reference, steps.slice(0, 700), {}, 8_000, true);
    });
  }
});

/** `steps` with actions that send nothing (no text, calls, observation or error) put in here and there. */
const withSilentSteps = fc
  .tuple(stepsArb(60), fc.array(fc.nat(), { maxLength: 8 }))
  .map(([steps, places]) => {
    const out: Step[] = [...steps];
    places.forEach((at, k) =>
      out.splice(at % (out.length + 1), 0, {
        kind: 'action',
        id: `silent-${k}`,
        stepNumber: 0,
        toolCalls: [],
        isFinal: false,
      }),
    );
    return out;
  });

describe('summarizing-window, its rounds computed once and taken as far as each limit asks', () => {
  it('equals the rounds run one list at a time, for limits applied one after another', () => {
    fc.assert(
      fc.property(
        fc.oneof(stepsArb(60), withSilentSteps),
        fc.array(fc.integer({ min: 50, max: 4_000 }), { minLength: 2, maxLength: 4 }),
        fc.boolean(),
        (steps, limits, load) => {
          const ctx = createStrategyContext({ contextWindow: 2_000 });
          if (load) loadCounts(steps, ctx.tokens);
          for (const triggerTokens of limits) {
            const p = parseParams(summarizingWindow, { triggerTokens });
            expect(summarizingWindow.apply({ steps }, p, ctx)).toEqual(
              applyByRounds({ steps }, p, createStrategyContext({ contextWindow: 2_000 })),
            );
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
