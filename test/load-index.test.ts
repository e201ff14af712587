/**
 * A load through `loadCounts` (lib/strategies/load-index.ts): the counts a load shows, and the
 * index-driven strategies' indexes built with them, so a first apply on the loaded list reuses
 * them and answers exactly what it answers on a list loaded without them.
 */
import { describe, expect, it } from 'vitest';
import { longHistory } from '../bench/history';
import { cachedUnits, stepToUnits } from '../lib/messages';
import type { Step } from '../lib/model/types';
import { getStrategy, parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { loadCounts } from '../lib/strategies/load-index';
import { UnitIndex } from '../lib/strategies/replay-kit';
import { budgetIndex } from '../lib/strategies/token-budget';
import { trajectoryIndex } from '../lib/strategies/trajectory-sliding-window';
import { sampleRun } from './samples';

/** Each prepared strategy, with a tighter setting than its default beside it. */
const CASES: [string, Record<string, unknown>][] = [
  // First: on the list loaded without the indexes, its OpenAI messages are built before any step
  // is counted in the recorded dialect, so none is shared with it (lib/messages `cachedUnits`).
  ['token-budget', { maxTokens: 3_000 }],
  ['strands-sliding-window', { windowSize: 6 }],
  ['trajectory-sliding-window', { maxSteps: 9 }],
  ['session-trajectory-window', { maxSteps: 25 }],
];

const runs: [string, readonly Step[]][] = [
  ['tau-bench airline', sampleRun('tau-bench-airline-task3.json').steps],
  ['mini-swe-agent', sampleRun('mini-swe-agent-django__django-12143.traj.json').steps],
  ['tau-bench laid end to end (bench/history.ts)', longHistory(400)],
];

describe('loadCounts', () => {
  for (const [name, steps] of runs)
    it(`counts each step and prepares the indexes a first apply uses (${name})`, () => {
      const loaded = structuredClone(steps) as Step[];
      const plain = structuredClone(steps) as Step[];
      const ctx = createStrategyContext({ model: 'gpt-4o' });
      const fresh = createStrategyContext({ model: 'gpt-4o' });
      const counts = loadCounts(loaded, ctx.tokens);
      const counted = structuredClone(steps) as Step[];
      expect(counts).toEqual(counted.map((s) => fresh.tokens.step(s)));
      // The indexes are the ones the strategies look up.
      const strands = UnitIndex.cached(loaded, ctx.tokens, 'strands', 'no-system');
      const budget = budgetIndex(loaded, ctx.tokens).index;
      const trajectory = trajectoryIndex(loaded, ctx.tokens).index;
      for (const [id, tighter] of CASES) {
        const s = getStrategy(id);
        for (const raw of [{}, tighter]) {
          const p = parseParams(s, raw);
          expect(s.apply({ steps: loaded }, p, ctx)).toEqual(s.apply({ steps: plain }, p, fresh));
        }
      }
      expect(UnitIndex.cached(loaded, ctx.tokens, 'strands', 'no-system')).toBe(strands);
      expect(budgetIndex(loaded, ctx.tokens).index).toBe(budget);
      expect(trajectoryIndex(loaded, ctx.tokens).index).toBe(trajectory);
    });

  it('a step counted in the recorded dialect shares only OpenAI messages equal to its own', () => {
    const tokens = createStrategyContext({ model: 'gpt-4o' }).tokens;
    for (const [, steps] of [
      ...runs,
      ['SWE-agent marshmallow', sampleRun('swe-agent-marshmallow-1867.traj').steps] as const,
    ]) {
      const loaded = structuredClone(steps) as Step[];
      loadCounts(loaded, tokens);
      for (const s of loaded) expect(cachedUnits(s, 'openai')).toEqual(stepToUnits(s, 'openai'));
    }
  });
});
