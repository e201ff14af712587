/**
 * Issue 21: observation masking as Lindenbauer et al. 2025 publish it ("The Complexity Trap",
 * arXiv 2508.21433: every observation older than the last M = 10 becomes
 * `Old environment output: (N lines omitted)`, recomputed before every call), replayed on real
 * SWE-bench bash-only mini-swe-agent 1.x trajectories, checked against an independent count.
 *
 * The independent side uses none of Stepscope's code: it reads the trajectory's JSON messages as
 * mini-swe-agent sent them, masks with its own Python `splitlines()` line count, and counts with
 * gpt-tokenizer directly under OpenAI's formula (3 tokens per message, its role and content, 3 to
 * prime the reply). Stepscope's side imports the file and simulates its `observation-masking`
 * strategy before every call. Both must give the same input tokens over the run, for `none` and for
 * masking, call by call.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { importText } from '../lib/import';
import { getStrategy, parseParams } from '../lib/strategies';
import { createStrategyContext } from '../lib/strategies/context';
import { simulate } from '../lib/simulate/simulate';

const DIR = new URL('./fixtures/real/mini-swe-agent/', import.meta.url);
const RUNS = readdirSync(DIR).filter((f) => f.startsWith('swebench-bash-only__'));

interface Message {
  readonly role: string;
  readonly content: string;
}

// Python's line boundaries include the file, group and record separators (\x1c-\x1e).
const BREAK = '\\r\\n|[\\n\\r\\v\\f\\u001c\\u001d\\u001e\\u0085\\u2028\\u2029]';
/** Python's `str.splitlines()`: its line boundaries, no empty last line after a final break. */
function pythonLineCount(text: string): number {
  if (text === '') return 0;
  const parts = text.split(new RegExp(BREAK));
  return new RegExp(`(${BREAK})$`).test(text) ? parts.length - 1 : parts.length;
}

const tokens = (s: string) => (s === '' ? 0 : encode(s, { disallowedSpecial: new Set() }).length);
const messageTokens = (m: Message) => 3 + tokens(m.role) + tokens(m.content);

/** Per model call (each assistant message): the input tokens of `none` and of masking, M = 10. */
function independentCount(messages: readonly Message[], keep = 10) {
  const calls: { none: number; masked: number }[] = [];
  messages.forEach((m, i) => {
    if (m.role !== 'assistant') return;
    const before = messages.slice(0, i);
    // An observation is the environment's answer: a user message right after the model's turn.
    const observations = before
      .map((x, j) => (x.role === 'user' && before[j - 1]?.role === 'assistant' ? j : -1))
      .filter((j) => j >= 0);
    const masked = new Set(observations.slice(0, Math.max(0, observations.length - keep)));
    let none = 3;
    let withMask = 3;
    before.forEach((x, j) => {
      none += messageTokens(x);
      withMask += masked.has(j)
        ? messageTokens({
            role: x.role,
            content: `Old environment output: (${pythonLineCount(x.content)} lines omitted)`,
          })
        : messageTokens(x);
    });
    calls.push({ none, masked: withMask });
  });
  return calls;
}

describe.each(RUNS)('observation masking on the real SWE-bench run %s', (name) => {
  const text = readFileSync(new URL(name, DIR), 'utf8');
  const raw = JSON.parse(text) as { trajectory_format: string; messages: Message[] };
  const expected = independentCount(raw.messages);

  it('is a mini-swe-agent 1.x text-command trajectory with one observation per command', () => {
    expect(raw.trajectory_format).toBe('mini-swe-agent-1');
    expect(expected.length).toBeGreaterThanOrEqual(20);
  });

  it('saves exactly what the published rule saves, call by call', () => {
    const history = importText(text, name).file.histories[0]!;
    const ctx = createStrategyContext({ tokenizer: 'o200k_base', dialect: 'recorded' });
    const masking = getStrategy('observation-masking');
    const none = getStrategy('none');
    const baseline = simulate(history, none, parseParams(none, {}), ctx, undefined, {
      exactPrefixes: true,
    });
    const masked = simulate(history, masking, parseParams(masking, {}), ctx, undefined, {
      exactPrefixes: true,
    });
    expect(baseline.calls.map((c) => c.contextTokens)).toEqual(expected.map((c) => c.none));
    expect(masked.calls.map((c) => c.contextTokens)).toEqual(expected.map((c) => c.masked));
    // And the saving over the run: what a reader of the README's table checks.
    const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
    const saved = 1 - total(expected.map((c) => c.masked)) / total(expected.map((c) => c.none));
    expect(1 - masked.totalInputTokens / baseline.totalInputTokens).toBeCloseTo(saved, 12);
    expect(saved).toBeGreaterThan(0);
  });
});

describe('the independent line count', () => {
  it("is Python's len(text.splitlines())", () => {
    // Values from CPython: len('a\nb\n'.splitlines()) == 2, len('a\r\nb'.splitlines()) == 2, …
    expect(pythonLineCount('')).toBe(0);
    expect(pythonLineCount('a')).toBe(1);
    expect(pythonLineCount('a\nb\n')).toBe(2);
    expect(pythonLineCount('a\r\nb')).toBe(2);
    expect(pythonLineCount('a\n\nb')).toBe(3);
    expect(pythonLineCount('\n')).toBe(1);
    expect(pythonLineCount('a\u2028b\x0cc')).toBe(3);
  });
});
