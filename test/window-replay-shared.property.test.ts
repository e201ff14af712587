/**
 * The windows' `replayShared` (Strands' sliding window, seed 002's trajectory and session windows)
 * equals its definition, `sharedPrefixTokens` of the contexts applying the window before every call
 * gives, and their `replayContexts` those contexts step for step, as the engine measures them (`exactPrefixes`), on generated histories, histories whose
 * steps share ids and content, and real runs. Long runs then bill every call exactly, none sampled
 * (issue 26 item 5).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longHistory } from '../bench/history';
import { modelCallIndices } from '../lib/model/steps';
import type { Step } from '../lib/model/types';
import { simulate } from '../lib/simulate/simulate';
import { getStrategy, parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { stepsArb } from './arbitraries';
import { expectViews } from './replay-views';
import { sampleRun } from './samples';

const RUNS = Number(process.env.FC_RUNS ?? 150);
const ctx = createStrategyContext({ model: 'gpt-4o' });

const paramsArb: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'strands-sliding-window': fc.record({
    windowSize: fc.integer({ min: 0, max: 12 }),
    shouldTruncateResults: fc.boolean(),
    // Small limits take the overflow path (truncation rewrites steps) at some calls.
    overflowTokens: fc.option(fc.integer({ min: 50, max: 4_000 }), { nil: undefined }),
  }),
  'trajectory-sliding-window': fc.record({
    maxSteps: fc.integer({ min: 1, max: 14 }),
    preserveFirst: fc.integer({ min: 0, max: 4 }),
    preserveLast: fc.integer({ min: 0, max: 6 }),
  }),
  'session-trajectory-window': fc.record({
    maxSteps: fc.integer({ min: 0, max: 40 }),
    preserveSystemMessages: fc.boolean(),
  }),
};
const IDS = Object.keys(paramsArb);

/** Each call's shared prefix as the engine measures it, applying the strategy at every call. */
function measured(id: string, steps: readonly Step[], raw: Record<string, unknown>) {
  const s = getStrategy(id);
  const params = parseParams(s, raw);
  const sim = simulate({ steps }, s, params, ctx, undefined, { exactPrefixes: true });
  const calls = modelCallIndices(steps);
  const replayed = s.replayShared?.({ steps }, calls, params, ctx);
  // The contexts it replays (the identifier check's) are what applying it gives, step for step.
  const contextAt = s.replayContexts?.({ steps }, params, ctx);
  expect(contextAt).toBeDefined();
  for (const k of calls.filter((_, i) => i % Math.ceil(calls.length / 25) === 0))
    expect(contextAt?.(k)).toEqual(s.apply({ steps: steps.slice(0, k) }, params, ctx).steps);
  const views = s.replayViews?.({ steps }, params, ctx);
  expect(views).toBeDefined();
  if (views && contextAt) expectViews(views, contextAt, calls);
  return { replayed, exact: sim.calls.map((c) => c.sharedPrefixTokens) };
}

describe('the windows: replayShared equals applying the window at every call', () => {
  for (const id of IDS) {
    it(`${id}, on generated histories`, () => {
      fc.assert(
        fc.property(
          stepsArb(40),
          paramsArb[id] as fc.Arbitrary<Record<string, unknown>>,
          (steps, raw) => {
            const { replayed, exact } = measured(id, steps, raw);
            expect(replayed).toEqual(exact);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it(`${id}, on generated histories whose steps share ids and content`, () => {
      // Copies of one step next to each other: where a window moves past one copy, the next takes
      // its place and the contexts still match (the replay then compares the built contexts).
      const copies = stepsArb(20).map((steps) =>
        steps.flatMap((s) => [s, s, { ...s, stepNumber: s.stepNumber }]),
      );
      fc.assert(
        fc.property(
          copies,
          paramsArb[id] as fc.Arbitrary<Record<string, unknown>>,
          (steps, raw) => {
            const { replayed, exact } = measured(id, steps, raw);
            expect(replayed).toEqual(exact);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  const real: [string, readonly Step[]][] = [
    ['tau-bench airline', sampleRun('tau-bench-airline-task3.json').steps],
    ['mini-swe-agent', sampleRun('mini-swe-agent-django__django-12143.traj.json').steps],
    ['SWE-agent marshmallow', sampleRun('swe-agent-marshmallow-1867.traj').steps],
    ['tau-bench laid end to end (bench/history.ts)', longHistory(250)],
  ];
  const presets: [string, Record<string, unknown>][] = [
    ['strands-sliding-window', {}],
    ['strands-sliding-window', { windowSize: 6 }],
    ['strands-sliding-window', { windowSize: 10, overflowTokens: 3_000 }],
    [
      'strands-sliding-window',
      { windowSize: 8, overflowTokens: 2_000, shouldTruncateResults: false },
    ],
    ['trajectory-sliding-window', {}],
    ['trajectory-sliding-window', { maxSteps: 12, preserveFirst: 2, preserveLast: 4 }],
    ['trajectory-sliding-window', { maxSteps: 5, preserveFirst: 0, preserveLast: 0 }],
    ['session-trajectory-window', {}],
    ['session-trajectory-window', { maxSteps: 30 }],
    ['session-trajectory-window', { maxSteps: 8, preserveSystemMessages: false }],
  ];
  for (const [name, steps] of real)
    it(`on a real run (${name}): the defaults and tighter windows`, () => {
      for (const [id, raw] of presets) {
        const { replayed, exact } = measured(id, steps, raw);
        expect(replayed).toEqual(exact);
      }
    });

  it('a long run bills every call from the replay, none sampled', () => {
    // 2,000 calls over 2,800 steps: past the engine's budget for applying before every call.
    const steps = longHistory(2_000);
    for (const id of IDS) {
      const s = getStrategy(id);
      const sim = simulate({ steps }, s, parseParams(s, {}), ctx);
      expect(sim.calls.length).toBeGreaterThan(1_000);
    }
  });
});
