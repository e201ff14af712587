/**
 * The fleet fold on real runs (six of the Gemini 3 Pro SWE-bench fleet in test/fixtures/fleet):
 * folding shards and merging them gives what one fold gives, to the byte, in any order; the
 * totals are the runs' sums; the spreads are numpy's quantiles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importFixture } from '../../test/cases';
import { createStrategyContext } from '../strategies/context';
import { priceSheetFor } from '../simulate/cache';
import {
  aggregateFleet,
  emptyFleetFold,
  finishFleetFold,
  foldFleetRun,
  mergeFleetFolds,
  quantile,
  type FleetRun,
} from './aggregate';
import { resolveStrategies } from './choices';
import { resolvedByTask } from './results';
import { compareFleetRun, taskIdOf } from './run';

const FLEET = fileURLToPath(
  new URL('../../test/fixtures/fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/', import.meta.url),
);
const resolved = resolvedByTask(
  JSON.parse(readFileSync(join(FLEET, 'results_summary.json'), 'utf8')),
);
const choices = resolveStrategies('observation-masking-m10,tinyagent-last-5,keep-last-n-steps');
const ids = choices.map((c) => c.id);

/** Six runs, three resolved and three not, compared as the CLI compares them. */
const runs: FleetRun[] = readdirSync(join(FLEET, 'trajs'))
  .sort()
  .filter((id) =>
    [
      'django__django-11099',
      'django__django-11163',
      'astropy__astropy-7336',
      'django__django-10999',
      'astropy__astropy-7606',
      'django__django-11276',
    ].includes(id),
  )
  .map((id, index) => {
    const h = importFixture(
      `fleet/20251118_mini-v1.15.0_gemini-3-pro-preview/trajs/${id}/${id}.traj.json`,
    ).histories[0];
    if (!h) throw new Error(`no history in ${id}`);
    const ctx = createStrategyContext({ model: h.model });
    return compareFleetRun(
      h,
      { index, file: id, run: 0 },
      choices,
      ctx,
      priceSheetFor(h.model),
      resolved.get(taskIdOf(h)),
    );
  });

describe('the fleet fold', () => {
  it('reads the task and the verdict of each real run', () => {
    expect(runs.map((r) => [r.task, r.outcome.resolved])).toEqual([
      ['astropy__astropy-7336', true],
      ['astropy__astropy-7606', false],
      ['django__django-10999', false],
      ['django__django-11099', true],
      ['django__django-11163', true],
      ['django__django-11276', false],
    ]);
    expect(runs.every((r) => r.outcome.label === 'Submitted' && r.baseline.costUsd !== null)).toBe(
      true,
    );
  });

  it('merges shards into exactly what one fold over every run gives, in any order', () => {
    const whole = JSON.stringify(aggregateFleet(ids, runs));
    const shard = (k: number) =>
      runs.filter((r) => r.index % 3 === k).reduce(foldFleetRun, emptyFleetFold(ids));
    const merged = mergeFleetFolds(mergeFleetFolds(shard(2), shard(0)), shard(1));
    expect(JSON.stringify(finishFleetFold(merged))).toBe(whole);
    expect(JSON.stringify(aggregateFleet(ids, [...runs].reverse()))).toBe(whole);
    expect(() => finishFleetFold(mergeFleetFolds(shard(0), shard(0)))).toThrow(/in two shards/);
  });

  it('sums the runs, splits them by outcome and counts the wins', () => {
    const agg = aggregateFleet(ids, runs);
    expect(agg.runs).toBe(6);
    expect(agg.byOutcome).toEqual({ resolved: 3, unresolved: 3, unknown: 0 });
    agg.strategies.forEach((s, k) => {
      const mine = runs.map((r) => r.strategies[k]!);
      expect(s.inputTokens).toBe(mine.reduce((n, x) => n + x.inputTokens, 0));
      expect(s.baselineInputTokens).toBe(runs.reduce((n, r) => n + r.baseline.inputTokens, 0));
      expect(s.savedTokens).toBe(mine.reduce((n, x) => n + x.savedTokens, 0));
      expect(s.lostIdentifiers).toBe(mine.reduce((n, x) => n + x.lostIdentifiers, 0));
      expect(s.byOutcome.resolved.inputTokens + s.byOutcome.unresolved.inputTokens).toBe(
        s.inputTokens,
      );
      expect(s.savedShareMedian).toBe(
        quantile(
          mine.map((x) => x.savedShare).sort((a, b) => a - b),
          0.5,
        ),
      );
      expect(s.pricedRuns).toBe(6);
      expect(s.costUsd).toBeCloseTo(
        mine.reduce((n, x) => n + (x.costUsd ?? 0), 0),
        9,
      );
    });
    // Each run's best saver wins it: the wins add up to the runs some strategy saves on (ties aside).
    const best = runs.map((r) => Math.max(...r.strategies.map((s) => s.savedTokens)));
    expect(agg.runsNothingSaves).toBe(best.filter((b) => b <= 0).length);
    expect(agg.strategies.reduce((n, s) => n + s.wins, 0)).toBeGreaterThanOrEqual(
      6 - agg.runsNothingSaves,
    );
  });

  it("takes quantiles as numpy's default does (linear between ranks)", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.1)).toBeCloseTo(1.3, 12);
    expect(quantile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 12);
    expect(quantile([], 0.5)).toBeNull();
  });

  it('refuses to fold runs compared on other strategies', () => {
    expect(() => aggregateFleet(['observation-masking-m10'], runs)).toThrow(/compared on/);
  });
});
