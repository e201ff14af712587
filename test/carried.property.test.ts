/**
 * In place, a strategy's carrier (`Strategy.carry`) answers each application from what changed
 * since the last; it must give exactly what applying the strategy to the whole carried context
 * gives. Held here against the engine without it, on generated histories and real runs, under every
 * trigger: the same calls (context tokens, shared prefixes), applications, final result, kept
 * contexts and lost identifiers (the fold fed each call's context, as a comparison feeds it). Every call's shared prefix is also held to its definition, `sharedPrefixTokens` of the
 * two calls' contexts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longHistory } from '../bench/history';
import { LostIdentifierFold } from '../lib/compare/identifier-fold';
import type { LostIdentifier } from '../lib/compare/identifiers';
import { modelCallIndices } from '../lib/model/steps';
import type { Step } from '../lib/model/types';
import type { RunConfig } from '../lib/simulate/run-config';
import { sharedPrefixTokens, simulate, type SimulatedRun } from '../lib/simulate/simulate';
import { getStrategy, parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import type { Strategy, StrategyContext } from '../lib/strategies/types';
import { stepsArb } from './arbitraries';
import { sampleRun } from './samples';

const RUNS = Number(process.env.FC_RUNS ?? 150);
const ctx = createStrategyContext({ model: 'gpt-4o' });

const CARRIED = ['prune-old-observations', 'keep-last-n-steps'] as const;

const paramsArb: Record<(typeof CARRIED)[number], fc.Arbitrary<Record<string, unknown>>> = {
  'prune-old-observations': fc.record({
    keepLastN: fc.integer({ min: 0, max: 4 }),
    maxLength: fc.integer({ min: 0, max: 60 }),
    recordMaxLength: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
    placeholder: fc.option(
      fc.constantFrom('({lines} lines omitted)', '[{tokens} tokens]', 'x'.repeat(80)),
      { nil: undefined },
    ),
  }),
  'keep-last-n-steps': fc.record({ n: fc.integer({ min: 0, max: 6 }) }),
};

const triggerArb: fc.Arbitrary<RunConfig['trigger']> = fc.oneof(
  fc.record({ kind: fc.constant('after-step' as const), onOverflow: fc.boolean() }),
  fc.record({ kind: fc.constant('every-call' as const), onOverflow: fc.boolean() }),
  fc.record({
    kind: fc.constant('step-count' as const),
    threshold: fc.integer({ min: 0, max: 12 }),
    onOverflow: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('after-invocation' as const), onOverflow: fc.boolean() }),
  fc.record({
    kind: fc.constant('token-limit' as const),
    tokens: fc.integer({ min: 0, max: 3_000 }),
    onOverflow: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('every-k-calls' as const),
    k: fc.integer({ min: 1, max: 4 }),
    onOverflow: fc.boolean(),
  }),
);

/** The strategy as it was before carriers: every application applies it to the whole context. */
const whole = <P>(s: Strategy<P>): Strategy<P> => ({ ...s, carry: undefined });

/** A simulated run and the identifiers the lost-identifier fold finds lost over its calls. */
type Folded = SimulatedRun & { readonly lost: readonly LostIdentifier[] };

function folded<P>(
  steps: readonly Step[],
  s: Strategy<P>,
  params: P,
  run: RunConfig,
  c: StrategyContext,
): Folded {
  const fold = new LostIdentifierFold(steps);
  const sim = simulate({ steps }, s, params, c, run, {
    keepContextsAt: new Set(modelCallIndices(steps)),
    onCall: (k, context, unchanged, changes) => fold.call(k, context, unchanged, changes),
  });
  return { ...sim, lost: fold.lost };
}

function both<P>(
  steps: readonly Step[],
  s: Strategy<P>,
  params: P,
  run: RunConfig,
  c: StrategyContext = ctx,
): [Folded, Folded] {
  return [folded(steps, s, params, run, c), folded(steps, whole(s), params, run, c)];
}

function expectSame(carried: Folded, reference: Folded, c: StrategyContext = ctx) {
  expect(carried.lost).toEqual(reference.lost);
  expect(carried.calls).toEqual(reference.calls);
  expect(carried.applications).toEqual(reference.applications);
  expect(carried.final).toEqual(reference.final);
  expect([...carried.contexts]).toEqual([...reference.contexts]);
  // Each shared prefix is its definition over the two calls' contexts.
  carried.calls.forEach((call, i) => {
    const before = carried.calls[i - 1];
    if (!before) return expect(call.sharedPrefixTokens).toBe(0);
    const a = carried.contexts.get(before.stepIndex) as readonly Step[];
    const b = carried.contexts.get(call.stepIndex) as readonly Step[];
    expect(call.sharedPrefixTokens).toBe(sharedPrefixTokens(a, b, (x) => c.tokens.step(x)));
  });
}

describe('a carried application in place equals applying the strategy whole', () => {
  for (const id of CARRIED) {
    it(`${id}, on generated histories, under every trigger`, () => {
      const s = getStrategy(id);
      fc.assert(
        fc.property(stepsArb(40), paramsArb[id], triggerArb, (steps, raw, trigger) => {
          const params = parseParams(s, raw);
          const [a, b] = both(steps, s, params, { mode: 'in-place', trigger });
          expectSame(a, b);
        }),
        { numRuns: RUNS },
      );
    });
  }

  const realRuns: [string, readonly Step[]][] = [
    ['tau-bench airline', sampleRun('tau-bench-airline-task3.json').steps],
    ['mini-swe-agent', sampleRun('mini-swe-agent-django__django-12143.traj.json').steps],
    ['SWE-agent marshmallow', sampleRun('swe-agent-marshmallow-1867.traj').steps],
    ['tau-bench laid end to end (bench/history.ts)', longHistory(400)],
  ];
  const presets: [string, Record<string, unknown>, RunConfig['trigger']][] = [
    [
      'prune-old-observations',
      { keepLastN: 5, maxLength: 100, recordMaxLength: 500 },
      { kind: 'after-step', onOverflow: false },
    ],
    ['keep-last-n-steps', { n: 10 }, { kind: 'step-count', threshold: 20, onOverflow: false }],
    ['keep-last-n-steps', { n: 3 }, { kind: 'after-invocation', onOverflow: true }],
    [
      'prune-old-observations',
      { keepLastN: 2, maxLength: 40, placeholder: '[{tokens} tokens]' },
      { kind: 'every-call', onOverflow: false },
    ],
  ];
  for (const [name, steps] of realRuns)
    it(`on a real run (${name}), the tinyAgent and seed 001 presets and variants`, () => {
      let applied = 0;
      let lost = 0;
      for (const [id, raw, trigger] of presets) {
        const s = getStrategy(id);
        const params = parseParams(s, raw);
        const [a, b] = both(steps, s, params, { mode: 'in-place', trigger });
        applied += a.applications.length;
        lost += a.lost.length;
        expectSame(a, b);
      }
      expect(applied).toBeGreaterThan(0);
      // The identifier check has something to compare: the cuts lose identifiers later calls use.
      expect(lost).toBeGreaterThan(0);
    });

  it('on a run with recorded compactions, honoured and replaced', () => {
    const steps = sampleRun('claude-code-compacted-entireio.jsonl').steps;
    for (const recorded of ['honour', 'replace'] as const)
      for (const [id, raw, trigger] of presets) {
        const s = getStrategy(id);
        const [a, b] = both(steps, s, parseParams(s, raw), { mode: 'in-place', trigger, recorded });
        expectSame(a, b);
      }
  });

  it('without a carrier, in place: every context counted and every shared prefix as defined', () => {
    // Parameters small enough to cut on generated histories.
    const others: [string, Record<string, unknown>][] = [
      ['trajectory-sliding-window', { maxSteps: 6, preserveFirst: 1, preserveLast: 3 }],
      ['strands-sliding-window', { windowSize: 4 }],
      ['token-budget', { maxTokens: 600 }],
      ['observation-masking', { keepLast: 1 }],
    ];
    fc.assert(
      fc.property(
        stepsArb(40),
        fc.constantFrom(...others),
        triggerArb,
        (steps, [id, raw], trigger) => {
          const s = getStrategy(id);
          const sim = folded(steps, s, parseParams(s, raw), { mode: 'in-place', trigger }, ctx);
          sim.calls.forEach((call) =>
            expect(call.contextTokens).toBe(
              ctx.tokens.context(sim.contexts.get(call.stepIndex) as readonly Step[]),
            ),
          );
          expectSame(sim, sim);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
