/**
 * A strategy's `replayShared` (each call's shared cached prefix before every call, without applying
 * it) equals its definition: `sharedPrefixTokens` of the contexts the strategy gives the two calls,
 * as the engine measures them (`exactPrefixes`), on generated histories and real runs; and its
 * `replayContexts` gives the contexts applying it gives, and its `replayViews` the same contexts,
 * their unchanged leads or changes true to the previous call's (test/replay-views.ts). Long runs then bill every call exactly, no
 * call sampled.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longHistory } from '../bench/history';
import { modelCallIndices } from '../lib/model/steps';
import type { Step } from '../lib/model/types';
import { simulate } from '../lib/simulate/simulate';
import { getStrategy, parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { plannedStepsArb, stepsArb } from './arbitraries';
import { expectViews } from './replay-views';
import { sampleRun } from './samples';

const RUNS = Number(process.env.FC_RUNS ?? 150);
const ctx = createStrategyContext({ model: 'gpt-4o' });

const types = ['system', 'human', 'ai', 'tool'];
const paramsArb: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  none: fc.constant({}),
  'keep-last-n-steps': fc.record({ n: fc.integer({ min: 0, max: 6 }) }),
  'prune-old-observations': fc.record({
    keepLastN: fc.integer({ min: 0, max: 4 }),
    maxLength: fc.integer({ min: 0, max: 60 }),
    recordMaxLength: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
    placeholder: fc.option(fc.constantFrom('({lines} lines omitted)', '[{tokens} tokens]'), {
      nil: undefined,
    }),
  }),
  'observation-masking': fc.record({
    keepLast: fc.integer({ min: 0, max: 6 }),
    placeholder: fc.constantFrom(
      'Old environment output: ({lines} lines omitted)',
      '[{chars} chars, {tokens} tokens omitted]',
      'gone',
    ),
    polling: fc.constantFrom(1, 1, 2, 3),
  }),
  'token-budget': fc
    .record({
      maxTokens: fc.integer({ min: 0, max: 3_000 }),
      strategy: fc.constantFrom('last', 'first'),
      includeSystem: fc.boolean(),
      startOn: fc.option(fc.subarray(types, { minLength: 1 }), { nil: undefined }),
      endOn: fc.option(fc.subarray(types, { minLength: 1 }), { nil: undefined }),
    })
    .map((p) => (p.strategy === 'first' ? { ...p, includeSystem: false, startOn: undefined } : p)),
  'clear-tool-uses': fc.record({
    triggerTokens: fc.integer({ min: 0, max: 2_000 }),
    keep: fc.integer({ min: 0, max: 3 }),
    clearAtLeast: fc.integer({ min: 0, max: 300 }),
    excludeTools: fc.subarray(['search', 'read_file', 'bash']),
    clearToolInputs: fc.boolean(),
    placeholder: fc.option(fc.constantFrom('[cleared {chars} chars]', 'x'.repeat(600)), {
      nil: undefined,
    }),
  }),
  'smolagents-summary-mode': fc.constant({}),
  'compact-conversation': fc.oneof(
    fc.record({ thresholdTokens: fc.integer({ min: 0, max: 3_000 }) }),
    fc.record({
      thresholdTokens: fc.integer({ min: 0, max: 3_000 }),
      keepRecentTokens: fc.integer({ min: 1, max: 1_500 }),
    }),
    fc.record({
      thresholdTokens: fc.integer({ min: 0, max: 3_000 }),
      keepRecentShare: fc.constantFrom(0.1, 0.3, 0.7, 1),
    }),
  ),
  'condense-events': fc
    .record({ maxSize: fc.integer({ min: 4, max: 60 }), keepFirst: fc.integer({ min: 0, max: 4 }) })
    .filter((p) => Math.floor(p.maxSize / 2) - p.keepFirst - 1 > 0),
  'summarizing-window': fc.record({
    summaryRatio: fc.constantFrom(0.1, 0.3, 0.5, 0.8),
    preserveRecentMessages: fc.integer({ min: 0, max: 12 }),
    triggerTokens: fc.integer({ min: 1, max: 4_000 }),
  }),
  'summarize-plan-steps': fc.record({
    maxTokens: fc.integer({ min: 100, max: 5_000 }),
    threshold: fc.constantFrom(0.2, 0.5, 0.8, 1),
    mode: fc.constantFrom('pressure', 'all-completed'),
    compactTo: fc.constantFrom('summary', 'condensed', 'title'),
  }),
};

/**
 * Histories for a strategy: plan-step summaries also get plan-aligned ones (seed 003), and ones
 * whose plan steps come back after others (a plan step then spans several runs of steps).
 */
const historiesOf = (id: string): fc.Arbitrary<Step[]> =>
  id === 'summarize-plan-steps'
    ? fc.oneof(
        stepsArb(40),
        plannedStepsArb(40),
        fc
          .tuple(
            plannedStepsArb(40),
            fc.array(fc.constantFrom('p1', 'p2', 'p3', 'p4'), { minLength: 43, maxLength: 43 }),
          )
          .map(([steps, ids]) =>
            steps.map((s, i) =>
              s.planStepId === undefined ? s : { ...s, planStepId: ids[i] as string },
            ),
          ),
      )
    : stepsArb(40);

/** Each call's shared prefix as the engine measures it, applying the strategy at every call. */
function measured(id: string, steps: readonly Step[], raw: Record<string, unknown>) {
  const s = getStrategy(id);
  const params = parseParams(s, raw);
  const sim = simulate({ steps }, s, params, ctx, undefined, { exactPrefixes: true });
  const calls = modelCallIndices(steps);
  const replayed = s.replayShared?.({ steps }, calls, params, ctx);
  // The contexts it replays are what applying it gives, step for step.
  const contextAt = s.replayContexts?.({ steps }, params, ctx);
  if (contextAt)
    for (const k of calls.filter((_, i) => i % Math.ceil(calls.length / 25) === 0))
      expect(contextAt(k)).toEqual(s.apply({ steps: steps.slice(0, k) }, params, ctx).steps);
  // Its views read the same contexts in place, the lead they call unchanged the previous call's objects.
  const views = s.replayViews?.({ steps }, params, ctx);
  if (views && contextAt) expectViews(views, contextAt, calls);
  return { replayed, exact: sim.calls.map((c) => c.sharedPrefixTokens) };
}

describe('replayShared equals applying the strategy at every call', () => {
  for (const id of Object.keys(paramsArb))
    it(`${id}, on generated histories`, () => {
      fc.assert(
        fc.property(
          historiesOf(id),
          paramsArb[id] as fc.Arbitrary<Record<string, unknown>>,
          (steps, raw) => {
            const { replayed, exact } = measured(id, steps, raw);
            expect(replayed).toEqual(exact);
          },
        ),
        { numRuns: RUNS },
      );
    });

  const real: [string, readonly Step[]][] = [
    ['tau-bench airline', sampleRun('tau-bench-airline-task3.json').steps],
    ['mini-swe-agent', sampleRun('mini-swe-agent-django__django-12143.traj.json').steps],
    ['SWE-agent marshmallow', sampleRun('swe-agent-marshmallow-1867.traj').steps],
    ['tau-bench laid end to end (bench/history.ts)', longHistory(250)],
  ];
  for (const id of ['token-budget', 'keep-last-n-steps'])
    it(`${id}, on generated histories whose steps share ids and content`, () => {
      // Copies of one step next to each other: where a window moves past one copy, the next copy
      // takes its place and the contexts still match (the replay then compares the built contexts).
      const copies = stepsArb(20).map((steps) =>
        steps.flatMap((s) => [s, s, { ...s, stepNumber: s.stepNumber }]),
      );
      fc.assert(
        fc.property(
          copies,
          paramsArb['token-budget'] as fc.Arbitrary<Record<string, unknown>>,
          (steps, raw) => {
            const { replayed, exact } = measured('token-budget', steps, raw);
            expect(replayed).toEqual(exact);
          },
        ),
        { numRuns: RUNS },
      );
    });

  it('keep-last-n-steps: a dropped step whose copy takes its place is still shared', () => {
    const tau = sampleRun('tau-bench-airline-task3.json').steps;
    const [a, b, c] = tau.filter((s) => s.kind === 'action') as [Step, Step, Step];
    const task = tau.find((s) => s.kind === 'task') as Step;
    const steps = [task, a, a, b, b, c, c];
    const { replayed, exact } = measured('keep-last-n-steps', steps, { n: 1 });
    expect(replayed).toEqual(exact);
    // The copy kept at the third call is the step the second call held.
    expect(exact[2]).toBeGreaterThan(exact[1] as number);
  });

  const presets: [string, Record<string, unknown>][] = [
    ['clear-tool-uses', {}],
    ['clear-tool-uses', { triggerTokens: 0, keep: 5 }],
    ['clear-tool-uses', { triggerTokens: 3_000, keep: 1, clearAtLeast: 500 }],
    [
      'clear-tool-uses',
      { triggerTokens: 2_000, excludeTools: ['search_direct_flight'], clearToolInputs: true },
    ],
    ['keep-last-n-steps', {}],
    ['keep-last-n-steps', { n: 10 }],
    ['prune-old-observations', { keepLastN: 5, maxLength: 100, recordMaxLength: 500 }],
    ['prune-old-observations', { keepLastN: 2, maxLength: 30, placeholder: '[{tokens} tokens]' }],
    ['observation-masking', {}],
    ['observation-masking', { polling: 10 }],
    ['observation-masking', { keepLast: 1, polling: 3, placeholder: 'gone' }],
    ['token-budget', { maxTokens: 100_000 }],
    ['token-budget', { maxTokens: 4_000, includeSystem: true, startOn: ['human'] }],
    ['token-budget', { maxTokens: 3_000, endOn: ['ai'] }],
    ['token-budget', { maxTokens: 6_000, strategy: 'first' }],
    ['smolagents-summary-mode', {}],
    ['compact-conversation', {}],
    ['compact-conversation', { thresholdTokens: 5_000 }],
    ['compact-conversation', { thresholdTokens: 4_000, keepRecentTokens: 1_500 }],
    ['compact-conversation', { thresholdShare: 0.02, keepRecentShare: 0.3 }],
    ['condense-events', {}],
    ['condense-events', { maxSize: 40 }],
    ['condense-events', { maxSize: 12, keepFirst: 0 }],
    ['summarizing-window', {}],
    ['summarizing-window', { triggerTokens: 6_000 }],
    ['summarizing-window', { triggerTokens: 3_000, summaryRatio: 0.5, preserveRecentMessages: 2 }],
    ['summarizing-window', { triggerTokens: 2_000, summaryRatio: 0.1, preserveRecentMessages: 0 }],
    ['summarize-plan-steps', {}],
    ['summarize-plan-steps', { maxTokens: 8_000 }],
    ['summarize-plan-steps', { maxTokens: 3_000, threshold: 0.5, compactTo: 'condensed' }],
    ['summarize-plan-steps', { mode: 'all-completed', compactTo: 'title' }],
  ];
  for (const [name, steps] of real)
    it(`on a real run (${name}): the presets and tighter variants`, () => {
      for (const [id, raw] of presets) {
        const { replayed, exact } = measured(id, steps, raw);
        expect(replayed).toEqual(exact);
      }
    });

  it('summarize-plan-steps on real runs grouped by plan step (seed 003), plan steps coming back', () => {
    // Real content tagged as seed 003's importer tags it: each task opens a plan step; with five
    // plan-step ids taken in turn, a plan step comes back after others and spans several runs.
    const tagged = (steps: readonly Step[], ids: number) => {
      let task = -1;
      return steps.map((s): Step => {
        if (s.kind === 'task') task++;
        return task < 0 ? s : { ...s, planStepId: `p${task % ids}` };
      });
    };
    for (const steps of [
      tagged(longHistory(250), 5),
      tagged(longHistory(120), 1_000),
      tagged(sampleRun('smolagents-gaia-gpt-4o.jsonl').steps, 2),
    ])
      for (const raw of [
        {},
        { maxTokens: 6_000 },
        { maxTokens: 3_000, threshold: 0.5, compactTo: 'condensed' },
        { mode: 'all-completed', compactTo: 'title' },
      ]) {
        const { replayed, exact } = measured('summarize-plan-steps', steps, raw);
        expect(replayed).toEqual(exact);
      }
  });

  it('a long run bills every call exactly, none sampled', () => {
    const steps = longHistory(700);
    for (const [id, raw] of [
      ['none', {}],
      ['clear-tool-uses', { triggerTokens: 20_000 }],
      ['token-budget', { maxTokens: 20_000 }],
      ['observation-masking', { polling: 10 }],
      ['keep-last-n-steps', {}],
      ['prune-old-observations', { recordMaxLength: 500 }],
      ['summarize-plan-steps', { maxTokens: 20_000 }],
      ['smolagents-summary-mode', {}],
      ['summarizing-window', { triggerTokens: 20_000 }],
      ['compact-conversation', { thresholdTokens: 20_000, keepRecentTokens: 5_000 }],
      ['condense-events', {}],
    ] as const) {
      const s = getStrategy(id);
      const params = parseParams(s, raw);
      const long = simulate({ steps }, s, params, ctx);
      const exact = simulate({ steps }, s, params, ctx, undefined, { exactPrefixes: true });
      expect(long.calls).toEqual(exact.calls);
    }
  });
});
