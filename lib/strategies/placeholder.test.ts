import { describe, expect, it } from 'vitest';
import { act, history, task } from '../../test/build';
import type { ActionStep, Step } from '../model/types';
import { createTextCounter } from '../tokens/tokenizer';
import { createStrategyContext } from './context';
import { getStrategy, parseParams } from './index';
import { compilePlaceholder, placeholderProblem, pySplitLinesCount } from './placeholder';

const ctx = createStrategyContext();
const run = (id: string, steps: Step[], params: Record<string, unknown>) => {
  const s = getStrategy(id);
  return s.apply({ steps }, parseParams(s, params), ctx);
};
const resultOf = (s: Step | undefined) => (s as ActionStep).toolCalls[0]?.result;

describe('pySplitLinesCount', () => {
  it("counts lines as Python's len(text.splitlines()) (SWE-agent's line count)", () => {
    // Expected values printed by CPython 3 for each text.
    const cases: [string, number][] = [
      ['', 0],
      ['a', 1],
      ['a\n', 1],
      ['a\nb', 2],
      ['\n\n', 2],
      ['a\r\nb', 2],
      ['a\rb', 2],
      ['a\u2028b', 2],
      ['x\x0cy\x0b', 2],
      ['a\r\n', 1],
      ['a\n\r', 2],
      ['\x85', 1],
      ['one\ntwo\nthree', 3],
    ];
    for (const [text, lines] of cases)
      expect(pySplitLinesCount(text), JSON.stringify(text)).toBe(lines);
  });
});

describe('placeholder templates', () => {
  const counter = createTextCounter('o200k_base');

  it('fills {lines}, {chars} (code points) and {tokens} from the replaced text', () => {
    const ph = compilePlaceholder('[{lines} lines, {chars} chars, {tokens} tokens]');
    expect(ph.render('🎉 a\nb', counter)).toBe(
      `[2 lines, 5 chars, ${counter.count('🎉 a\nb')} tokens]`,
    );
    expect(ph.usesTokens).toBe(true);
    expect(compilePlaceholder('[cleared]').render('anything', counter)).toBe('[cleared]');
  });

  it('keeps other braces literal and recognises its own renderings', () => {
    const ph = compilePlaceholder('{} ({lines} lines) {"a": 1} {x y}');
    expect(ph.render('1\n2', counter)).toBe('{} (2 lines) {"a": 1} {x y}');
    expect(ph.isRendering('{} (17 lines) {"a": 1} {x y}')).toBe(true);
    expect(ph.isRendering('{} (lines) {"a": 1} {x y}')).toBe(false);
    expect(compilePlaceholder('a.b').isRendering('axb')).toBe(false);
  });

  it('names an unknown field with the known ones', () => {
    expect(placeholderProblem('({line} lines omitted)')).toBe(
      'unknown placeholder {line} (known: {lines}, {chars}, {tokens})',
    );
    expect(placeholderProblem('{lines} {chars} {tokens} {} { x }')).toBeUndefined();
    for (const id of ['observation-masking', 'clear-tool-uses', 'prune-old-observations'])
      expect(() => parseParams(getStrategy(id), { placeholder: '{bogus} omitted' })).toThrow(
        `Invalid parameters for ${id}: placeholder: unknown placeholder {bogus} (known: {lines}, {chars}, {tokens})`,
      );
  });
});

describe('placeholders in the other strategies that cut observations', () => {
  const long = 'line\n'.repeat(30);
  const steps = history(
    task('t'),
    act('a', [{ name: 'read', arguments: {}, result: long }], { observation: 'short' }),
    act('b', [{ name: 'read', arguments: {}, result: long }]),
  );

  it('prune-old-observations: the seed cut by default, the template for cut observations when given', () => {
    const seed = run('prune-old-observations', steps, { keepLastN: 1, maxLength: 10 });
    expect(resultOf(seed.steps[1])).toBe(`${long.slice(0, 10)}...`);
    const masked = run('prune-old-observations', steps, {
      keepLastN: 1,
      maxLength: 10,
      placeholder: '({lines} lines, {chars} chars omitted)',
    });
    expect(resultOf(masked.steps[1])).toBe('(30 lines, 150 chars omitted)');
    // Not longer than maxLength: not cut, so not replaced either.
    expect((masked.steps[1] as ActionStep).observation).toBe('short');
    expect(masked.steps[2]).toBe(steps[2]);
    // In place, a placeholder is not masked again.
    const again = run('prune-old-observations', [...masked.steps], {
      keepLastN: 1,
      maxLength: 10,
      placeholder: '({lines} lines, {chars} chars omitted)',
    });
    expect(again.steps).toEqual(masked.steps);
  });

  it("clear-tool-uses: LangChain's [cleared] by default, a template when given", () => {
    expect(resultOf(run('clear-tool-uses', steps, { triggerTokens: 0, keep: 1 }).steps[1])).toBe(
      '[cleared]',
    );
    const r = run('clear-tool-uses', steps, {
      triggerTokens: 0,
      keep: 1,
      placeholder: '[cleared {tokens} tokens]',
    });
    expect(resultOf(r.steps[1])).toBe(`[cleared ${ctx.tokens.counter.count(long)} tokens]`);
    expect(r.fates.map((f) => f.kind)).toEqual(['kept', 'truncated', 'kept']);
    const again = run('clear-tool-uses', [...r.steps], {
      triggerTokens: 0,
      keep: 1,
      placeholder: '[cleared {tokens} tokens]',
    });
    expect(again.notes[0]).toMatch(/^cleared 0 tool results/);
  });
});
