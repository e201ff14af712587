import { describe, expect, it } from 'vitest';
import { act, answer, history, system, task } from '../../test/build';
import { toMessages } from '../messages';
import { stepText } from '../model/steps';
import type { Step } from '../model/types';
import { getStrategy, parseParams, STRATEGIES, StrategyParamsError } from './index';
import { createStrategyContext } from './context';
import { createCustomStrategy } from './custom';

const ctx = createStrategyContext();
const run = (id: string, steps: Step[], params: Record<string, unknown> = {}, c = ctx) => {
  const s = getStrategy(id);
  return s.apply({ steps }, parseParams(s, params), c);
};
const fates = (r: { fates: readonly { kind: string }[] }) => r.fates.map((f) => f.kind);

describe('registry', () => {
  it('lists the fourteen strategies with defaults from their sources', () => {
    expect(STRATEGIES.map((s) => s.id)).toEqual([
      'none',
      'keep-last-n-steps',
      'prune-old-observations',
      'trajectory-sliding-window',
      'session-trajectory-window',
      'strands-sliding-window',
      'token-budget',
      'clear-tool-uses',
      'observation-masking',
      'summarize-plan-steps',
      'summarizing-window',
      'compact-conversation',
      'condense-events',
      'smolagents-summary-mode',
    ]);
    expect(parseParams(getStrategy('strands-sliding-window'), {})).toEqual({
      windowSize: 40,
      shouldTruncateResults: true,
    });
    expect(parseParams(getStrategy('trajectory-sliding-window'), {})).toEqual({
      maxSteps: 100,
      preserveFirst: 2,
      preserveLast: 20,
    });
    expect(parseParams(getStrategy('session-trajectory-window'), {})).toEqual({
      maxSteps: 100,
      preserveSystemMessages: true,
    });
    expect(parseParams(getStrategy('prune-old-observations'), {})).toEqual({
      keepLastN: 3,
      maxLength: 100,
    });
    expect(parseParams(getStrategy('summarizing-window'), {})).toEqual({
      summaryRatio: 0.3,
      preserveRecentMessages: 10,
    });
    expect(parseParams(getStrategy('clear-tool-uses'), {})).toMatchObject({
      triggerTokens: 100_000,
      keep: 3,
      placeholder: '[cleared]',
    });
  });

  it('explains invalid parameters and unknown ids', () => {
    expect(() => parseParams(getStrategy('keep-last-n-steps'), { n: -1 })).toThrow(
      /Invalid parameters for keep-last-n-steps: n: /,
    );
    // A misspelled or unknown key is named with the expected ones, never replaced by a default.
    expect(() => parseParams(getStrategy('keep-last-n-steps'), { keep_last_n: 3 })).toThrow(
      'Invalid parameters for keep-last-n-steps: unknown key "keep_last_n" (expected: n)',
    );
    expect(() => parseParams(getStrategy('prune-old-observations'), { bogus: 1 })).toThrow(
      'unknown key "bogus" (expected: keepLastN, maxLength, recordMaxLength, placeholder)',
    );
    expect(() => parseParams(getStrategy('none'), { n: 1 })).toThrow(
      'unknown key "n" (expected: no parameters)',
    );
    expect(() =>
      parseParams(getStrategy('token-budget'), { strategy: 'first', startOn: ['human'] }),
    ).toThrow("`startOn` should only be specified if `strategy` is 'last'.");
    expect(() => getStrategy('nope')).toThrow(StrategyParamsError);
  });
});

describe('keep-last-n-steps (seeds 001/004)', () => {
  it('keeps every system and task step and the last n others, in their original order', () => {
    const steps = history(
      system('s'),
      task('t1'),
      act('a'),
      act('b'),
      task('t2'),
      act('c'),
      act('d'),
    );
    const r = run('keep-last-n-steps', steps, { n: 2 });
    expect(r.steps.map((s) => s.id)).toEqual(['s0', 's1', 's4', 's5', 's6']);
    expect(fates(r)).toEqual(['kept', 'kept', 'removed', 'removed', 'kept', 'kept', 'kept']);
  });
});

describe('prune-old-observations (seed 004)', () => {
  it("cuts older observations to max_length code points plus '...', keeping the last N actions whole", () => {
    const long = '🎉'.repeat(150);
    const steps = history(
      task('t'),
      act('a', [{ name: 'x', arguments: {}, result: long }], { error: 'kept as is' }),
      act('b', [{ name: 'x', arguments: {}, result: long }]),
    );
    const r = run('prune-old-observations', steps, { keepLastN: 1, maxLength: 100 });
    const cut = r.steps[1] as Extract<Step, { kind: 'action' }>;
    expect(cut.toolCalls[0]?.result).toBe(`${'🎉'.repeat(100)}...`);
    expect(cut.error).toBe('kept as is');
    expect(r.steps[2]).toBe(steps[2]);
    expect(fates(r)).toEqual(['kept', 'truncated', 'kept']);
    expect(steps[1]?.kind === 'action' && steps[1].toolCalls[0]?.result).toBe(long);
  });
});

describe('trajectory-sliding-window (seed 002)', () => {
  // Seed 002's example flow: Paris, then Tokyo.
  const weather = history(
    task("What's the weather in Paris?"),
    act('I need to check the weather', [
      { name: 'get_weather', arguments: { city: 'Paris' }, result: '72°F, sunny' },
    ]),
    answer('The weather in Paris is 72°F and sunny'),
    task('What about Tokyo?'),
    act('Checking Tokyo weather', [
      { name: 'get_weather', arguments: { city: 'Tokyo' }, result: '65°F, cloudy' },
    ]),
    answer('Tokyo is 65°F and cloudy'),
  );

  it('keeps the first steps and cuts at a thought past the excess', () => {
    const r = run('trajectory-sliding-window', weather, {
      maxSteps: 6,
      preserveFirst: 2,
      preserveLast: 2,
    });
    expect(fates(r)).toEqual(['kept', 'truncated', 'removed', 'removed', 'kept', 'kept']);
    // The first action keeps its thought (one of the first two trajectory steps) and loses its tool pair.
    expect(stepText(r.steps[1] as Step)).toBe('I need to check the weather');
  });

  it('skips a tool call with its result instead of splitting them', () => {
    const r = run('trajectory-sliding-window', weather, {
      maxSteps: 8,
      preserveFirst: 2,
      preserveLast: 1,
    });
    // t = 2 + 2 lands on the Paris final answer: not a safe start, so the scan moves on to the Tokyo query.
    expect(toMessages(r.steps, 'openai').map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
  });

  it('does nothing within max_steps', () => {
    expect(fates(run('trajectory-sliding-window', weather))).toEqual(Array(6).fill('kept'));
  });
});

describe('strands-sliding-window', () => {
  it('truncates the oldest tool result with Strands’ marker when the request overflows', () => {
    const big = 'y'.repeat(5_000);
    const steps = history(
      system('s'),
      task('t'),
      act('a', [{ name: 'read', arguments: {}, result: big }]),
      act('b', [{ name: 'read', arguments: {}, result: 'short' }]),
    );
    const r = run('strands-sliding-window', steps, { overflowTokens: 500 });
    const first = r.steps[2] as Extract<Step, { kind: 'action' }>;
    expect(first.toolCalls[0]?.result).toBe(
      `${'y'.repeat(200)}\n<truncated chars="4600"/>\n${'y'.repeat(200)}`,
    );
    expect(fates(r)).toEqual(['kept', 'kept', 'truncated', 'kept']);
    expect(r.notes.some((n) => n.startsWith('overflow: truncated'))).toBe(true);
  });
});

describe('clear-tool-uses (Anthropic context editing)', () => {
  const results = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      act(`call ${i}`, [
        { name: i === 0 ? 'memory' : 'read', arguments: { i }, result: `result ${i} `.repeat(40) },
      ]),
    );
  const steps = history(task('t'), ...results(6));

  it('does nothing below the trigger', () => {
    const r = run('clear-tool-uses', steps);
    expect(fates(r).every((f) => f === 'kept')).toBe(true);
    expect(r.notes[0]).toMatch(/^trigger not reached/);
  });

  it('clears the oldest results past the trigger, keeping the last 3 and excluded tools', () => {
    const r = run('clear-tool-uses', steps, {
      triggerTokens: 100,
      excludeTools: ['memory'],
      clearToolInputs: true,
    });
    expect(fates(r)).toEqual(['kept', 'kept', 'truncated', 'truncated', 'kept', 'kept', 'kept']);
    const cleared = r.steps[2] as Extract<Step, { kind: 'action' }>;
    expect(cleared.toolCalls[0]).toMatchObject({ result: '[cleared]', arguments: {} });
  });

  it('clears nothing when it cannot free clear_at_least tokens', () => {
    const r = run('clear-tool-uses', steps, { triggerTokens: 100, clearAtLeast: 1_000_000 });
    expect(fates(r).every((f) => f === 'kept')).toBe(true);
    expect(r.notes[0]).toMatch(/less than clear_at_least/);
  });
});

describe('summarizing-window (Strands SummarizingConversationManager)', () => {
  it('replaces the oldest messages with one summary after the system prompt, preserving recent ones', () => {
    const steps = history(
      system('s'),
      task('Plan a trip'),
      ...Array.from({ length: 10 }, (_, i) =>
        act(`step ${i}`, [{ name: 'search', arguments: { i }, result: 'lorem ipsum '.repeat(30) }]),
      ),
    );
    const r = run('summarizing-window', steps, { triggerTokens: 500 });
    expect(r.steps[0]?.kind).toBe('system-prompt');
    expect(r.steps[1]?.kind).toBe('summary');
    const summary = r.steps[1] as Extract<Step, { kind: 'summary' }>;
    expect(summary.content).toContain('## Conversation Summary\n* Task: Plan a trip');
    expect(summary.content).toMatch(
      /## Tools Executed\n\* search ×\d+: \d+ ok — last: lorem ipsum/,
    );
    expect(r.fates[1]).toEqual({ kind: 'summarized', summaryId: summary.id });
    expect(fates(r).slice(-5)).toEqual(Array(5).fill('kept'));
    expect(ctx.tokens.context(r.steps)).toBeLessThanOrEqual(500);
  });
});

describe('smolagents-summary-mode (seed 004)', () => {
  it('drops the system prompt, plans and model outputs; keeps tasks, calls and observations', () => {
    const steps = history(
      system('s'),
      task('t'),
      { kind: 'planning', plan: 'the plan' },
      act('thinking', [{ name: 'x', arguments: {}, result: 'r' }]),
    );
    const r = run('smolagents-summary-mode', steps);
    expect(fates(r)).toEqual(['removed', 'kept', 'removed', 'truncated']);
    expect(toMessages(r.steps, 'smolagents').map((m) => m.role)).toEqual([
      'user',
      'tool-call',
      'tool-response',
    ]);
  });
});

describe('custom strategies (seed 001 custom_strategy)', () => {
  it("runs the seed's example through the registry API without touching the original", () => {
    // Seed 001: keep system, task, and the last 5 actions.
    const custom = createCustomStrategy((steps) => {
      const systemTasks = steps.filter((s) => s.kind === 'system-prompt' || s.kind === 'task');
      const recent = steps.filter((s) => s.kind === 'action').slice(-5);
      for (const s of recent) (s as { modelOutput?: string }).modelOutput = 'mutated copy';
      return [...systemTasks, ...recent];
    });
    const steps = history(
      system('s'),
      task('t'),
      ...Array.from({ length: 7 }, (_, i) => act(`a${i}`)),
    );
    const r = custom.apply({ steps }, {}, ctx);
    expect(fates(r)).toEqual([
      'kept',
      'kept',
      'removed',
      'removed',
      'truncated',
      'truncated',
      'truncated',
      'truncated',
      'truncated',
    ]);
    expect(steps.every((s) => s.kind !== 'action' || s.modelOutput !== 'mutated copy')).toBe(true);
  });
});
