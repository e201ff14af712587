/**
 * Issue 26's first applies of the strategies that drop or summarize whole steps (keep-last-n-steps,
 * compact-conversation, condense-events): keep-last-n-steps sets its fates in one pass where ids
 * are unique, and a load (`prepareIndexes`) builds the positions by id and the counts those applies
 * look up. Held equal to the previous applies (the fates by id from `buildResult`;
 * test/reference/) on histories whose ids repeat, whose step objects repeat, or neither, and
 * whether or not the list was loaded first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCritical } from '../lib/model/steps';
import type { Step } from '../lib/model/types';
import { parseParams } from '../lib/strategies';
import { compactConversation } from '../lib/strategies/compact-conversation';
import { condenseEvents } from '../lib/strategies/condense-events';
import { createStrategyContext } from '../lib/strategies/context';
import { keepLastNSteps } from '../lib/strategies/keep-last-n-steps';
import { loadCounts } from '../lib/strategies/load-index';
import { buildResult } from '../lib/strategies/result';
import type { HistoryLike, Strategy, StrategyResult } from '../lib/strategies/types';
import { longHistory } from '../bench/history';
import { stepsArb } from './arbitraries';
import { compactConversation as referenceCompact } from './reference/compact-conversation';
import { condenseEvents as referenceCondense } from './reference/condense-events';

const RUNS = Number(process.env.FC_RUNS ?? 150);

/** keep-last-n-steps before issue 26's one pass: the kept steps, their fates found by id. */
function referenceKeepLast(history: HistoryLike, p: { n: number }): StrategyResult {
  const steps = history.steps;
  const others = steps.filter((s) => !isCritical(s)).length;
  let seen = 0;
  const output = steps.filter((s) => isCritical(s) || ++seen > others - p.n);
  return buildResult(steps, output, [
    `kept the last ${Math.min(p.n, others)} of ${others} non-critical steps`,
  ]);
}

/**
 * Generated histories, some with ids drawn from a few (so steps share them, a kept one's id
 * perhaps a dropped one's or a summary's), some with a step object listed again.
 */
const historyArb = fc
  .tuple(
    stepsArb(50),
    fc.constantFrom('unique', 'shared ids', 'repeated objects', 'summary ids'),
    fc.integer({ min: 1, max: 6 }),
    fc.array(fc.nat(), { maxLength: 4 }),
  )
  .map(([steps, how, pool, picks]): Step[] => {
    if (how === 'shared ids') return steps.map((s, i) => ({ ...s, id: `s${i % pool}` }));
    if (how === 'summary ids')
      return steps.map((s, i) =>
        i % pool === 0 ? { ...s, id: i % 2 ? 'compact-summary' : `condensation@s${i + 3}` } : s,
      );
    if (how === 'repeated objects' && steps.length > 0) {
      const out = [...steps];
      for (const k of picks) out.splice(k % (out.length + 1), 0, steps[k % steps.length] as Step);
      return out;
    }
    return steps;
  });

/** Small windows too, so a context's tokens decide (condense-events forgets down to half of it). */
const windowArb = fc.oneof(fc.constant(2_000), fc.integer({ min: 50, max: 1_500 }));

/** The strategy's apply equals the reference's, on the list as given and on a loaded copy. */
function agreesLoadedOrNot<P>(
  strategy: Strategy<P>,
  reference: (h: HistoryLike, p: P, ctx: ReturnType<typeof createStrategyContext>) => unknown,
  params: fc.Arbitrary<Record<string, unknown>>,
) {
  fc.assert(
    fc.property(historyArb, params, fc.boolean(), windowArb, (steps, raw, load, window) => {
      const ctx = createStrategyContext({ contextWindow: window });
      const p = parseParams(strategy, raw);
      if (load) loadCounts(steps, ctx.tokens);
      expect(strategy.apply({ steps }, p, ctx)).toEqual(reference({ steps }, p, ctx));
    }),
    { numRuns: RUNS },
  );
}

describe('strategies dropping whole steps, on loaded lists and ids that repeat', () => {
  it('keep-last-n-steps sets the fates finding by id would', () => {
    agreesLoadedOrNot(
      keepLastNSteps,
      referenceKeepLast,
      fc.record({ n: fc.integer({ min: 0, max: 12 }) }),
    );
  });

  it('compact-conversation and condense-events equal their previous applies', () => {
    agreesLoadedOrNot(
      compactConversation,
      referenceCompact.apply,
      fc.record({
        reserveTokens: fc.integer({ min: 0, max: 2_000 }),
        keepRecentTokens: fc.integer({ min: 0, max: 1_000 }),
        keepTaskTokens: fc.constantFrom(0, 0, 100, 500),
      }),
    );
    agreesLoadedOrNot(
      condenseEvents,
      referenceCondense.apply,
      fc.constantFrom(4, 10, 60, 100_000).chain((maxSize) =>
        fc.record({
          maxSize: fc.constant(maxSize),
          keepFirst: fc.integer({ min: 0, max: Math.floor(maxSize / 2) - 2 }),
        }),
      ),
    );
  });

  it('condense-events forgets to exactly half the window where a step boundary meets it', () => {
    fc.assert(
      fc.property(stepsArb(50), fc.nat(), fc.boolean(), (steps, pick, load) => {
        const counts = createStrategyContext({}).tokens;
        const tokens = counts.context(steps);
        // The window whose half is what is left once the first k steps are forgotten.
        const k = 1 + (pick % Math.max(1, steps.length - 1));
        let removed = 0;
        for (let i = 0; i < k; i++) removed += counts.step(steps[i] as Step);
        // The k-th step has tokens: else forgetting k - 1 steps already leaves half the window.
        fc.pre(k < steps.length && 2 * removed > tokens && counts.step(steps[k - 1] as Step) > 0);
        const ctx = createStrategyContext({ contextWindow: 2 * (tokens - removed) });
        if (load) loadCounts(steps, ctx.tokens);
        const p = parseParams(condenseEvents, { maxSize: 100_000, keepFirst: 0 });
        const fast = condenseEvents.apply({ steps }, p, ctx);
        expect(fast).toEqual(referenceCondense.apply({ steps }, p, ctx));
        expect(fast.steps.length).toBe(steps.length - k + 1);
      }),
      { numRuns: RUNS },
    );
  });

  it('on a loaded real run of 3,000 steps, at the defaults', () => {
    const steps = longHistory(2_500).slice(0, 3_000);
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    loadCounts(steps, ctx.tokens);
    const keep = keepLastNSteps.apply({ steps }, parseParams(keepLastNSteps, {}), ctx);
    expect(keep).toEqual(referenceKeepLast({ steps }, { n: 5 }));
    // The run drops steps (its tasks are kept, five other steps, the rest removed).
    expect(keep.fates.filter((f) => f.kind === 'removed').length).toBeGreaterThan(1_000);
    const condensed = condenseEvents.apply({ steps }, parseParams(condenseEvents, {}), ctx);
    expect(condensed).toEqual(
      referenceCondense.apply({ steps }, parseParams(condenseEvents, {}), ctx),
    );
    expect(condensed.inserted.length).toBe(1);
    const compacted = compactConversation.apply(
      { steps },
      parseParams(compactConversation, { thresholdTokens: 50_000 }),
      ctx,
    );
    expect(compacted).toEqual(
      referenceCompact.apply(
        { steps },
        parseParams(compactConversation, { thresholdTokens: 50_000 }),
        ctx,
      ),
    );
    expect(compacted.inserted.length).toBe(1);
  });
});
