import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { priceSheetFor } from '../simulate/cache';
import { createStrategyContext } from '../strategies/context';
import { compareStrategies, comparisonCosts } from './compare';
import { rankStrategies } from './ranking';
import { prepareCompareSeries } from '../charts/compare-series';

// The bundled SWE-agent run (marshmallow #1867): 14 calls, priced at Claude Sonnet.
const history = importText(
  readFileSync(
    new URL('../../public/samples/swe-agent-marshmallow-1867.traj', import.meta.url),
    'utf8',
  ),
  'swe.traj',
).file.histories[0]!;
const ctx = createStrategyContext({ model: 'claude-sonnet-4', dialect: 'anthropic' });
const cmp = compareStrategies(
  history,
  [
    { strategyId: 'strands-sliding-window', params: { windowSize: 20 } },
    { strategyId: 'keep-last-n-steps', params: { n: 20 } },
  ],
  ctx,
);
const costs = comparisonCosts(cmp, priceSheetFor('claude-sonnet-4')!);

describe('ranking', () => {
  it('by tokens a window moved at every call looks good; with prompt caching it costs more than sending everything', () => {
    const byTokens = rankStrategies(cmp, history.steps, undefined, 'cost');
    const byCost = rankStrategies(cmp, history.steps, costs, 'cost');
    expect(byTokens.map((r) => r.index)).toEqual([0, -1, 1]);
    expect(byCost.map((r) => r.index)).toEqual([-1, 1, 0]);
    const strands = byCost.find((r) => r.index === 0)!;
    expect(strands.savedShare).toBeGreaterThan(0.05);
    expect(strands.cachedSavedShare).toBeLessThan(-1);
    expect(strands.sentence).toMatch(
      /^saves \d+% of input, yet costs \d+% more than sending everything once prompt caching is counted \(the cache prefix restarts at \d+ of 14 calls\)\.$/,
    );
    expect(byCost.find((r) => r.index === -1)?.sentence).toBe('sends everything at every call.');
  });

  it('charts the same bills the table shows', () => {
    const points = prepareCompareSeries(cmp, 600, costs);
    const last = points[points.length - 1]!;
    expect(last.cost.c0).toBeCloseTo(costs[1]!.costUsd, 10);
    expect(last.uncachedCost.none).toBeCloseTo(costs[0]!.uncachedCostUsd, 10);
    expect(prepareCompareSeries(cmp).at(-1)?.cost).toEqual({});
  });
});
