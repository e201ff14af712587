import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { modelCallIndices } from '../model/steps';
import type { Step } from '../model/types';
import { getStrategy, parseParams } from '../strategies';
import { createStrategyContext } from '../strategies/context';
import type { HistoryLike, Strategy } from '../strategies/types';
import { DEFAULT_RUN } from './run-config';
import { simulate } from './simulate';

const steps = importText(
  readFileSync(
    new URL(
      '../../test/fixtures/real/openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json',
      import.meta.url,
    ),
    'utf8',
  ),
  'tau.json',
).file.histories[0]?.steps as Step[];
const ctx = createStrategyContext({ model: 'gpt-4o' });
// Stateless before every call, contexts only: the path the strategies' fast replays answer.
const replay = <P>(history: HistoryLike, strategy: Strategy<P>, params: P) =>
  simulate(history, strategy, params, ctx, DEFAULT_RUN, { contextsOnly: true });

describe('stateless before every call, on a real tau-bench run', () => {
  it('sends the whole prefix before every model call under none: the quadratic cost', () => {
    const calls = modelCallIndices(steps);
    expect(calls).toHaveLength(steps.filter((s) => s.kind === 'action').length);
    const r = replay({ steps }, getStrategy('none'), {});
    r.calls.forEach((c) =>
      expect(c.contextTokens).toBe(ctx.tokens.context(steps.slice(0, c.stepIndex))),
    );
    expect(r.totalInputTokens).toBe(r.calls.reduce((n, c) => n + c.contextTokens, 0));
    // Every call resends everything before it, so the run costs far more than one pass.
    expect(r.totalInputTokens).toBeGreaterThan(10 * ctx.tokens.context(steps));
    expect(r.peakContextTokens).toBe(r.calls.at(-1)?.contextTokens);
    expect(r.overflowCalls).toBe(0);
  });

  it.each([
    'keep-last-n-steps',
    'prune-old-observations',
    'strands-sliding-window',
    'token-budget',
    'trajectory-sliding-window',
  ])('%s saves against none, and every call is the strategy applied to its prefix', (id) => {
    const s = getStrategy(id);
    const small =
      {
        'strands-sliding-window': { windowSize: 10 },
        'token-budget': { maxTokens: 1_500 },
        'trajectory-sliding-window': { maxSteps: 20, preserveLast: 5 },
      }[id] ?? {};
    const params = parseParams(s, small);
    const r = replay({ steps }, s, params);
    const base = replay({ steps }, getStrategy('none'), {});
    expect(r.totalInputTokens).toBeLessThan(base.totalInputTokens);
    const k = r.calls[r.calls.length - 1] as { stepIndex: number; contextTokens: number };
    expect(k.contextTokens).toBe(
      ctx.tokens.context(s.apply({ steps: steps.slice(0, k.stepIndex) }, params, ctx).steps),
    );
  });
});
