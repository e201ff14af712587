import { describe, expect, it } from 'vitest';
import { tauFleetPoints as points } from '../../test/fleet-points';
import { OUTCOME_KINDS } from '../model/run-summary';
import {
  histogram,
  layoutFleetScatter,
  linearAxis,
  prepareFleetDistributions,
  prepareFleetScatter,
  roundWidth,
} from './fleet-distribution';

describe('fleet charts', () => {
  it('bins with round widths that cover every value once', () => {
    expect(roundWidth(0.13)).toBe(0.2);
    expect(roundWidth(3)).toBe(5);
    expect(roundWidth(700)).toBe(1000);
    expect(histogram([])).toEqual([]);
    expect(histogram([4, 4, 4], { integers: true })).toEqual([{ from: 4, to: 5, count: 3 }]);
    const bins = histogram([0, 1, 2, 3, 9.5, 10]);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(6);
    expect(bins[0]).toEqual({ from: 0, to: 1, count: 1 });
    expect(bins.at(-1)).toEqual({ from: 10, to: 11, count: 1 });
  });

  it('distributes the 115 tau-bench runs (no usage: unpriced) by input tokens and by steps', () => {
    const p = points();
    const d = prepareFleetDistributions(p);
    expect(p.every((x) => x.costUsd === undefined)).toBe(true);
    expect(d.measure).toBe('input');
    expect(d.cost.reduce((n, b) => n + b.count, 0) + d.uncosted).toBe(115);
    expect(d.steps.reduce((n, b) => n + b.count, 0)).toBe(115);
    const longest = Math.max(...p.map((x) => x.steps));
    expect(d.steps.at(-1)!.from).toBeLessThanOrEqual(longest);
    expect(d.steps.at(-1)!.to).toBeGreaterThan(longest);
  });

  it('measures dollars once a run has a cost, leaving the uncosted runs out', () => {
    const p = points();
    const costed = p.map((x, i) => (i < 10 ? { ...x, costUsd: i / 10 } : x));
    const d = prepareFleetDistributions(costed);
    expect(d.measure).toBe('cost');
    expect(d.uncosted).toBe(105);
    expect(d.cost.reduce((n, b) => n + b.count, 0)).toBe(10);
  });

  it('colours input tokens against steps by outcome', () => {
    const p = points();
    const s = prepareFleetScatter(p, OUTCOME_KINDS);
    expect(s.measure).toBe('input');
    expect(s.series.map((x) => x.kind)).toEqual(['partial', 'failed']);
    expect(s.series.map((x) => x.points.length)).toEqual([78, 37]);
    expect(s.series[1]!.points[0]!.value).toBe(
      p.find((x) => x.outcomeKind === 'failed')!.inputTokens,
    );
  });

  it('lays out axes from 0 to a round top, at round ticks', () => {
    expect(linearAxis(0.13)).toEqual({ max: 0.15, ticks: [0, 0.05, 0.1, 0.15] });
    expect(linearAxis(612)).toEqual({ max: 800, ticks: [0, 200, 400, 600, 800] });
    expect(linearAxis(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(linearAxis(1, { integers: true })).toEqual({ max: 1, ticks: [0, 1] });
    expect(linearAxis(3, { integers: true }).ticks).toEqual([0, 1, 2, 3]);
    expect(linearAxis(0.7).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it("places every run of the tau-bench fleet on the scatter's axes, in order of steps", () => {
    const p = points();
    const { series } = prepareFleetScatter(p, OUTCOME_KINDS);
    const { x, y, dots } = layoutFleetScatter(series);
    expect(dots).toHaveLength(115);
    const longest = Math.max(...p.map((r) => r.steps));
    const most = Math.max(...p.map((r) => r.inputTokens));
    expect(x.max).toBeGreaterThanOrEqual(longest);
    expect(y.max).toBeGreaterThanOrEqual(most);
    for (const d of dots) {
      const run = p.find((r) => r.index === d.index)!;
      expect(d.x).toBe(run.steps / x.max);
      expect(d.y).toBe(run.inputTokens / y.max);
      expect(d.kind).toBe(run.outcomeKind);
      expect(d.x).toBeLessThanOrEqual(1);
      expect(d.y).toBeLessThanOrEqual(1);
    }
    for (let i = 1; i < dots.length; i++)
      expect(dots[i]!.steps).toBeGreaterThanOrEqual(dots[i - 1]!.steps);
  });
});
