/**
 * prune-old-observations keeps its apply's output and fates per list (the last cut point per cut,
 * built at load for the defaults) and summarize-plan-steps allocates its output at its length
 * (issue 26's 100k / 20k rows): applies in any order of parameters on one loaded list, each
 * result changed by its caller afterwards, still give the reference apply (test/reference/).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Step } from '../lib/model/types';
import { parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { loadCounts } from '../lib/strategies/load-index';
import { pruneOldObservations } from '../lib/strategies/prune-old-observations';
import { summarizePlanSteps } from '../lib/strategies/summarize-plan-steps';
import type { StrategyResult } from '../lib/strategies/types';
import { longHistory } from '../bench/history';
import { stepsArb } from './arbitraries';
import { pruneOldObservations as referencePrune } from './reference/prune-old-observations';
import { summarizePlanSteps as referencePlan } from './reference/summarize-plan-steps';

const RUNS = Number(process.env.FC_RUNS ?? 100);

/** What a caller may do with a result: change its lists. */
function spoil(r: StrategyResult): void {
  (r.steps as Step[]).reverse().push(r.steps[0] as Step);
  (r.fates as unknown[]).fill({ kind: 'kept' }).pop();
}

const pruneParams = fc.record({
  keepLastN: fc.integer({ min: 0, max: 6 }),
  maxLength: fc.constantFrom(0, 7, 100),
  recordMaxLength: fc.option(fc.constantFrom(5, 500), { nil: undefined }),
});

describe('apply outputs kept per list', () => {
  it('prune-old-observations: a sequence of applies on one loaded list gives the reference', () => {
    fc.assert(
      fc.property(
        stepsArb(40),
        fc.array(pruneParams, { minLength: 1, maxLength: 5 }),
        (steps, raws) => {
          const ctx = createStrategyContext({ contextWindow: 2_000 });
          const list = structuredClone(steps);
          loadCounts(list, ctx.tokens);
          for (const raw of [{}, ...raws, {}]) {
            const p = parseParams(pruneOldObservations, raw);
            const fast = pruneOldObservations.apply({ steps: list }, p, ctx);
            expect(fast).toEqual(referencePrune.apply({ steps: list }, p as never, ctx));
            spoil(fast);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('summarize-plan-steps: applies on one loaded list give the reference', () => {
    const modes = fc.record({
      mode: fc.constantFrom('pressure', 'all-completed'),
      threshold: fc.constantFrom(0.1, 0.5, 0.8),
      compactTo: fc.constantFrom('summary', 'condensed', 'title'),
    });
    fc.assert(
      fc.property(stepsArb(40), fc.array(modes, { minLength: 1, maxLength: 4 }), (steps, raws) => {
        const ctx = createStrategyContext({ contextWindow: 2_000 });
        const list = structuredClone(steps);
        loadCounts(list, ctx.tokens);
        for (const raw of [{}, ...raws, {}]) {
          const p = parseParams(summarizePlanSteps, raw);
          const fast = summarizePlanSteps.apply({ steps: list }, p, ctx);
          expect(fast).toEqual(referencePlan.apply({ steps: list }, p as never, ctx));
          spoil(fast);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('on a real run, with default and other parameters', () => {
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    const list = structuredClone(longHistory(1_500));
    loadCounts(list, ctx.tokens);
    for (const raw of [{}, { keepLastN: 40 }, { keepLastN: 0, maxLength: 20 }, {}]) {
      const p = parseParams(pruneOldObservations, raw);
      const fast = pruneOldObservations.apply({ steps: list }, p, ctx);
      expect(fast).toEqual(referencePrune.apply({ steps: list }, p as never, ctx));
      spoil(fast);
    }
    for (const raw of [{}, { mode: 'all-completed' }, { compactTo: 'title' }, {}]) {
      const p = parseParams(summarizePlanSteps, raw);
      const fast = summarizePlanSteps.apply({ steps: list }, p, ctx);
      expect(fast).toEqual(referencePlan.apply({ steps: list }, p as never, ctx));
      expect(fast.inserted.length).toBeGreaterThan(0);
      spoil(fast);
    }
  });
});
