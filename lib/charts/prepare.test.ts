import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import type { Step } from '../model/types';
import { DEFAULT_RUN } from '../simulate/run-config';
import { simulate } from '../simulate/simulate';
import { getStrategy } from '../strategies';
import { createStrategyContext } from '../strategies/context';
import { bucketTokenSeries, chartIndexOf, prepareTokenSeries, prepareTotals } from './prepare';

const steps = importText(
  readFileSync(
    new URL('../../public/samples/tau-bench-airline-task3.json', import.meta.url),
    'utf8',
  ),
  'tau',
).file.histories[0]?.steps as Step[];
const ctx = createStrategyContext();
const tokens = steps.map((s) => ctx.tokens.step(s));

describe('timeline preparation', () => {
  it("gives each model call the context the simulation computes for 'none'", () => {
    const series = prepareTokenSeries(steps, tokens);
    const r = simulate({ steps }, getStrategy('none'), {}, ctx, DEFAULT_RUN, {
      contextsOnly: true,
    });
    expect(series.filter((p) => p.context !== null).map((p) => p.context)).toEqual(
      r.calls.map((c) => c.contextTokens),
    );
    expect(series[0]).toMatchObject({ index: 0, kind: 'system-prompt', context: null });
  });

  it('totals a real run: kinds, tools, the quadratic cost against one pass, the largest steps', () => {
    const t = prepareTotals(steps, tokens);
    expect(t.byKind).toEqual({ 'system-prompt': 1, task: 11, action: 30 });
    expect(t.toolCalls).toBe(20);
    expect(t.singlePassTokens).toBe(ctx.tokens.context(steps));
    expect(t.runInputTokens).toBe(
      simulate({ steps }, getStrategy('none'), {}, ctx, DEFAULT_RUN, { contextsOnly: true })
        .totalInputTokens,
    );
    expect(t.runInputTokens).toBeGreaterThan(10 * t.singlePassTokens);
    expect(t.largest[0]?.kind).toBe('system-prompt');
    expect(t.largest.map((l) => l.tokens)).toEqual(
      [...t.largest.map((l) => l.tokens)].sort((a, b) => b - a),
    );
  });
});

describe('chart buckets', () => {
  it('keeps short series whole and buckets long ones by their largest step and last context', () => {
    const series = prepareTokenSeries(steps, tokens);
    expect(bucketTokenSeries(series)).toHaveLength(series.length);
    const buckets = bucketTokenSeries(series, 10);
    expect(buckets.length).toBeLessThanOrEqual(10);
    expect(Math.max(...buckets.map((b) => b.tokens))).toBe(
      Math.max(...series.map((p) => p.tokens)),
    );
    expect(buckets[0]).toMatchObject({ firstStep: 0, lastStep: 4 });
    expect(buckets.at(-1)?.context).toBe(series.filter((p) => p.context !== null).at(-1)?.context);
    expect(buckets.map((b) => b.lastStep - b.firstStep + 1).reduce((n, x) => n + x, 0)).toBe(
      series.length,
    );
  });
});

describe('chartIndexOf', () => {
  it('finds the bucket bucketTokenSeries puts a step in', () => {
    const series = Array.from({ length: 1_234 }, (_, i) => ({
      index: i,
      stepNumber: i + 1,
      id: `s${i}`,
      kind: 'action' as const,
      tokens: i === 700 ? 10_000 : 1,
      context: null,
      reported: null,
    }));
    const points = bucketTokenSeries(series);
    expect(points[chartIndexOf(700, series.length)]?.id).toBe('s700');
    for (const i of [0, 3, 599, 1_233]) {
      const p = points[chartIndexOf(i, series.length)];
      expect(p && p.firstStep <= i + 1 && i + 1 <= p.lastStep).toBe(true);
    }
    expect(chartIndexOf(42, 100)).toBe(42);
  });
});
