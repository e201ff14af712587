import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import type { Step } from '../model/types';
import { DEFAULT_RUN } from '../simulate/run-config';
import { simulate } from '../simulate/simulate';
import { getStrategy } from '../strategies';
import { createStrategyContext } from '../strategies/context';
import type { History } from '../model/types';
import { stepsRead, stepsReadWalked } from '../simulate/reconcile';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { CASES, importFixture } from '../../test/cases';
import fc from 'fast-check';
import {
  bucketTokenSeries,
  chartIndexOf,
  largestPoints,
  prepareTokenSeries,
  prepareTotals,
  type TokenPoint,
} from './prepare';

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

describe('one pass and run input count the same steps', () => {
  const countOf = (h: History) => {
    const t = createStrategyContext().tokens;
    return h.steps.map((s) => t.step(s));
  };

  it('a Claude Code parent run: the last reply is output no call reads, so one pass leaves it out', () => {
    const run = importFixture('real/anthropic-claude-code/cc_claude_p_29ccd257').histories[0]!;
    const t = countOf(run);
    const totals = prepareTotals(run.steps, t);
    // Two calls: the task (call 1), then the task and the Task call with its sub-agent's report.
    expect(totals.modelCalls).toBe(2);
    expect(totals.singlePassTokens).toBeGreaterThan(totals.runInputTokens);
    expect(totals.onePass).toEqual({
      tokens: REPLY_PRIMING_TOKENS + t[0]! + t[1]!,
      steps: 2,
      unreadSteps: 1,
      unreadTokens: t[2]!,
    });
    expect(totals.onePass.tokens).toBe(totals.peakContext);
    expect(totals.runInputTokens).toBeGreaterThanOrEqual(totals.onePass.tokens);
  });

  it('a run that compacted: what a compaction replaced was read before it, the summary after', () => {
    const run = importFixture(
      'real/anthropic-claude-code/entireio-cli__checkpoint-b6f735fbac66.jsonl',
    ).histories[0]!;
    const t = countOf(run);
    const totals = prepareTotals(run.steps, t);
    const read = stepsRead(run.steps, t);
    expect(run.steps.some((s) => s.kind === 'summary')).toBe(true);
    expect(read.filter((r) => !r)).toHaveLength(totals.onePass.unreadSteps);
    // A run that compacts sends less at its largest call than it read over the run.
    expect(totals.onePass.tokens).toBeGreaterThan(totals.peakContext);
    expect(totals.runInputTokens).toBeGreaterThan(totals.onePass.tokens);
  });

  it.each(CASES.map(([path]) => path))(
    'reads the steps the walk reads, by its shortcut when no event is recorded: %s',
    (path) => {
      for (const run of importFixture(path).histories.slice(0, 5)) {
        const t = countOf(run);
        expect(stepsRead(run.steps, t)).toEqual(stepsReadWalked(run.steps, t));
      }
    },
  );

  it.each(CASES.map(([path]) => path))('never exceeds run input: %s', (path) => {
    for (const run of importFixture(path).histories.slice(0, 5)) {
      const totals = prepareTotals(run.steps, countOf(run));
      expect(totals.onePass.tokens).toBeLessThanOrEqual(totals.runInputTokens);
      if (totals.modelCalls > 0) expect(totals.onePass.tokens).toBeGreaterThan(0);
    }
  });
});

describe('largestPoints', () => {
  const point = (index: number, tokens: number): TokenPoint => ({
    index,
    stepNumber: index + 1,
    id: `s${index}`,
    kind: 'action',
    tokens,
    context: null,
    reported: null,
  });
  it('keeps what sorting the whole series keeps, in its order, ties by step (property)', () => {
    fc.assert(
      fc.property(
        // Few distinct counts, so ties are common; indexes shuffled, so input order is not rank order.
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 }).chain((tokens) =>
          fc.tuple(
            fc.shuffledSubarray(
              tokens.map((t, i) => point(i, t)),
              { minLength: tokens.length },
            ),
            fc.integer({ min: 0, max: 8 }),
          ),
        ),
        ([series, count]) => {
          const sorted = [...series]
            .sort((a, b) => b.tokens - a.tokens || a.index - b.index)
            .slice(0, count);
          expect(largestPoints(series, count)).toEqual(sorted);
        },
      ),
    );
  });
});
