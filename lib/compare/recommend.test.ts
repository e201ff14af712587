import { describe, expect, it } from 'vitest';
import { CASES, importFixture } from '../../test/cases';
import type { History } from '../model/types';
import { priceSheetFor } from '../simulate/cache';
import { chooseModel } from '../state/model-choice';
import { createStrategyContext } from '../strategies/context';
import { compareStrategies, comparisonCosts } from './compare';
import type { StrategyChoice } from './config';
import { PRESETS } from './presets';
import { allTied, rankStrategies, recommend } from './ranking';

const STARTER = ['strands-default', 'anthropic-clear-tool-uses', 'tinyagent-last-5'].map(
  (id) => PRESETS.find((p) => p.id === id)?.choice as StrategyChoice,
);

/** A comparison as the compare view makes it: the run's own model, its window and its prices. */
function compareAsTheViewDoes(
  history: History,
  choices: readonly StrategyChoice[],
  model?: string,
) {
  const choice = chooseModel(history, model);
  const ctx = createStrategyContext({ model: choice.model, contextWindow: choice.contextWindow });
  const cmp = compareStrategies(history, choices, ctx);
  const costs = choice.sheet ? comparisonCosts(cmp, choice.sheet) : undefined;
  return { cmp, costs, peakShare: cmp.baseline.peakContextTokens / choice.contextWindow };
}

// The Claude Code sub-agent the issue names: 10 calls of Claude Haiku 4.5, at most 26k of 200k.
const subAgent = importFixture('real/anthropic-claude-code/cc_claude_p_29ccd257').histories[0]!
  .children![0]!.history;

describe('the ranking and its recommendation on the Claude Code sub-agent', () => {
  const { cmp, costs, peakShare } = compareAsTheViewDoes(subAgent, STARTER);
  const truncate = cmp.columns.findIndex((c) => c.choice.strategyId === 'prune-old-observations');

  it('says the cache restarts only where the bill shows it', () => {
    // Every request truncated stays under Haiku 4.5's 4,096-token cache minimum: nothing is
    // cached, so the cache never "restarts" either (the "0.0%" beside "restarts at 4").
    const bill = costs![truncate + 1]!;
    expect(bill.cachedTokens).toBe(0);
    expect(bill.restarts).toBe(0);
    const row = rankStrategies(cmp, subAgent.steps, costs, 'cost').find(
      (r) => r.index === truncate,
    )!;
    expect(row.sentence).not.toContain('restarts');
    expect(row.sentence).toContain(
      'the prompt cache serves none of its input, against 81% when sending everything',
    );
  });

  it('needs no pruning at 13% of the window, and names the cheaper lossy strategy it turns down', () => {
    expect(Math.round(peakShare * 100)).toBe(13);
    for (const goal of ['cost', 'overflow', 'loss'] as const) {
      const rec = recommend(rankStrategies(cmp, subAgent.steps, costs, goal), {
        peakShare,
        windowLabel: 'Claude Haiku 4.5’s window',
      })!;
      expect(rec).toMatchObject({ kind: 'none', needed: false, index: -1 });
      expect(rec.sentence).toBe(
        'No pruning needed: the run peaks at 13% of Claude Haiku 4.5’s window, and every strategy that saves 10% of the cost or more cuts what a later call used.',
      );
      expect(rec.alternative).toBe(
        'Truncate old observations would save 51% of the cost, but cuts 58 identifiers a later call used.',
      );
    }
  });

  it('says ties as ties', () => {
    // No call goes over the window with any of them: under that goal all four are first.
    const byOverflow = rankStrategies(cmp, subAgent.steps, costs, 'overflow');
    expect(allTied(byOverflow)).toBe(true);
    expect(byOverflow.every((r) => r.tied && r.rank === 1)).toBe(true);
    // By cost the truncation is first alone; the three that never cut share second place.
    const byCost = rankStrategies(cmp, subAgent.steps, costs, 'cost');
    expect(byCost.map((r) => [r.index, r.rank, r.tied])).toEqual([
      [truncate, 1, false],
      [-1, 2, true],
      [0, 2, true],
      [1, 2, true],
    ]);
    expect(allTied(byCost)).toBe(false);
    expect(byCost.find((r) => r.index === 0)?.sentence).toBe(
      'sends what sending everything sends: it never cuts on this run.',
    );
  });
});

describe('recommendations on other real runs', () => {
  const swe = importFixture(
    'real/swe-agent/replay__marshmallow-code__marshmallow-1867__default___install_from_source__marshmallow-code__marshmallow-1867.traj',
  ).histories[0]!;
  const masking: StrategyChoice[] = [
    { strategyId: 'observation-masking', params: { keepLast: 3 } },
  ];

  it('recommends a strategy that loses nothing and saves a tenth, and not once caching makes it cost more', () => {
    // Unpriced (tokens stand in for cost): masking saves over a third of the input, losing nothing.
    const { cmp, peakShare } = compareAsTheViewDoes(swe, masking);
    const byTokens = recommend(rankStrategies(cmp, swe.steps, undefined, 'cost'), { peakShare })!;
    expect(byTokens).toMatchObject({ kind: 'strategy', index: 0, needed: false });
    expect(byTokens.sentence).toMatch(
      /^Observation masking \(last M observations\) saves 3\d% of the input and loses no identifier a later call used; the run peaks at [\d.]+% of the context window\.$/,
    );
    // Priced at Claude Sonnet 4, moving the mask restarts the cache: it costs more than it saves.
    const priced = compareAsTheViewDoes(swe, masking, 'claude-sonnet-4');
    const byCost = recommend(rankStrategies(priced.cmp, swe.steps, priced.costs, 'cost'), priced)!;
    expect(byCost.kind).toBe('none');
    expect(byCost.sentence).toContain(
      'those that send less cost more once prompt caching is counted',
    );
  });

  it('says pruning is needed when sending everything overflows the window', () => {
    const ctx = createStrategyContext({ model: 'claude-sonnet-4', contextWindow: 5_000 });
    const cmp = compareStrategies(swe, [{ strategyId: 'keep-last-n-steps', params: {} }], ctx);
    expect(cmp.baseline.overflowCalls).toBeGreaterThan(0);
    const costs = comparisonCosts(cmp, priceSheetFor('claude-sonnet-4')!);
    const rec = recommend(rankStrategies(cmp, swe.steps, costs, 'loss'), {
      peakShare: cmp.baseline.peakContextTokens / 5_000,
      windowLabel: 'a 5,000-token window',
    })!;
    expect(rec).toMatchObject({ kind: 'strategy', needed: true, index: 0 });
    expect(rec.sentence).toMatch(
      /^Pruning is needed: sending everything puts \d+ calls over a 5,000-token window; Keep last N steps /,
    );
  });

  it.each(
    CASES.map(([path]) => path).filter((p) =>
      /claude-code|swe-agent|smolagents|inspect|mini-swe/.test(p),
    ),
  )('never speaks of cache restarts the bill does not show: %s', (path) => {
    const history = importFixture(path).histories[0]!;
    const { cmp, costs } = compareAsTheViewDoes(history, STARTER, 'claude-sonnet-4');
    for (const r of rankStrategies(cmp, history.steps, costs, 'cost')) {
      const said = /restarts at (\d+) of/.exec(r.sentence);
      if (said) expect(Number(said[1])).toBe(r.cost?.restarts);
      if (r.cost && r.cost.cachedTokens === 0) expect(r.sentence).not.toContain('restarts');
    }
  });
});
