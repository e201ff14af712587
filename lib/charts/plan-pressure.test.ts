import { describe, expect, it } from 'vitest';
import { sampleRun } from '../../test/samples';
import { compareStrategies } from '../compare/compare';
import { modelCallIndices } from '../model/steps';
import { createStrategyContext } from '../strategies/context';
import { preparePlanPressure } from './plan-pressure';

// The bundled tau-bench run: no plan recorded, so its plan steps split at its 11 user tasks; plan
// step 3 (steps 5-14, a reservation lookup) is the largest.
const run = sampleRun('tau-bench-airline-task3.json');
const ctx = createStrategyContext({ model: 'gpt-4o' });
const calls = modelCallIndices(run.steps);
const percent = (tokens: number) => (100 * tokens) / ctx.contextWindow;

describe('the plan view’s pressure series', () => {
  it('gives every call its context in full and as toggled, in percent of the window', () => {
    const cmp = compareStrategies(
      run,
      [
        {
          strategyId: 'summarize-plan-steps',
          params: { mode: 'manual', overrides: { '3': 'summary' } },
        },
      ],
      ctx,
    );
    const points = preparePlanPressure(cmp, ctx.contextWindow);
    expect(points.map((p) => p.call)).toEqual(calls.map((_, i) => i + 1));
    expect(points.map((p) => p.none)).toEqual(
      cmp.baseline.calls.map((c) => percent(c.contextTokens)),
    );
    // Plan step 3 is active (never compacted) until the next task arrives at step 15; from then on
    // every call sends its summary instead of its turns.
    points.forEach((p, i) => {
      if ((calls[i] as number) <= 15) expect(p.toggled).toBe(p.none);
      else expect(p.toggled).toBeLessThan(p.none);
    });
    expect(points.at(-1)?.toggled).toBe(
      percent(cmp.columns[0]?.replay?.calls.at(-1)?.contextTokens ?? 0),
    );
  });

  it('follows the baseline where there is no toggled run', () => {
    const points = preparePlanPressure(compareStrategies(run, [], ctx), ctx.contextWindow);
    expect(points).toHaveLength(calls.length);
    for (const p of points) expect(p.toggled).toBe(p.none);
  });
});
