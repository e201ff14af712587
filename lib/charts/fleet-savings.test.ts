/** The distribution of per-run savings, on real runs of the Gemini 3 Pro SWE-bench fleet. */
import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import { resolveStrategies } from '../fleet/choices';
import { compareFleetRun } from '../fleet/run';
import { createStrategyContext } from '../strategies/context';
import { prepareFleetSavings } from './fleet-savings';

const DIR = 'fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/trajs';
const IDS = ['django__django-11099', 'astropy__astropy-7336', 'django__django-11163'];
const choices = resolveStrategies('tinyagent-last-5,observation-masking-m10,none');
const runs = IDS.map((id, index) => {
  const h = importFixture(`${DIR}/${id}/${id}.traj.json`).histories[0]!;
  return compareFleetRun(
    h,
    { index, file: id, run: 0 },
    choices,
    createStrategyContext(),
    undefined,
  );
});

describe('prepareFleetSavings', () => {
  it('counts every run once per strategy, in round bins that hold each share', () => {
    const d = prepareFleetSavings(runs, 3);
    expect(d.runs).toEqual([3, 3, 3]);
    for (let k = 0; k < 3; k++) expect(d.bins.reduce((n, b) => n + b.counts[k]!, 0)).toBe(3);
    // `none` saves nothing on every run: all three in the bin that starts at 0.
    const zero = d.bins.find((b) => b.from <= 0 && b.to > 0)!;
    expect(zero.counts[2]).toBe(3);
    // Each run's share sits in the bin its count went to.
    const width = d.bins[0]!.to - d.bins[0]!.from;
    expect(Math.round(width * 100)).toBeGreaterThanOrEqual(1);
    for (const run of runs) {
      const share = run.strategies[0]!.savedShare;
      expect(d.bins.some((b) => b.from <= share + 1e-9 && share < b.to + 1e-9)).toBe(true);
    }
  });

  it('is empty without runs', () => {
    expect(prepareFleetSavings([], 2)).toEqual({ bins: [], runs: [0, 0] });
  });
});
