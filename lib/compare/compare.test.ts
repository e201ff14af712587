import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importText } from '../import';
import { createStrategyContext } from '../strategies/context';
import { compareStrategies, contextAtCall } from './compare';
import { ChoiceError, comparisonKey, decodeChoices, encodeChoices } from './config';
import { CUSTOM_EXAMPLE, runCustomCode } from './custom-run';
import { modelCallIndices } from '../model/steps';
import { extractIdentifiers } from './identifiers';
import { longHistory } from '../../bench/history';
import { PRESETS } from './presets';

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
const ctx = createStrategyContext({ tokenizer: 'o200k_base', dialect: 'openai', model: 'gpt-4o' });

describe('compare strategies on a real run', () => {
  const cmp = compareStrategies(
    history,
    [
      { strategyId: 'none', params: {} },
      { strategyId: 'keep-last-n-steps', params: { n: 2 } },
      { strategyId: 'prune-old-observations', params: { maxLength: 20 } },
    ],
    ctx,
  );
  const [none, last2, prune] = cmp.columns;

  it('gives every strategy one fate per original step, and its savings over the run against none', () => {
    for (const c of cmp.columns)
      expect(Object.values({ ...c.counts, inserted: 0 }).reduce((a, b) => a + b, 0)).toBe(
        history.steps.length,
      );
    expect(none?.savedTokens).toBe(0);
    expect(last2?.replay?.totalInputTokens).toBeLessThan(cmp.baseline.totalInputTokens);
    expect(last2?.savedShare).toBeCloseTo(
      (cmp.baseline.totalInputTokens - (last2?.replay?.totalInputTokens ?? 0)) /
        cmp.baseline.totalInputTokens,
    );
    expect(prune?.counts.truncated).toBeGreaterThan(0);
    expect(cmp.totalCalls).toBe(30);
  });

  it('flags the identifiers a strategy loses at the step that held them, and none loses nothing', () => {
    expect(none?.lost).toEqual([]);
    // The user id comes from the first user turn; two steps later only the last two remain.
    const ids = last2?.lost.map((l) => l.identifier) ?? [];
    expect(ids.length).toBeGreaterThan(0);
    for (const l of last2?.lost ?? []) {
      const at = history.steps.findIndex((s) => s.id === l.lostAtStepId);
      const used = history.steps.findIndex((s) => s.id === l.usedAtStepId);
      expect(at).toBeLessThan(used);
      const seen = contextAtCall(history, last2!, used, ctx);
      expect(JSON.stringify(seen)).not.toContain(l.identifier);
    }
  });

  it('explains refused parameters in the column instead of failing the comparison', () => {
    const bad = compareStrategies(
      history,
      [
        { strategyId: 'keep-last-n-steps', params: { n: -1 } },
        { strategyId: 'keep-last-n-steps', params: { keep_last_n: 3 } },
        { strategyId: 'nope', params: {} },
      ],
      ctx,
    );
    expect(bad.columns[0]?.error).toMatch(/^Invalid parameters for keep-last-n-steps: n: /);
    expect(bad.columns[1]?.error).toBe(
      'Invalid parameters for keep-last-n-steps: unknown key "keep_last_n" (expected: n)',
    );
    expect(bad.columns[2]?.error).toMatch(/^Unknown strategy "nope"/);
  });

  it('warns when a window splits a call from its result or drops the system prompt', () => {
    const strict = compareStrategies(
      history,
      [{ strategyId: 'token-budget', params: { maxTokens: 3000 } }],
      ctx,
    ).columns[0];
    expect(strict?.warnings.map((w) => w.kind)).toContain('system-dropped');
    const tiny = compareStrategies(
      history,
      [{ strategyId: 'strands-sliding-window', params: { windowSize: 3 } }],
      createStrategyContext({ tokenizer: 'o200k_base', dialect: 'openai', model: 'gpt-4' }),
    ).columns[0];
    expect(tiny?.warnings.some((w) => w.kind === 'over-window')).toBe(false);
  });
});

describe('warnings on a long run of real content', () => {
  it('says when plan-step summaries run over their length limit, once, and when the run overflows the window', () => {
    const long = { steps: longHistory(400) };
    const col = compareStrategies(
      long,
      [{ strategyId: 'summarize-plan-steps', params: {} }],
      createStrategyContext({ tokenizer: 'heuristic', dialect: 'openai', model: 'gpt-4' }),
    ).columns[0];
    const kinds = col?.warnings.map((w) => w.kind) ?? [];
    expect(kinds.filter((k) => k === 'summary-too-long')).toHaveLength(1);
    expect(col?.warnings.find((w) => w.kind === 'summary-too-long')?.message).toMatch(
      /^\d+ summaries are over the 1000-character limit \(the longest [\d,]+ characters\)$/,
    );
    expect(kinds).toContain('over-window');
  });
});

describe('custom strategies', () => {
  it("compare a user's function from the sandbox's output: its fates, replay and context per call", () => {
    const calls = modelCallIndices(history.steps);
    const output = runCustomCode(CUSTOM_EXAMPLE, history.steps, calls, ctx.contextWindow);
    const cmp = compareStrategies(
      history,
      [
        { strategyId: 'custom', params: { code: CUSTOM_EXAMPLE } },
        { strategyId: 'none', params: {} },
      ],
      ctx,
      { 0: output },
    );
    const col = cmp.columns[0];
    expect(col?.error).toBeUndefined();
    expect(col?.result?.steps.map((s) => s.id)).toEqual(output.final.map((s) => s.id));
    expect(col?.counts.removed).toBe(history.steps.length - output.final.length);
    expect(col?.replay?.calls.map((c) => c.contextTokens)).toEqual(
      calls.map((k) =>
        ctx.tokens.context(
          (output.perCall[k] ?? []).map((s) => history.steps.find((o) => o.id === s.id) ?? s),
        ),
      ),
    );
    expect(col?.savedTokens).toBeGreaterThan(0);
  });

  it('says what is wrong with code that does not parse, is no function, or returns something else', () => {
    expect(() => runCustomCode('(steps) => {', history.steps, [], 1000)).toThrow(
      /^the code does not parse: /,
    );
    expect(() => runCustomCode('42', history.steps, [], 1000)).toThrow(
      'the code must be a function: (steps, ctx) => steps',
    );
    expect(() => runCustomCode('(steps) => steps.length', history.steps, [], 1000)).toThrow(
      'on the whole history: the function must return an array of steps, not number',
    );
    expect(() => runCustomCode('(steps) => [{ text: 1 }]', history.steps, [], 1000)).toThrow(
      /^on the whole history: item 0 is not a step/,
    );
    const cmp = compareStrategies(history, [{ strategyId: 'custom', params: { code: 'x' } }], ctx, {
      0: 'the function failed: boom',
    });
    expect(cmp.columns[0]?.error).toBe('the function failed: boom');
  });
});

describe('comparison configuration in the URL', () => {
  it('round-trips every preset and names what is wrong in a bad link', () => {
    const choices = PRESETS.map((p) => p.choice);
    expect(decodeChoices(encodeChoices(choices))).toEqual(choices);
    expect(
      encodeChoices([
        { strategyId: 'none', params: {} },
        { strategyId: 'keep-last-n-steps', params: { n: 3 } },
      ]),
    ).toBe('none|keep-last-n-steps~{"n":3}');
    expect(() => decodeChoices('none|keep-last-n-steps~{n:3}')).toThrow(
      new ChoiceError('strategy 2 (keep-last-n-steps): the parameters are not valid JSON'),
    );
    expect(() => decodeChoices('frobnicate')).toThrow(/^strategy 1: Unknown strategy "frobnicate"/);
    expect(() => decodeChoices('keep-last-n-steps~{"n":-1}')).toThrow(
      /^strategy 1: Invalid parameters for keep-last-n-steps: n: /,
    );
  });
});

describe('identifiers', () => {
  it('finds paths, URLs, ids, numbers and quoted names, once each', () => {
    expect(
      extractIdentifiers(
        'Open /workspace/src/app.py and https://example.com/a?b=1 for user sofia_kim_7287: "Economy Plus" costs 1,250.50 (res 8XJZ4Y).',
      ),
    ).toEqual([
      'https://example.com/a?b=1',
      '/workspace/src/app.py',
      'sofia_kim_7287',
      '8XJZ4Y',
      '1,250.50',
      'Economy Plus',
    ]);
  });
});

describe('comparison key', () => {
  it('changes with every input that changes the answer, and only with those', () => {
    const target = { run: 0, sub: [], tokenizer: 'o200k_base', dialect: 'openai', model: 'gpt-4o' };
    const choices = [{ strategyId: 'keep-last-n-steps', params: { n: 2 } }];
    const base = comparisonKey('tau', target, choices);
    expect(
      comparisonKey('tau', { ...target }, [{ strategyId: 'keep-last-n-steps', params: { n: 2 } }]),
    ).toBe(base);
    for (const other of [
      comparisonKey('other', target, choices),
      comparisonKey('tau', { ...target, run: 1 }, choices),
      comparisonKey('tau', { ...target, sub: ['agent'] }, choices),
      comparisonKey('tau', { ...target, tokenizer: 'heuristic' }, choices),
      comparisonKey('tau', { ...target, dialect: 'anthropic' }, choices),
      comparisonKey('tau', { ...target, model: 'gpt-4' }, choices),
      comparisonKey('tau', target, [{ strategyId: 'keep-last-n-steps', params: { n: 3 } }]),
    ])
      expect(other).not.toBe(base);
  });
});
