import { describe, expect, it } from 'vitest';
import { fixtureText } from '../../test/samples';
import { fleetRows } from '../fleet/overview';
import { parseSource } from '../import';
import { importSources } from '../import/files';
import { OUTCOME_KINDS } from '../model/run-summary';
import { createStepTokens } from '../tokens/step-tokens';
import {
  histogram,
  prepareFleetDistributions,
  prepareFleetScatter,
  roundWidth,
  type FleetPoint,
} from './fleet-distribution';

const points = (): FleetPoint[] => {
  const file = importSources([
    parseSource(fixtureText('real/openai-chat/tau-bench__tool-calling-grok-3.json'), 'tau.json'),
  ]);
  const tokens = createStepTokens('heuristic', 'recorded');
  return fleetRows(file.histories, (s) => tokens.step(s)).map((r) => ({
    ...r,
    label: r.title ?? r.id,
  }));
};

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
});
