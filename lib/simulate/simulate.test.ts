import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepsArb } from '../../test/arbitraries';
import { flatContext } from '../../test/build';
import { longHistory } from '../../bench/history';
import { importText } from '../import';
import { importSources } from '../import/files';
import { parseSource } from '../import';
import { toMessages } from '../messages';
import { isModelCall } from '../model/steps';
import type { ActionStep, Step } from '../model/types';
import { getStrategy, parseParams, STRATEGIES } from '../strategies';
import { createStrategyContext } from '../strategies/context';
import { none } from '../strategies/none';
import { truncateAction } from '../strategies/prune-old-observations';
import { callCost, priceSheetFor, runCost } from './cache';
import { contextsByDefinition } from './every-call';
import { checkReportedUsage } from './reported';
import { parseRunConfig, RunConfigError, type RunConfig } from './run-config';
import { simulate } from './simulate';

const real = (path: string) =>
  importText(
    readFileSync(new URL(`../../test/fixtures/real/${path}`, import.meta.url), 'utf8'),
    path,
  ).file.histories[0]!;
const tau = real('openai-chat/derived__tau-bench_gpt-4o-airline_task3_messages.json');

const sys: Step = { kind: 'system-prompt', id: 'S', stepNumber: 0, content: 'You are helpful.' };
const task = (id: string, text = 'Do it'): Step => ({
  kind: 'task',
  id,
  stepNumber: 1,
  task: text,
});
const act = (id: string, observation = `result of ${id}`): Step => ({
  kind: 'action',
  id,
  stepNumber: 2,
  toolCalls: [],
  isFinal: false,
  modelOutput: `I run ${id}`,
  observation,
});
const actions = (n: number) => Array.from({ length: n }, (_, i) => act(`A${i + 1}`));

const run = (trigger: RunConfig['trigger'], mode: RunConfig['mode'] = 'in-place'): RunConfig => ({
  trigger,
  mode,
});

describe('triggers and in-place state, against hand-computed replays', () => {
  const steps = [sys, task('T'), ...actions(8)];
  const keep1 = getStrategy('keep-last-n-steps');

  it('in place with a step-count trigger draws the seed 001 sawtooth', () => {
    // After A4 the history holds 6 steps > 5: keep S, T, A4. It regrows to 6 after A7: S, T, A7.
    const sim = simulate(
      { steps },
      keep1,
      { n: 1 },
      flatContext(),
      run({ kind: 'step-count', threshold: 5, onOverflow: false }),
    );
    expect(sim.calls.map((c) => c.contextTokens)).toEqual([23, 33, 43, 53, 33, 43, 53, 33]);
    expect(sim.calls.map((c) => c.sharedPrefixTokens)).toEqual([0, 20, 30, 40, 20, 30, 40, 20]);
    expect(sim.applications.map((a) => [a.atStep, a.beforeTokens, a.afterTokens])).toEqual([
      [6, 63, 33],
      [9, 63, 33],
    ]);
    expect(sim.final.steps.map((s) => s.id)).toEqual(['S', 'T', 'A7', 'A8']);
    expect(sim.final.fates.map((f) => f.kind)).toEqual([
      'kept',
      'kept',
      'removed',
      'removed',
      'removed',
      'removed',
      'removed',
      'removed',
      'kept',
      'kept',
    ]);
  });

  it('stateless with the same trigger re-derives the view from the full history each time', () => {
    const sim = simulate(
      { steps },
      keep1,
      { n: 1 },
      flatContext(),
      run({ kind: 'step-count', threshold: 5, onOverflow: false }, 'stateless'),
    );
    expect(sim.calls.map((c) => c.contextTokens)).toEqual([23, 33, 43, 53, 33, 33, 33, 33]);
    expect(sim.applications.map((a) => a.atStep)).toEqual([6, 7, 8, 9, 10]);
  });

  it('every K calls runs before calls K, 2K, …; a token limit before a call over it', () => {
    const everyThird = simulate(
      { steps },
      keep1,
      { n: 1 },
      flatContext(),
      run({ kind: 'every-k-calls', k: 3, onOverflow: false }),
    );
    // Calls 3 and 6 see S, T, A_{k-1}; the others grow from there.
    expect(everyThird.calls.map((c) => c.contextTokens)).toEqual([23, 33, 33, 43, 53, 33, 43, 53]);
    expect(everyThird.calls.map((c) => c.applied)).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
      false,
      false,
    ]);
    const limit = simulate(
      { steps },
      keep1,
      { n: 1 },
      flatContext(),
      run({ kind: 'token-limit', tokens: 50, onOverflow: false }),
    );
    expect(limit.calls.map((c) => c.contextTokens)).toEqual([23, 33, 43, 33, 43, 33, 43, 33]);
  });

  it('on overflow runs only when a call would exceed the window', () => {
    const sim = simulate(
      { steps },
      keep1,
      { n: 2 },
      flatContext(60),
      run({ kind: 'after-invocation', onOverflow: true }),
    );
    expect(sim.calls.map((c) => c.contextTokens)).toEqual([23, 33, 43, 53, 43, 53, 43, 53]);
  });

  it('after each invocation runs when the next user task arrives (seed 002, Strands)', () => {
    const two = [
      sys,
      task('T1'),
      act('A1'),
      act('A2'),
      act('A3'),
      task('T2'),
      act('B1'),
      act('B2'),
    ];
    const sim = simulate(
      { steps: two },
      keep1,
      { n: 1 },
      flatContext(),
      run({ kind: 'after-invocation', onOverflow: false }),
    );
    // Within the first invocation nothing runs; before T2 the history becomes S, T1, A3, so B1 sees
    // S, T1, A3, T2 and B2 one step more.
    expect(sim.calls.map((c) => c.contextTokens)).toEqual([23, 33, 43, 43, 53]);
    expect(sim.applications.map((a) => a.atStep)).toEqual([5, 8]);
    expect(sim.final.steps.map((s) => s.id)).toEqual(['S', 'T1', 'T2', 'B2']);
  });

  it('in place, a summary is summarized again by the next compaction, and stands for the originals', () => {
    const long = [sys, task('T'), ...actions(12)];
    const compact = getStrategy('compact-conversation');
    const sim = simulate(
      { steps: long },
      compact,
      parseParams(compact, { thresholdTokens: 60 }),
      flatContext(),
      run({ kind: 'every-call', onOverflow: false }),
    );
    expect(sim.applications.length).toBeGreaterThan(2);
    expect(Math.max(...sim.calls.map((c) => c.contextTokens))).toBeLessThanOrEqual(73);
    const summary = sim.final.steps.find((s) => s.kind === 'summary');
    expect(
      summary?.kind === 'summary' && summary.replaces.every((id) => long.some((s) => s.id === id)),
    ).toBe(true);
    expect(sim.final.fates.filter((f) => f.kind === 'summarized').length).toBeGreaterThan(8);
  });

  it('refuses unknown trigger kinds and keys, naming what it expected; accepts 0 where upstream does', () => {
    expect(() => parseRunConfig({ trigger: { kind: 'sometimes' } })).toThrow(
      'trigger: unknown kind "sometimes" (expected: every-call, after-step, step-count, after-invocation, token-limit, every-k-calls)',
    );
    expect(() => parseRunConfig({ trigger: { kind: 'step-count', treshold: 3 } })).toThrow(
      new RunConfigError(
        'trigger step-count: unknown key "treshold" (expected: kind, threshold, onOverflow)',
      ),
    );
    expect(() => parseRunConfig({ mode: 'inplace' })).toThrow(RunConfigError);
    expect(() => parseRunConfig({ trigger: 'every-call', when: 1 })).toThrow(
      'run: unknown key "when" (expected: trigger, mode, recorded)',
    );
    expect(parseRunConfig({ trigger: { kind: 'step-count', threshold: 0 } }).trigger).toEqual({
      kind: 'step-count',
      threshold: 0,
      onOverflow: false,
    });
  });
});

describe('stateless before every call is the strategy applied to every prefix', () => {
  const ctx = createStrategyContext({ model: 'gpt-4o' });
  it.each(STRATEGIES.map((s) => [s.id, s] as const))('%s on a real run', (_id, strategy) => {
    const s = strategy as unknown as Parameters<typeof simulate>[1];
    const params = parseParams(s, {});
    const sim = simulate(tau, s, params, ctx);
    const r = contextsByDefinition(tau, s, params, ctx);
    expect(sim.calls.map((c) => [c.stepIndex, c.contextTokens])).toEqual(
      r.calls.map((c) => [c.stepIndex, c.contextTokens]),
    );
    expect(sim.totalInputTokens).toBe(r.totalInputTokens);
    expect(sim.final.steps).toEqual(s.apply(tau, params, ctx).steps);
  });

  it('on generated histories, for the window strategies', () => {
    fc.assert(
      fc.property(stepsArb(24), fc.integer({ min: 0, max: 6 }), (steps, n) => {
        const c = createStrategyContext({ contextWindow: 2_000 });
        for (const id of ['keep-last-n-steps', 'strands-sliding-window', 'token-budget'] as const) {
          const s = getStrategy(id);
          const params = parseParams(
            s,
            id === 'keep-last-n-steps'
              ? { n }
              : id === 'token-budget'
                ? { maxTokens: 200 + 100 * n }
                : { windowSize: 2 * n },
          );
          expect(simulate({ steps }, s, params, c).totalInputTokens).toBe(
            contextsByDefinition({ steps }, s, params, c).totalInputTokens,
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('says it ran once per call, not once more for the context after the run (issue 21)', () => {
    const calls = tau.steps.filter(isModelCall).length;
    const keep = getStrategy('keep-last-n-steps');
    const sim = simulate(tau, keep, parseParams(keep, {}), ctx);
    expect(sim.calls).toHaveLength(calls);
    expect(sim.final.notes[0]).toBe(`ran ${calls} times (stateless, before every call)`);
    expect(sim.applications.filter((a) => !a.afterRun)).toHaveLength(calls);
    // The long-run path (the fast replay, every shared prefix replayed: issue 26) counts the same way.
    const long = { steps: longHistory(700) };
    const longCalls = long.steps.filter(isModelCall).length;
    const replayed = simulate(long, keep, parseParams(keep, {}), ctx);
    expect(replayed.calls).toHaveLength(longCalls);
    expect(replayed.final.notes[0]).toBe(`ran ${longCalls} times (stateless, before every call)`);
  });

  it('none shares the whole previous context at every call', () => {
    const sim = simulate(tau, none, {}, ctx);
    sim.calls.forEach((c, i) =>
      expect(c.sharedPrefixTokens).toBe(i === 0 ? 0 : (sim.calls[i - 1]?.contextTokens ?? 0) - 3),
    );
  });
});

describe('long runs before every call bill every call exactly (issue 26: nothing sampled)', () => {
  it('the replayed run equals the call-by-call engine, shared prefixes and cost included', () => {
    const steps = longHistory(700);
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    const sheet = priceSheetFor('gpt-4o')!;
    for (const id of ['keep-last-n-steps', 'clear-tool-uses', 'strands-sliding-window'] as const) {
      const s = getStrategy(id);
      const params = parseParams(s, id === 'clear-tool-uses' ? { triggerTokens: 20_000 } : {});
      const replayed = simulate({ steps }, s, params, ctx);
      const exact = simulate({ steps }, s, params, ctx, undefined, { exactPrefixes: true });
      expect(replayed.calls).toEqual(exact.calls);
      expect(runCost(replayed.calls, sheet).costUsd).toBe(runCost(exact.calls, sheet).costUsd);
    }
  });

  it('a strategy with a fast replay of its tokens but none of its shared prefixes runs call by call', () => {
    const steps = longHistory(700);
    const ctx = createStrategyContext({ model: 'gpt-4o' });
    const { replayShared: _shared, ...tokensOnly } = getStrategy('keep-last-n-steps');
    const params = parseParams(tokensOnly, { n: 3 });
    const run = simulate({ steps }, tokensOnly, params, ctx);
    const exact = simulate({ steps }, tokensOnly, params, ctx, undefined, { exactPrefixes: true });
    expect(run.calls).toEqual(exact.calls);
    expect(run.calls.some((c, i) => i > 0 && c.sharedPrefixTokens === 0)).toBe(false);
  });
});

describe('the tinyAgent preset is seed 004 ReactAgent(enable_pruning=True)', () => {
  /** The seed's loop, literally: record the step (observation cut to MAX_OBS_LEN), then prune in place. */
  function seedLoop(steps: readonly Step[]): Map<number, Step[]> {
    const memory: Step[] = [];
    const contexts = new Map<number, Step[]>();
    steps.forEach((step, i) => {
      if (isModelCall(step)) contexts.set(i, [...memory]);
      memory.push(step.kind === 'action' ? truncateAction(step, 500) : step);
      // prune_old_observations(prune_keep_last=5): actions before the last 5 cut to 100 + "...".
      const actionsAt = memory.map((s, j) => (s.kind === 'action' ? j : -1)).filter((j) => j >= 0);
      for (const j of actionsAt.slice(0, Math.max(0, actionsAt.length - 5)))
        memory[j] = truncateAction(memory[j] as ActionStep, 100);
    });
    return contexts;
  }

  const tinyagent = (p: string) => real(`tinyagent/${p}`);
  it.each([
    ['tau-bench run', tau],
    ['tinyAgent python run', tinyagent('python_provider_full_run.json')],
  ])('sends the same messages at every call on the %s', (_name, history) => {
    const ctx = createStrategyContext({ dialect: 'tinyagent' });
    const s = getStrategy('prune-old-observations');
    const calls = history.steps.map((st, i) => (isModelCall(st) ? i : -1)).filter((i) => i >= 0);
    const sim = simulate(
      history,
      s,
      parseParams(s, { keepLastN: 5, maxLength: 100, recordMaxLength: 500 }),
      ctx,
      run({ kind: 'after-step', onOverflow: false }),
      { keepContextsAt: new Set(calls) },
    );
    const expected = seedLoop(history.steps);
    for (const k of calls)
      expect(toMessages(sim.contexts.get(k) ?? [], 'tinyagent')).toEqual(
        toMessages(expected.get(k) ?? [], 'tinyagent'),
      );
    expect(calls.length).toBeGreaterThan(0);
  });
});

describe('prompt caching', () => {
  const sonnet = priceSheetFor('claude-sonnet-4-5')!;
  const gpt4o = priceSheetFor('gpt-4o')!;

  it('bills a hand-computed Anthropic and OpenAI call', () => {
    // 4,000 tokens read at $0.30/M, 1,000 written at $3.75/M; uncached, 5,000 at $3/M.
    const a = callCost(5_000, 4_000, sonnet);
    expect(a.cached).toBe(4_000);
    expect(a.costUsd).toBeCloseTo(0.0012 + 0.00375, 10);
    expect(a.uncachedCostUsd).toBeCloseTo(0.015, 10);
    // OpenAI: hits in 128-token steps past 1,024: 2,000 shared → 1,920 cached at $1.25/M, 3,080 at $2.50/M.
    const o = callCost(5_000, 2_000, gpt4o);
    expect(o.cached).toBe(1_920);
    expect(o.costUsd).toBeCloseTo(0.0024 + 0.0077, 10);
    // Below the minimum, or after the cache's lifetime, nothing is cached.
    expect(callCost(5_000, 900, gpt4o).cached).toBe(0);
    expect(callCost(5_000, 4_000, sonnet, 301).cached).toBe(0);
    expect(callCost(5_000, 4_000, sonnet, 299).cached).toBe(4_000);
  });

  it('sums a run call by call', () => {
    const calls = [
      { stepIndex: 1, contextTokens: 2_000, sharedPrefixTokens: 0, applied: false },
      { stepIndex: 2, contextTokens: 3_000, sharedPrefixTokens: 1_997, applied: false },
    ];
    const cost = runCost(calls, sonnet);
    expect(cost.cachedTokens).toBe(1_997);
    expect(cost.costUsd).toBeCloseTo((2_000 * 3.75 + 1_997 * 0.3 + 1_003 * 3.75) / 1e6, 10);
    expect(cost.uncachedCostUsd).toBeCloseTo((5_000 * 3) / 1e6, 10);
  });

  it("matches a real Claude Code session's reported bill within a few percent once calibrated", () => {
    const dir = new URL(
      '../../test/fixtures/real/anthropic-claude-code/cc_claude_p_29ccd257/',
      import.meta.url,
    );
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) =>
      f.endsWith('.jsonl'),
    );
    const loaded = importSources(
      files.map((f) =>
        parseSource(readFileSync(new URL(f, dir), 'utf8'), `cc_claude_p_29ccd257/${f}`),
      ),
      [],
    );
    const main = loaded.histories[0]!;
    for (const h of [main, main.children![0]!.history]) {
      const ctx = createStrategyContext({ model: h.model, dialect: 'anthropic' });
      const check = checkReportedUsage(h, simulate(h, none, {}, ctx), priceSheetFor(h.model)!)!;
      // The transcript lacks Claude Code's system prompt and tools: raw, the bill is far off.
      expect(Math.abs(check.rawGap)).toBeGreaterThan(0.3);
      expect(Math.abs(check.calibratedGap)).toBeLessThan(0.06);
      expect(check.offsetTokens).toBeGreaterThan(10_000);
    }
  });
});

describe('context changes the run recorded are honoured', () => {
  it('a real Claude Code compaction: after it, none sends the summary and what follows, not what it replaced', () => {
    const session = real('anthropic-claude-code/simonw__sample_session.json');
    const ctx = createStrategyContext({ dialect: 'anthropic' });
    const at = session.steps.findIndex((s) => s.kind === 'summary');
    const next = session.steps.findIndex((s, i) => i > at && isModelCall(s));
    const sim = simulate(session, none, {}, ctx, undefined, { keepContextsAt: new Set([next]) });
    const context = sim.contexts.get(next) ?? [];
    expect(context.map((s) => s.id)).toEqual(session.steps.slice(at, next).map((s) => s.id));
    const call = sim.calls.find((c) => c.stepIndex === next)!;
    const before = sim.calls[sim.calls.indexOf(call) - 1]!;
    // The compaction drops the earlier context: the call after it is smaller and shares no prefix.
    expect(call.contextTokens).toBeLessThan(before.contextTokens);
    expect(call.sharedPrefixTokens).toBe(0);
    // An in-place strategy sees the compacted history too.
    const keep = getStrategy('keep-last-n-steps');
    const inPlace = simulate(
      session,
      keep,
      { n: 50 },
      ctx,
      run({ kind: 'after-step', onOverflow: false }),
      { keepContextsAt: new Set([next]) },
    );
    expect(inPlace.contexts.get(next)?.map((s) => s.id)).toEqual(context.map((s) => s.id));
  });

  it('seed 003: summarize_step hides a plan step behind the summary it carries; expand_step brings it back', () => {
    const call = (id: string, name: string, args: Record<string, string>): Step => ({
      kind: 'action',
      id,
      stepNumber: 0,
      isFinal: false,
      toolCalls: [{ id: `c-${id}`, name, arguments: args, result: 'ok' }],
    });
    const steps: Step[] = [
      sys,
      { ...task('T1'), planStepId: '1' },
      { ...act('A1'), planStepId: '1' },
      { ...act('A2'), planStepId: '1' },
      { ...task('T2'), planStepId: '2' },
      {
        ...call('Sum', 'summarize_step', { step_id: '1', summary: 'Read the config.' }),
        planStepId: '2',
      },
      { ...act('B1'), planStepId: '2' },
      { ...call('E', 'expand_step', { step_id: '1', reason: 'need the path' }), planStepId: '2' },
      { ...act('B2'), planStepId: '2' },
    ];
    const calls = steps.map((s, i) => (isModelCall(s) ? i : -1)).filter((i) => i >= 0);
    const sim = simulate({ steps }, none, {}, flatContext(), undefined, {
      keepContextsAt: new Set(calls),
    });
    const ids = (k: number) => sim.contexts.get(k)?.map((s) => s.id);
    expect(ids(6)).toEqual(['S', 'T2', 'Sum']);
    expect(ids(8)).toEqual(['S', 'T1', 'A1', 'A2', 'T2', 'Sum', 'B1', 'E']);
  });
});
