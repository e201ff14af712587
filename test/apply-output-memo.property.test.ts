/**
 * prune-old-observations keeps its apply's output and fates per list (the last cut point per cut,
 * built at load for the defaults) and summarize-plan-steps allocates its output at its length
 * and shares each plan step's fate (issue 26's 100k / 20k rows): applies in any order of
 * parameters on one loaded list, each result changed by its caller afterwards, still give the
 * reference apply (test/reference/).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Step } from '../lib/model/types';
import { parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { loadCounts } from '../lib/strategies/load-index';
import { pruneOldObservations } from '../lib/strategies/prune-old-observations';
import { summarizePlanSteps } from '../lib/strategies/summarize-plan-steps';
import type { Strategy, StrategyContext, StrategyResult } from '../lib/strategies/types';
import { longHistory } from '../bench/history';
import { stepsArb } from './arbitraries';
import { pruneOldObservations as referencePrune } from './reference/prune-old-observations';
import { summarizePlanSteps as referencePlan } from './reference/summarize-plan-steps';

const RUNS = Number(process.env.FC_RUNS ?? 100);

/** A reference apply (test/reference/), its parameters already parsed. */
type Reference = (h: { steps: Step[] }, p: never, ctx: StrategyContext) => StrategyResult;

/** What a caller may do with a result: change its lists. */
function spoil(r: StrategyResult): void {
  (r.steps as Step[]).reverse().push(r.steps[0] as Step);
  (r.fates as unknown[]).fill({ kind: 'kept' }).pop();
}

/**
 * Each of `raws` (the defaults first and last) applied in turn to one loaded copy of `steps`,
 * against the reference; each result spoiled once compared. Returns the results' inserted counts.
 */
function inTurn(
  strategy: Strategy<unknown>,
  reference: Reference,
  steps: readonly Step[],
  raws: readonly Record<string, unknown>[],
  ctx: StrategyContext,
): number[] {
  const list = structuredClone(steps) as Step[];
  loadCounts(list, ctx.tokens);
  return [{}, ...raws, {}].map((raw) => {
    const p = parseParams(strategy, raw);
    const fast = strategy.apply({ steps: list }, p, ctx);
    expect(fast).toEqual(reference({ steps: list }, p as never, ctx));
    const inserted = fast.inserted.length;
    spoil(fast);
    return inserted;
  });
}

const prune = pruneOldObservations as Strategy<unknown>;
const plan = summarizePlanSteps as Strategy<unknown>;

const pruneParams = fc.record({
  keepLastN: fc.integer({ min: 0, max: 6 }),
  maxLength: fc.constantFrom(0, 7, 100),
  recordMaxLength: fc.option(fc.constantFrom(5, 500), { nil: undefined }),
});
const planParams = fc.record({
  mode: fc.constantFrom('pressure', 'all-completed'),
  threshold: fc.constantFrom(0.1, 0.5, 0.8),
  compactTo: fc.constantFrom('summary', 'condensed', 'title'),
});

describe('apply outputs kept per list', () => {
  it('prune-old-observations: a sequence of applies on one loaded list gives the reference', () => {
    fc.assert(
      fc.property(
        stepsArb(40),
        fc.array(pruneParams, { minLength: 1, maxLength: 5 }),
        (s, raws) => {
          inTurn(
            prune,
            referencePrune.apply,
            s,
            raws,
            createStrategyContext({ contextWindow: 2_000 }),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('summarize-plan-steps: applies on one loaded list give the reference', () => {
    fc.assert(
      fc.property(stepsArb(40), fc.array(planParams, { minLength: 1, maxLength: 4 }), (s, raws) => {
        inTurn(plan, referencePlan.apply, s, raws, createStrategyContext({ contextWindow: 2_000 }));
      }),
      { numRuns: RUNS },
    );
  });

  it('on a real run, with default and other parameters', () => {
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    const steps = longHistory(1_500);
    const pruneRaws = [{ keepLastN: 40 }, { keepLastN: 0, maxLength: 20 }];
    inTurn(prune, referencePrune.apply, steps, pruneRaws, ctx);
    const planRaws = [{ mode: 'all-completed' }, { compactTo: 'title' }];
    const inserted = inTurn(plan, referencePlan.apply, steps, planRaws, ctx);
    expect(Math.min(...inserted)).toBeGreaterThan(0);
  });
});
