import { describe, expect, it } from 'vitest';
import { modelCallIndices } from '../model/steps';
import type { Step } from '../model/types';
import { simulate } from '../simulate/simulate';
import { getStrategy, parseParams } from '../strategies';
import { createStrategyContext } from '../strategies/context';
import { sampleRun } from '../../test/samples';
import { compareStrategies } from './compare';
import type { StrategyChoice } from './config';
import { callOnScreen, contextAtCall, sharedPrefix, type CallFate } from './context-at';

// The bundled tau-bench run (a real GPT-4o airline conversation: 42 steps, 30 model calls).
const history = sampleRun('tau-bench-airline-task3.json');
const ctx = createStrategyContext({ tokenizer: 'heuristic', dialect: 'openai', model: 'gpt-4o' });
const calls = modelCallIndices(history.steps);

const KEEP_LAST_10: StrategyChoice = { strategyId: 'keep-last-n-steps', params: { n: 10 } };
const MASKING: StrategyChoice = { strategyId: 'observation-masking', params: {} };

const kinds = (fates: readonly { readonly kind: string }[]) => fates.map((f) => f.kind);

describe('the context and every step’s fate at one call', () => {
  it('is the strategy at that call, not at the end of the run: early steps are kept early on', () => {
    // At the 6th call keep-last-N (n = 10) has fewer than 10 other steps to keep: it drops nothing,
    // though by the last call it removes step 3 (index 2).
    const early = contextAtCall(history, KEEP_LAST_10, calls[5] as number, ctx);
    expect(early?.fates).toHaveLength(calls[5] as number);
    expect(new Set(kinds(early?.fates ?? []))).toEqual(new Set(['kept']));
    const last = contextAtCall(history, KEEP_LAST_10, calls.at(-1) as number, ctx);
    expect(last?.fates[2]?.kind).toBe('removed');
    // The run's final result says "removed" for it too: the view must not show that at call 6.
    const final = compareStrategies(history, [KEEP_LAST_10], ctx).columns[0]?.result;
    expect(final?.fates[2]?.kind).toBe('removed');
  });

  it('equals the simulation stopped at the call (stateless, before every call)', () => {
    for (const choice of [KEEP_LAST_10, MASKING]) {
      const strategy = getStrategy(choice.strategyId);
      const params = parseParams(strategy, choice.params);
      for (const k of [calls[0], calls[9], calls[20], calls.at(-1)] as number[]) {
        const at = contextAtCall(history, choice, k, ctx);
        const sim = simulate(history, strategy, params, ctx, undefined, {
          keepContextsAt: new Set([k]),
          until: k,
        });
        expect(at?.steps.map((s) => s.id)).toEqual(sim.contexts.get(k)?.map((s) => s.id));
        expect(kinds(at?.fates ?? [])).toEqual(kinds(sim.final.fates));
        expect(at?.tokens).toBe(sim.calls.at(-1)?.contextTokens);
      }
    }
  });

  it('says what observation masking replaced at a late call, and nothing before it masks', () => {
    const early = contextAtCall(history, MASKING, calls[3] as number, ctx);
    expect(new Set(kinds(early?.fates ?? []))).toEqual(new Set(['kept']));
    const late = contextAtCall(history, MASKING, calls.at(-1) as number, ctx);
    const masked = (late?.fates ?? []).filter((f) => f.kind === 'truncated');
    expect(masked.length).toBeGreaterThan(0);
    for (const f of masked) {
      if (f.kind !== 'truncated') continue;
      for (const cut of f.cuts) {
        // SWE-agent's template stands for the whole result.
        expect(cut.kind).toBe('replaced');
        expect(cut.marker).toMatch(/^Old environment output: \(\d+ lines? omitted\)$/);
        expect(cut.cutChars).toBe(cut.originalChars);
      }
    }
  });

  it('follows an in-place run: what an application cut stays cut at later calls', () => {
    const tinyAgent: StrategyChoice = {
      strategyId: 'prune-old-observations',
      params: { keepLastN: 5, maxLength: 100, recordMaxLength: 500 },
      run: { mode: 'in-place', trigger: { kind: 'after-step', onOverflow: false } },
    };
    let before: readonly CallFate[] = [];
    for (const k of calls) {
      const at = contextAtCall(history, tinyAgent, k, ctx);
      expect(at?.fates).toHaveLength(k);
      // Whatever was truncated at an earlier call is still truncated (in place, cuts never heal).
      before.forEach((f, i) => {
        if (f.kind === 'truncated') expect(at?.fates[i]?.kind).toBe('truncated');
      });
      // Each context step is an original kept whole or its cut variant, in order.
      const ids = at?.steps.map((s) => s.id) ?? [];
      expect(ids).toEqual(
        history.steps
          .slice(0, k)
          .flatMap((s, i) => (at?.fates[i]?.kind === 'removed' ? [] : [s.id])),
      );
      before = at?.fates ?? [];
    }
    expect(before.some((f) => f.kind === 'truncated')).toBe(true);
  });

  it('a refused choice has no context, and the shared prefix is what every context starts with', () => {
    expect(
      contextAtCall(history, { strategyId: 'keep-last-n-steps', params: { n: -1 } }, 2, ctx),
    ).toBeUndefined();
    const k = calls.at(-1) as number;
    const a = contextAtCall(history, KEEP_LAST_10, k, ctx)?.steps as readonly Step[];
    const b = contextAtCall(history, MASKING, k, ctx)?.steps as readonly Step[];
    const shared = sharedPrefix([a, b], (s) => ctx.tokens.step(s));
    // Both keep the system prompt and the first task; keep-last-N then drops the first call.
    expect(shared.steps).toBe(2);
    expect(shared.tokens).toBe(ctx.tokens.step(a[0] as Step) + ctx.tokens.step(a[1] as Step));
    expect(sharedPrefix([a], () => 1).steps).toBe(a.length);
  });

  it('stands a step that is no call for the next call', () => {
    expect(callOnScreen(history.steps, undefined)).toBe(calls[0]);
    expect(callOnScreen(history.steps, calls[4])).toBe(calls[4]);
    expect(callOnScreen(history.steps, 3)).toBe(4);
    expect(callOnScreen(history.steps, 10_000)).toBe(calls.at(-1));
    expect(callOnScreen([], undefined)).toBeUndefined();
  });
});
