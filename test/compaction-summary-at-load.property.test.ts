/**
 * compact-conversation's and condense-events' summaries built at load (issue 26:
 * `prepareCompact`, `prepareCondense`, run by lib/strategies/load-index.ts `prepareIndexes`) are
 * what their applies would have built: an apply on a prepared list equals the previous apply
 * (test/reference), with the parameters the preparation was for and with others, on generated
 * histories and windows and on real runs laid end to end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Step } from '../lib/model/types';
import { parseParams } from '../lib/strategies';
import { compactConversation, prepareCompact } from '../lib/strategies/compact-conversation';
import { condenseEvents, prepareCondense } from '../lib/strategies/condense-events';
import { createStrategyContext } from '../lib/strategies/context';
import { loadCounts } from '../lib/strategies/load-index';
import { prefixSummary } from '../lib/strategies/prefix-summaries';
import { extractiveSummarizer } from '../lib/strategies/summarizer';
import type { Strategy } from '../lib/strategies/types';
import type { StepTokens } from '../lib/tokens/step-tokens';
import { longHistory } from '../bench/history';
import { stepsArb } from './arbitraries';
import { compactConversation as referenceCompact } from './reference/compact-conversation';
import { condenseEvents as referenceCondense } from './reference/condense-events';

const RUNS = Number(process.env.FC_RUNS ?? 150);

const windowArb = fc.oneof(fc.constant(2_000), fc.integer({ min: 50, max: 1_500 }));

/** The condenser's parameters, small enough for generated histories to pass `maxSize`. */
const condenseParams = fc.constantFrom(4, 10, 60).chain((maxSize) =>
  fc.record({
    maxSize: fc.constant(maxSize),
    keepFirst: fc.integer({ min: 0, max: Math.floor(maxSize / 2) - 2 }),
  }),
);

/** How many steps `prefixSummary` reads to give the summary up to `end` (none: it was built). */
function read(steps: readonly Step[], kind: string, end: number): number {
  let n = 0;
  prefixSummary(steps, extractiveSummarizer, kind, () => n++ >= 0, end);
  return n;
}

/**
 * On a loaded list, prepared by `prepare`, the strategy's apply (twice: the second from what the
 * first built) equals the reference's in a fresh context.
 */
function agreesPrepared<P>(
  strategy: Strategy<P>,
  reference: Strategy<P>['apply'],
  steps: Step[],
  window: number,
  p: P,
  prepare: (steps: Step[], tokens: StepTokens) => void,
) {
  const ctx = createStrategyContext({ contextWindow: window });
  loadCounts(steps, ctx.tokens);
  prepare(steps, ctx.tokens);
  const expected = reference(
    { steps: structuredClone(steps) },
    p,
    createStrategyContext({ contextWindow: window }),
  );
  expect(strategy.apply({ steps }, p, ctx)).toEqual(expected);
  expect(strategy.apply({ steps }, p, ctx)).toEqual(expected);
}

describe("compact-conversation's summary built at load", () => {
  it('gives the previous apply, with the defaults and other parameters, on generated histories', () => {
    const raws = fc.oneof(
      fc.constant({}),
      fc.record({
        reserveTokens: fc.integer({ min: 0, max: 2_000 }),
        keepRecentTokens: fc.integer({ min: 0, max: 1_000 }),
      }),
    );
    fc.assert(
      fc.property(stepsArb(50), windowArb, raws, (steps, window, raw) =>
        agreesPrepared(
          compactConversation,
          referenceCompact.apply,
          steps,
          window,
          parseParams(compactConversation, raw),
          (list, tokens) => prepareCompact(list, tokens, 0),
        ),
      ),
      { numRuns: RUNS },
    );
  });
});

describe("condense-events' summary built at load", () => {
  it('gives the previous apply, with the parameters prepared for and others, on generated histories', () => {
    fc.assert(
      fc.property(
        stepsArb(50),
        windowArb,
        condenseParams,
        fc.option(condenseParams),
        (steps, window, prepareFor, other) =>
          agreesPrepared(
            condenseEvents,
            referenceCondense.apply,
            steps,
            window,
            parseParams(condenseEvents, other ?? prepareFor),
            (list, tokens) =>
              prepareCondense(list, tokens, parseParams(condenseEvents, prepareFor)),
          ),
      ),
      { numRuns: RUNS },
    );
  });
});

describe('on a loaded real run of 3,000 steps, at the defaults', () => {
  const steps = longHistory(2_500).slice(0, 3_000);

  it('compact-conversation reuses the summary prepared and equals the previous apply', () => {
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    const list = structuredClone(steps);
    loadCounts(list, ctx.tokens);
    // The run's context is below the largest window's threshold: the load leaves it, asked for it
    // here; the apply compacts past 50,000 tokens.
    expect(read(list, 'non-system', list.length)).toBe(list.length);
    const fresh = structuredClone(steps);
    loadCounts(fresh, ctx.tokens);
    prepareCompact(fresh, ctx.tokens, 0);
    expect(read(fresh, 'non-system', fresh.length)).toBe(0);
    const p = parseParams(compactConversation, { thresholdTokens: 50_000 });
    const fast = compactConversation.apply({ steps: fresh }, p, ctx);
    expect(fast).toEqual(referenceCompact.apply({ steps: structuredClone(steps) }, p, ctx));
    expect(fast.inserted.length).toBe(1);
  });

  it('condense-events reuses the summary prepared at load and equals the previous apply', () => {
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    const list = structuredClone(steps);
    loadCounts(list, ctx.tokens);
    const p = parseParams(condenseEvents, {});
    const fast = condenseEvents.apply({ steps: list }, p, ctx);
    expect(fast).toEqual(referenceCondense.apply({ steps: structuredClone(steps) }, p, ctx));
    expect(fast.inserted.length).toBe(1);
    // On another loaded copy, the summary from keep_first's two events (the system prompt and the
    // first task) on was read at load up to the event count's span end: only the tail is left.
    const other = structuredClone(steps);
    loadCounts(other, ctx.tokens);
    expect(other.slice(0, 2).map((s) => s.kind)).toEqual(['system-prompt', 'task']);
    const left = read(other, 'from:2', other.length);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(200);
  });
});
