/**
 * The placeholder strategies' default variants built at load (lib/strategies/load-index.ts
 * `prepareIndexes`: clear-tool-uses, observation-masking, prune-old-observations) are the ones
 * their first apply would have built: an apply on a loaded list equals the reference apply
 * (test/reference/), on real runs and on generated histories, and so does an apply with other
 * parameters on the same loaded list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Step } from '../lib/model/types';
import { parseParams } from '../lib/strategies';
import { clearToolUses } from '../lib/strategies/clear-tool-uses';
import { createStrategyContext } from '../lib/strategies/context';
import { loadCounts } from '../lib/strategies/load-index';
import { observationMasking } from '../lib/strategies/observation-masking';
import { pruneOldObservations } from '../lib/strategies/prune-old-observations';
import type {
  HistoryLike,
  Strategy,
  StrategyContext,
  StrategyResult,
} from '../lib/strategies/types';
import { longHistory } from '../bench/history';
import { stepsArb } from './arbitraries';
import { clearToolUses as referenceClear } from './reference/clear-tool-uses';
import { observationMasking as referenceMasking } from './reference/observation-masking';
import { pruneOldObservations as referencePrune } from './reference/prune-old-observations';

const RUNS = Number(process.env.FC_RUNS ?? 100);

type Reference = (h: HistoryLike, p: never, ctx: StrategyContext) => StrategyResult;
const PAIRS: readonly (readonly [Strategy<unknown>, Reference, Record<string, unknown>])[] = [
  [clearToolUses as Strategy<unknown>, referenceClear.apply, { triggerTokens: 500, keep: 2 }],
  [observationMasking as Strategy<unknown>, referenceMasking.apply, { keepLast: 1, polling: 3 }],
  [pruneOldObservations as Strategy<unknown>, referencePrune.apply, { keepLastN: 1, maxLength: 7 }],
];

/** A fresh copy of `steps` loaded as the worker loads a file (every strategy's preparation). */
function loaded(steps: readonly Step[], ctx: StrategyContext): Step[] {
  const fresh = structuredClone(steps) as Step[];
  loadCounts(fresh, ctx.tokens);
  return fresh;
}

describe('default variants built at load', () => {
  it('give the reference apply on real runs, with default and other parameters', () => {
    const steps = longHistory(1_500);
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    for (const [strategy, reference, other] of PAIRS) {
      for (const raw of [{}, other]) {
        const list = loaded(steps, ctx);
        const p = parseParams(strategy, raw);
        const fast = strategy.apply({ steps: list }, p, ctx);
        expect(fast).toEqual(reference({ steps: list }, p as never, ctx));
        // The run is long enough for every default to act (clear_tool_uses' trigger is 100k).
        expect(fast.fates.some((f) => f.kind === 'truncated')).toBe(true);
      }
      // On one loaded list, other parameters between two default applies: a result kept from an
      // apply is given back only to an apply of the same cut.
      const list = loaded(steps, ctx);
      for (const raw of [{}, other, {}, other]) {
        const p = parseParams(strategy, raw);
        expect(strategy.apply({ steps: list }, p, ctx)).toEqual(
          reference({ steps: list }, p as never, ctx),
        );
      }
    }
  });

  it('give the reference apply on generated histories', () => {
    fc.assert(
      fc.property(stepsArb(60), fc.constantFrom(...PAIRS), fc.boolean(), (steps, pair, other) => {
        const [strategy, reference, raw] = pair;
        const ctx = createStrategyContext({ contextWindow: 2_000 });
        const list = loaded(steps, ctx);
        const p = parseParams(strategy, other ? raw : {});
        expect(strategy.apply({ steps: list }, p, ctx)).toEqual(
          reference({ steps: list }, p as never, ctx),
        );
      }),
      { numRuns: RUNS },
    );
  });
});
