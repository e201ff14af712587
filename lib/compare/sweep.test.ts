import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { priceSheetFor } from '../simulate/cache';
import { createStrategyContext } from '../strategies/context';
import { kneeIndex, runSweep, sweepableParams, sweepValues, withParam } from './sweep';

const history = importText(
  readFileSync(
    new URL(
      '../../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
      import.meta.url,
    ),
    'utf8',
  ),
  'tau.json',
).file.histories[0]!;
const ctx = createStrategyContext({ model: 'gpt-4o' });

describe('parameter sweep', () => {
  it('finds the knee of a curve that falls steeply then flattens, and none on a straight line', () => {
    // Loss falls fast until cost 3, then barely: the knee is the point at cost 3.
    const curve = [
      { x: 1, y: 100 },
      { x: 2, y: 40 },
      { x: 3, y: 12 },
      { x: 4, y: 9 },
      { x: 5, y: 7 },
      { x: 6, y: 6 },
    ];
    expect(kneeIndex(curve)).toBe(2);
    expect(kneeIndex([1, 2, 3, 4].map((x) => ({ x, y: 10 - x })))).toBeUndefined();
    expect(
      kneeIndex([
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ]),
    ).toBeUndefined();
  });

  it('spreads values evenly, rounding integers and dropping repeats', () => {
    expect(sweepValues(10, 200, 5, true)).toEqual([10, 58, 105, 153, 200]);
    expect(sweepValues(0, 3, 8, true)).toEqual([0, 1, 2, 3]);
  });

  it('offers a strategy its numeric parameters and its trigger number, and sets either', () => {
    const choice = {
      strategyId: 'keep-last-n-steps',
      params: { n: 4 },
      run: {
        mode: 'in-place' as const,
        trigger: { kind: 'step-count' as const, threshold: 12, onOverflow: false },
      },
    };
    expect(sweepableParams(choice).map((p) => [p.name, p.current])).toEqual([
      ['n', 4],
      ['trigger.threshold', 12],
    ]);
    expect(withParam(choice, 'trigger.threshold', 30).run?.trigger).toEqual({
      kind: 'step-count',
      threshold: 30,
      onOverflow: false,
    });
    expect(withParam(choice, 'n', 2).params).toEqual({ n: 2 });
  });

  it('on a real run, keeping more steps sends more and loses fewer identifiers, but caching bends the cost', () => {
    const progress: number[] = [];
    const sweep = runSweep(
      history,
      { strategyId: 'keep-last-n-steps', params: {} },
      'n',
      [0, 2, 5, 10, 20, 40],
      ctx,
      priceSheetFor('gpt-4o'),
      (d) => progress.push(d),
    );
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    const input = sweep.points.map((p) => p.inputTokens);
    const lost = sweep.points.map((p) => p.lost);
    for (let i = 1; i < input.length; i++) {
      expect(input[i]).toBeGreaterThanOrEqual(input[i - 1] as number);
      expect(lost[i]).toBeLessThanOrEqual(lost[i - 1] as number);
    }
    // n = 40 keeps all 37 non-critical steps: nothing is lost. n = 20 sends fewer tokens, yet its
    // window moves at every call and restarts the cache: with GPT-4o's caching it costs more.
    const [n20, n40] = [sweep.points[4]!, sweep.points[5]!];
    expect(n40.lost).toBe(0);
    expect(n20.inputTokens).toBeLessThan(n40.inputTokens);
    expect(n20.costUsd as number).toBeGreaterThan(n40.costUsd as number);
    expect(n20.uncachedCostUsd as number).toBeLessThan(n40.uncachedCostUsd as number);
    // The knee is the cheapest point that loses nothing.
    expect(sweep.knee).toBe(5);
    const bad = runSweep(history, { strategyId: 'keep-last-n-steps', params: {} }, 'n', [-1], ctx);
    expect(bad.points[0]?.error).toMatch(/n: /);
  });
});
