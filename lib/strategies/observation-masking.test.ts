import { describe, expect, it } from 'vitest';
import { act, history, system, task } from '../../test/build';
import type { ActionStep, Step } from '../model/types';
import { contextsByDefinition } from '../simulate/every-call';
import { DEFAULT_RUN } from '../simulate/run-config';
import { simulate } from '../simulate/simulate';
import { createStrategyContext } from './context';
import { getStrategy, parseParams } from './index';
import { maskedCount, OBSERVATION_PLACEHOLDER } from './observation-masking';

const ctx = createStrategyContext();
const strategy = getStrategy('observation-masking');
const run = (steps: Step[], params: Record<string, unknown> = {}) =>
  strategy.apply({ steps }, parseParams(strategy, params), ctx);
const kinds = (r: { fates: readonly { kind: string }[] }) => r.fates.map((f) => f.kind);
const action = (s: Step | undefined) => s as ActionStep;

/** Action i reads a file of i + 1 lines. */
const twelve = history(
  system('You are a programmer.'),
  task('Fix the bug.'),
  ...Array.from({ length: 12 }, (_, i) =>
    act(`thought ${i}`, [
      {
        name: 'bash',
        arguments: { cmd: `cat f${i}` },
        result: Array.from({ length: i + 1 }, (_, j) => `f${i} line ${j}`).join('\n'),
      },
    ]),
  ),
);

describe('observation-masking (Lindenbauer et al. 2025)', () => {
  it('defaults to M = 10 and SWE-agent’s placeholder', () => {
    expect(parseParams(strategy, {})).toEqual({
      keepLast: 10,
      placeholder: 'Old environment output: ({lines} lines omitted)',
      polling: 1,
    });
    expect(OBSERVATION_PLACEHOLDER).toBe('Old environment output: ({lines} lines omitted)');
  });

  it('masks the 2 oldest of 12 observations with their line counts, keeping reasoning and actions', () => {
    const r = run(twelve);
    expect(kinds(r)).toEqual(['kept', 'kept', 'truncated', 'truncated', ...Array(10).fill('kept')]);
    expect(action(r.steps[2]).toolCalls[0]?.result).toBe(
      'Old environment output: (1 lines omitted)',
    );
    expect(action(r.steps[3]).toolCalls[0]?.result).toBe(
      'Old environment output: (2 lines omitted)',
    );
    expect(action(r.steps[3]).modelOutput).toBe('thought 1');
    expect(action(r.steps[3]).toolCalls[0]?.arguments).toEqual({ cmd: 'cat f1' });
    for (let i = 4; i < twelve.length; i++) expect(r.steps[i]).toBe(twelve[i]);
    expect(r.notes).toEqual(['masked 2 of 12 observations (the last 10 kept whole)']);
  });

  it('counts parallel results one by one and masks a step in part', () => {
    const steps = history(
      task('t'),
      act('three reads', [
        { name: 'read', arguments: { p: 'a' }, result: 'a1\na2' },
        { name: 'read', arguments: { p: 'b' }, result: 'b1' },
        { name: 'read', arguments: { p: 'c' }, result: 'c1\nc2\nc3' },
      ]),
      act('one read', [{ name: 'read', arguments: { p: 'd' }, result: 'd1' }]),
      act('a text command', [], { observation: 'out1\nout2' }),
    );
    // 5 observations, keep the last 3: the first two results of the parallel step are masked.
    const r = run(steps, { keepLast: 3 });
    expect(action(r.steps[1]).toolCalls.map((c) => c.result)).toEqual([
      'Old environment output: (2 lines omitted)',
      'Old environment output: (1 lines omitted)',
      'c1\nc2\nc3',
    ]);
    expect(kinds(r)).toEqual(['kept', 'truncated', 'kept', 'kept']);
    // keepLast 1: only the unlinked observation of the last step stays.
    const one = run(steps, { keepLast: 1 });
    expect(action(one.steps[2]).toolCalls[0]?.result).toBe(
      'Old environment output: (1 lines omitted)',
    );
    expect(one.steps[3]).toBe(steps[3]);
  });

  it('masks every observation with M = 0, unlinked ones too, and keeps errors', () => {
    const steps = history(
      task('t'),
      act('a', [{ name: 'x', arguments: {}, result: 'r\ns' }], { error: 'boom' }),
      act('b', [], { observation: 'plain\noutput\nhere' }),
    );
    const r = run(steps, { keepLast: 0 });
    expect(action(r.steps[1]).toolCalls[0]?.result).toBe(
      'Old environment output: (2 lines omitted)',
    );
    expect(action(r.steps[1]).error).toBe('boom');
    expect(action(r.steps[2]).observation).toBe('Old environment output: (3 lines omitted)');
    expect(kinds(r)).toEqual(['kept', 'truncated', 'truncated']);
  });

  it('takes a template with {chars} and {tokens}', () => {
    const r = run(twelve, {
      keepLast: 11,
      placeholder: '[{chars} chars, {tokens} tokens omitted]',
    });
    const original = action(twelve[2]).toolCalls[0]?.result as string;
    expect(action(r.steps[2]).toolCalls[0]?.result).toBe(
      `[${original.length} chars, ${ctx.tokens.counter.count(original)} tokens omitted]`,
    );
  });

  it('refuses unknown keys and unknown placeholders, naming what it expects', () => {
    expect(() => parseParams(strategy, { keep_last: 3 })).toThrow(
      'Invalid parameters for observation-masking: unknown key "keep_last" (expected: keepLast, placeholder, polling)',
    );
    expect(() => parseParams(strategy, { placeholder: '({line} lines omitted)' })).toThrow(
      'Invalid parameters for observation-masking: placeholder: unknown placeholder {line} (known: {lines}, {chars}, {tokens})',
    );
    expect(() => parseParams(strategy, { keepLast: -1 })).toThrow(/keepLast/);
  });

  it('is its own fixed point, so in place equals stateless', () => {
    const once = run(twelve, { keepLast: 3 });
    const twice = run([...once.steps], { keepLast: 3 });
    expect(twice.steps).toEqual(once.steps);
    expect(kinds(twice).every((k) => k === 'kept')).toBe(true);
  });

  it('runs in place exactly as stateless (its output is its own fixed point)', () => {
    const p = parseParams(strategy, { keepLast: 4 });
    const tokens = (mode: 'in-place' | 'stateless') =>
      simulate({ steps: twelve }, strategy, p, ctx, {
        mode,
        trigger: { kind: 'every-call', onOverflow: false },
      }).calls.map((c) => c.contextTokens);
    expect(tokens('in-place')).toEqual(tokens('stateless'));
  });

  it("moves the window every `polling` observations, as SWE-agent's _get_omit_indices", () => {
    // SWE-agent: observations [template, o1..oN]; omitted = indices[1 : max(0, (len // P) * P - n)].
    const sweAgent = (observations: number, n: number, polling: number) => {
      const withTemplate = observations + 1;
      const last = Math.max(0, Math.floor(withTemplate / polling) * polling - n);
      return Math.max(0, Math.min(last, withTemplate) - 1);
    };
    for (const polling of [1, 3, 10])
      for (const n of [0, 1, 5, 10])
        for (let o = 0; o <= 40; o++)
          expect(maskedCount(o, { keepLast: n, polling }), `${o} ${n} ${polling}`).toBe(
            sweAgent(o, n, polling),
          );
    // polling 10, n 10: between 10 and 19 observations stay whole.
    const kept = Array.from({ length: 30 }, (_, o) => o + 11).map(
      (o) => o - maskedCount(o, { keepLast: 10, polling: 10 }),
    );
    expect(Math.min(...kept)).toBe(10);
    expect(Math.max(...kept)).toBe(19);
  });

  it('replays fast exactly as applying it before every call', () => {
    for (const params of [{}, { keepLast: 0 }, { keepLast: 3, polling: 4 }]) {
      const p = parseParams(strategy, params);
      expect(
        simulate({ steps: twelve }, strategy, p, ctx, DEFAULT_RUN, { contextsOnly: true }),
      ).toEqual(contextsByDefinition({ steps: twelve }, strategy, p, ctx));
    }
  });
});
