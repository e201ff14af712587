/**
 * The fast paths of issue 26 (one apply on 100k steps ≤ 50 ms) against the implementations they
 * replaced, kept verbatim under test/reference/ as the spec: same steps, fates, inserted steps and
 * notes, on generated histories (fast-check) and on real runs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../lib/messages/types';
import type { Step } from '../lib/model/types';
import { createStepTokens } from '../lib/tokens/step-tokens';
import type { TokenizerId } from '../lib/tokens/tokenizer';
import { summaryTokens } from '../lib/strategies/prefix-summaries';
import { contextsByDefinition } from '../lib/simulate/every-call';
import { DEFAULT_RUN } from '../lib/simulate/run-config';
import { simulate } from '../lib/simulate/simulate';
import { parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { createExtractiveAccumulator, summarizeExtractively } from '../lib/strategies/summarizer';
import { clearToolUses } from '../lib/strategies/clear-tool-uses';
import { observationMasking } from '../lib/strategies/observation-masking';
import { pruneOldObservations } from '../lib/strategies/prune-old-observations';
import { smolagentsSummaryMode } from '../lib/strategies/smolagents-summary-mode';
import { compactConversation } from '../lib/strategies/compact-conversation';
import { condenseEvents } from '../lib/strategies/condense-events';
import { summarizePlanSteps } from '../lib/strategies/summarize-plan-steps';
import { applyByRounds, summarizingWindow } from '../lib/strategies/summarizing-window';
import type {
  HistoryLike,
  Strategy,
  StrategyContext,
  StrategyResult,
} from '../lib/strategies/types';
import * as referenceSummarizer from './reference/summarizer';
import { summarizePlanSteps as referencePlanSteps } from './reference/summarize-plan-steps';
import { clearToolUses as referenceClear } from './reference/clear-tool-uses';
import { observationMasking as referenceMasking } from './reference/observation-masking';
import { pruneOldObservations as referencePrune } from './reference/prune-old-observations';
import { smolagentsSummaryMode as referenceSmolagents } from './reference/smolagents-summary-mode';
import { compactConversation as referenceCompact } from './reference/compact-conversation';
import { condenseEvents as referenceCondense } from './reference/condense-events';
import { plannedStepsArb, stepsArb } from './arbitraries';
import { longHistory } from '../bench/history';

const RUNS = Number(process.env.FC_RUNS ?? 150);

describe('the extractive summarizer, writing its lines only when kept', () => {
  it('writes the same summary, and the same text after every step added', () => {
    fc.assert(
      fc.property(stepsArb(60), (steps) => {
        expect(summarizeExtractively(steps)).toBe(referenceSummarizer.summarizeExtractively(steps));
        const fast = createExtractiveAccumulator();
        const ref = referenceSummarizer.createExtractiveAccumulator();
        for (const s of steps) {
          fast.add(s);
          ref.add(s);
          expect(fast.text()).toBe(ref.text());
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('clips long texts as before, whitespace runs and surrogate pairs at any place', () => {
    const piece = fc.constantFrom('word', ' ', '\n\n', '\t ', '🎉', 'é', '   ', 'x'.repeat(37));
    const long = fc.array(piece, { minLength: 100, maxLength: 400 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(long, { minLength: 1, maxLength: 4 }), (texts) => {
        const steps: Step[] = texts.flatMap((t, i): Step[] => [
          { kind: 'task', id: `t${i}`, stepNumber: i, task: t },
          {
            kind: 'action',
            id: `a${i}`,
            stepNumber: i,
            toolCalls: [{ id: `c${i}`, name: 'bash', arguments: {}, result: t }],
            isFinal: false,
            error: t,
          },
        ]);
        expect(summarizeExtractively(steps)).toBe(referenceSummarizer.summarizeExtractively(steps));
      }),
      { numRuns: RUNS },
    );
  });

  it('on a real run of 3,000 steps', () => {
    const steps = longHistory(2_000).slice(0, 3_000);
    expect(summarizeExtractively(steps)).toBe(referenceSummarizer.summarizeExtractively(steps));
  });
});

const ctxOf = (contextWindow = 2_000) => createStrategyContext({ contextWindow });

/** A strategy's apply against its reference, on generated histories with generated parameters. */
function agrees<P>(
  strategy: Strategy<P>,
  reference: (h: HistoryLike, p: P, ctx: StrategyContext) => StrategyResult,
  params: fc.Arbitrary<Record<string, unknown>>,
  steps: fc.Arbitrary<Step[]> = stepsArb(60),
) {
  fc.assert(
    fc.property(steps, params, (history, raw) => {
      const ctx = ctxOf();
      const p = parseParams(strategy, raw);
      expect(strategy.apply({ steps: history }, p, ctx)).toEqual(
        reference({ steps: history }, p, ctx),
      );
    }),
    { numRuns: RUNS },
  );
}

/** The same on real runs laid end to end (bench/history.ts), each parameter set given. */
function agreesOnReal<P>(
  strategy: Strategy<P>,
  reference: (h: HistoryLike, p: P, ctx: StrategyContext) => StrategyResult,
  paramSets: readonly Record<string, unknown>[],
) {
  const steps = longHistory(1_500);
  const ctx = createStrategyContext({ model: 'gpt-4o' });
  for (const raw of paramSets) {
    const p = parseParams(strategy, raw);
    const fast = strategy.apply({ steps }, p, ctx);
    expect(fast).toEqual(reference({ steps }, p, ctx));
    // Each set either acts or says why not.
    expect(fast.notes.length > 0 || fast.fates.some((f) => f.kind !== 'kept')).toBe(true);
  }
}

describe('summarizing-window, its rounds on the unit index', () => {
  it('equals running the rounds on the lists they leave', () => {
    agrees(
      summarizingWindow,
      applyByRounds,
      fc.record({
        triggerTokens: fc.integer({ min: 100, max: 4_000 }),
        preserveRecentMessages: fc.integer({ min: 0, max: 10 }),
        summaryRatio: fc.double({ min: 0.1, max: 0.8, noNaN: true }),
      }),
    );
  });

  it('on real runs', () => {
    agreesOnReal(summarizingWindow, applyByRounds, [
      {},
      { triggerTokens: 20_000 },
      { triggerTokens: 5_000, summaryRatio: 0.8, preserveRecentMessages: 0 },
      { triggerTokens: 300_000, summaryRatio: 0.1 },
    ]);
  });
});

describe('summarize-plan-steps, its plan made once per step list', () => {
  const params = fc.record({
    maxTokens: fc.integer({ min: 100, max: 5_000 }),
    threshold: fc.double({ min: 0.05, max: 1, noNaN: true }),
    mode: fc.constantFrom('pressure', 'all-completed', 'manual'),
    compactTo: fc.constantFrom('summary', 'condensed', 'title'),
    overrides: fc.option(
      fc.dictionary(
        fc.constantFrom('1', '2', '3', 'p1', 'p2'),
        fc.constantFrom('full', 'summary', 'condensed', 'title'),
      ),
      { nil: undefined },
    ),
  });
  it('equals the previous apply, on plain and planned histories', () => {
    agrees(summarizePlanSteps, referencePlanSteps.apply, params);
    agrees(summarizePlanSteps, referencePlanSteps.apply, params, plannedStepsArb(40));
  });

  it('applied twice to the same list, and on real runs', () => {
    fc.assert(
      fc.property(plannedStepsArb(30), params, (steps, raw) => {
        const ctx = ctxOf();
        const p = parseParams(summarizePlanSteps, raw);
        const first = summarizePlanSteps.apply({ steps }, p, ctx);
        expect(summarizePlanSteps.apply({ steps }, p, ctx)).toEqual(first);
      }),
      { numRuns: 50 },
    );
    agreesOnReal(summarizePlanSteps, referencePlanSteps.apply, [
      {},
      { maxTokens: 20_000 },
      { mode: 'all-completed', compactTo: 'condensed' },
      { maxTokens: 50_000, compactTo: 'title', overrides: { '2': 'full', '3': 'summary' } },
    ]);
  });
});

describe('clear-tool-uses, its cleared steps made once per list', () => {
  const params = fc.record({
    triggerTokens: fc.integer({ min: 0, max: 2_000 }),
    keep: fc.integer({ min: 0, max: 5 }),
    clearAtLeast: fc.integer({ min: 0, max: 300 }),
    clearToolInputs: fc.boolean(),
    excludeTools: fc.subarray(['search', 'read_file']),
    placeholder: fc.option(fc.constantFrom('[cleared {chars} chars]', '[{tokens} tokens]'), {
      nil: undefined,
    }),
  });
  it('equals the previous apply, and again on the same list', () => {
    agrees(clearToolUses, referenceClear.apply, params);
    fc.assert(
      fc.property(stepsArb(40), params, (steps, raw) => {
        const ctx = ctxOf();
        const p = parseParams(clearToolUses, raw);
        clearToolUses.apply({ steps }, p, ctx);
        expect(clearToolUses.apply({ steps }, p, ctx)).toEqual(
          referenceClear.apply({ steps }, p, ctx),
        );
      }),
      { numRuns: 50 },
    );
  });

  it('on real runs', () => {
    agreesOnReal(clearToolUses, referenceClear.apply, [
      {},
      { triggerTokens: 0, keep: 0 },
      { triggerTokens: 1_000, keep: 7, clearToolInputs: true, excludeTools: ['get_user_details'] },
      { triggerTokens: 1_000, clearAtLeast: 10_000_000 },
    ]);
  });
});

describe('compact-conversation and condense-events, their summaries built once per span', () => {
  const compactParams = fc.oneof(
    fc.record({
      reserveTokens: fc.integer({ min: 0, max: 2_000 }),
      thresholdTokens: fc.option(fc.integer({ min: 0, max: 3_000 }), { nil: undefined }),
      keepRecentTokens: fc.integer({ min: 0, max: 1_000 }),
      keepTaskTokens: fc.constantFrom(0, 0, 100, 500),
    }),
    fc.record({
      thresholdShare: fc.double({ min: 0.01, max: 1, noNaN: true }),
      keepRecentShare: fc.double({ min: 0, max: 1, noNaN: true }),
      keepTaskTokens: fc.constantFrom(0, 0, 100, 500),
    }),
  );
  const condenseParams = fc.integer({ min: 4, max: 60 }).chain((maxSize) =>
    fc.record({
      maxSize: fc.constant(maxSize),
      keepFirst: fc.integer({ min: 0, max: Math.floor(maxSize / 2) - 2 }),
    }),
  );

  it('equal the previous applies, and again on the same list', () => {
    agrees(compactConversation, referenceCompact.apply, compactParams);
    agrees(condenseEvents, referenceCondense.apply, condenseParams);
    fc.assert(
      fc.property(stepsArb(40), compactParams, condenseParams, (steps, c, e) => {
        const ctx = ctxOf();
        const pc = parseParams(compactConversation, c);
        const pe = parseParams(condenseEvents, e);
        compactConversation.apply({ steps }, pc, ctx);
        condenseEvents.apply({ steps }, pe, ctx);
        expect(compactConversation.apply({ steps }, pc, ctx)).toEqual(
          referenceCompact.apply({ steps }, pc, ctx),
        );
        expect(condenseEvents.apply({ steps }, pe, ctx)).toEqual(
          referenceCondense.apply({ steps }, pe, ctx),
        );
      }),
      { numRuns: 50 },
    );
  });

  it('on real runs', () => {
    agreesOnReal(compactConversation, referenceCompact.apply, [
      {},
      { thresholdTokens: 10_000, keepRecentTokens: 20_000 },
      { thresholdShare: 0.5, keepRecentShare: 0.3 },
      { thresholdTokens: 10_000, keepTaskTokens: 2_000 },
    ]);
    agreesOnReal(condenseEvents, referenceCondense.apply, [
      {},
      { maxSize: 40, keepFirst: 4 },
      { maxSize: 100_000 },
    ]);
  });
});

describe('compact-conversation and condense-events replay fast', () => {
  it('exactly as applying it before every call, on real runs', () => {
    const steps = longHistory(250);
    const ctx = createStrategyContext({ contextWindow: 8_000 });
    for (const raw of [
      {},
      { thresholdTokens: 3_000 },
      { thresholdTokens: 3_000, keepRecentTokens: 1_000 },
      { thresholdShare: 0.4, keepRecentShare: 0.3 },
      { reserveTokens: 6_000, keepRecentShare: 1 },
    ]) {
      const p = parseParams(compactConversation, raw);
      expect(compactConversation.replayTokens?.({ steps }, [1], p, ctx)).toBeDefined();
      expect(
        simulate({ steps }, compactConversation, p, ctx, DEFAULT_RUN, { contextsOnly: true }),
      ).toEqual(contextsByDefinition({ steps }, compactConversation, p, ctx));
    }
  });

  it('condense-events too', () => {
    const steps = longHistory(250);
    const ctx = createStrategyContext({ contextWindow: 8_000 });
    for (const raw of [
      {},
      { maxSize: 40, keepFirst: 4 },
      { maxSize: 100_000 },
      { maxSize: 7, keepFirst: 0 },
    ]) {
      const p = parseParams(condenseEvents, raw);
      expect(condenseEvents.replayTokens?.({ steps }, [1], p, ctx)).toBeDefined();
      expect(
        simulate({ steps }, condenseEvents, p, ctx, DEFAULT_RUN, { contextsOnly: true }),
      ).toEqual(contextsByDefinition({ steps }, condenseEvents, p, ctx));
    }
  });
});

describe('a summary counted line by line', () => {
  it('has the tokens of the whole text, in either BPE tokenizer and dialect', () => {
    const line = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        '* Task: book a flight',
        '/path/to',
        '  indented',
        '',
        '## Tools',
        '🎉 x',
        ' ',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.constantFrom('o200k_base', 'cl100k_base', 'heuristic') as fc.Arbitrary<TokenizerId>,
        fc.constantFrom(
          'recorded',
          'anthropic',
          'smolagents',
          'session-trajectory',
          'strands',
        ) as fc.Arbitrary<Dialect>,
        (lines, tokenizer, dialect) => {
          const summary = {
            kind: 'summary' as const,
            id: 'x',
            stepNumber: 0,
            content: lines.join('\n'),
            replaces: [],
            origin: 'extractive' as const,
          };
          const fresh = createStepTokens(tokenizer, dialect);
          const byLines = createStepTokens(tokenizer, dialect);
          expect(summaryTokens(byLines, summary)).toBe(fresh.step(summary));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});

describe('prune-old-observations and smolagents summary mode, their variants made once per list', () => {
  const pruneParams = fc.record({
    keepLastN: fc.integer({ min: 0, max: 6 }),
    maxLength: fc.integer({ min: 0, max: 60 }),
    recordMaxLength: fc.option(fc.integer({ min: 0, max: 200 }), { nil: undefined }),
    placeholder: fc.option(fc.constantFrom('({lines} lines omitted)', '[{tokens} tokens]'), {
      nil: undefined,
    }),
  });
  it('equal the previous applies, and again on the same list', () => {
    agrees(pruneOldObservations, referencePrune.apply, pruneParams);
    agrees(smolagentsSummaryMode, referenceSmolagents.apply, fc.constant({}));
    fc.assert(
      fc.property(stepsArb(40), pruneParams, (steps, raw) => {
        const ctx = ctxOf();
        const p = parseParams(pruneOldObservations, raw);
        pruneOldObservations.apply({ steps }, p, ctx);
        smolagentsSummaryMode.apply({ steps }, {}, ctx);
        expect(pruneOldObservations.apply({ steps }, p, ctx)).toEqual(
          referencePrune.apply({ steps }, p, ctx),
        );
        expect(smolagentsSummaryMode.apply({ steps }, {}, ctx)).toEqual(
          referenceSmolagents.apply({ steps }, {}, ctx),
        );
      }),
      { numRuns: 50 },
    );
  });

  it('on real runs', () => {
    agreesOnReal(pruneOldObservations, referencePrune.apply, [
      {},
      { keepLastN: 0, maxLength: 10 },
      { recordMaxLength: 500, placeholder: '[{tokens} tokens]' },
    ]);
    const steps = longHistory(1_500);
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    expect(smolagentsSummaryMode.apply({ steps }, {}, ctx)).toEqual(
      referenceSmolagents.apply({ steps }, {}, ctx),
    );
  });
});

describe('observation-masking, its masked steps made once per list', () => {
  const params = fc.record({
    keepLast: fc.integer({ min: 0, max: 6 }),
    placeholder: fc.constantFrom(
      'Old environment output: ({lines} lines omitted)',
      '[{chars} chars, {tokens} tokens omitted]',
      'gone',
    ),
    polling: fc.constantFrom(1, 1, 2, 3),
  });
  it('equals the previous apply, again on the same list, and on real runs', () => {
    agrees(observationMasking, referenceMasking.apply, params);
    fc.assert(
      fc.property(stepsArb(40), params, (steps, raw) => {
        const ctx = ctxOf();
        const p = parseParams(observationMasking, raw);
        observationMasking.apply({ steps }, p, ctx);
        expect(observationMasking.apply({ steps }, p, ctx)).toEqual(
          referenceMasking.apply({ steps }, p, ctx),
        );
      }),
      { numRuns: 50 },
    );
    agreesOnReal(observationMasking, referenceMasking.apply, [
      {},
      { keepLast: 0 },
      { keepLast: 3, polling: 5, placeholder: '[{tokens} tokens]' },
    ]);
  });
});
