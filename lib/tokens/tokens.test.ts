import fc from 'fast-check';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  countMessage,
  countMessages,
  messageStrings,
  REPLY_PRIMING_TOKENS,
  TOKENS_PER_MESSAGE,
} from './messages';
import { contextWindowFor, findModel, isEstimate } from './models';
import { contextPressure } from './pressure';
import {
  createTextCounter,
  findTokenizer,
  heuristicCount,
  splitForCounting,
  TOKENIZER_REGISTRY,
  TOKENIZERS,
} from './tokenizer';

const countWhole = (id: 'o200k_base' | 'cl100k_base', text: string) =>
  (id === 'o200k_base' ? countO200k : countCl100k)(text, { disallowedSpecial: new Set() });

describe('token counting', () => {
  it('counts special-token text as ordinary text instead of throwing', () => {
    const counter = createTextCounter('o200k_base');
    expect(counter.count('before <|endoftext|> after')).toBeGreaterThan(5);
    expect(createTextCounter('cl100k_base').count('<|im_start|>')).toBeGreaterThan(1);
  });

  it('gives exact o200k and cl100k counts and the chars/4 heuristic', () => {
    expect(createTextCounter('o200k_base').count('hello world')).toBe(2);
    expect(createTextCounter('cl100k_base').count('hello world')).toBe(2);
    expect(heuristicCount('abcdefghi')).toBe(3);
    expect(createTextCounter('heuristic').count('abcdefghi')).toBe(3);
  });

  it('caches by content so nothing is counted twice', () => {
    const counter = createTextCounter();
    counter.count('same text');
    counter.count('same text');
    counter.count('other');
    expect(counter.misses).toBe(2);
  });

  it('adds the per-message overhead and reply priming, and reads every string of a message', () => {
    const counter = createTextCounter();
    const message = {
      role: 'assistant' as const,
      content: null,
      tool_calls: [
        {
          id: 'c1',
          type: 'function' as const,
          function: { name: 'search', arguments: '{"q":"x"}' },
        },
      ],
    };
    expect(messageStrings(message)).toEqual(['assistant', 'search', '{"q":"x"}']);
    expect(
      messageStrings({
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'x', name: 'n', input: { a: 1 } }],
      }),
    ).toEqual(['assistant', 'n', '{"a":1}']);
    const n = countMessage(message, counter);
    expect(n).toBe(
      TOKENS_PER_MESSAGE +
        counter.count('assistant') +
        counter.count('search') +
        counter.count('{"q":"x"}'),
    );
    expect(countMessages([message, message], counter)).toBe(2 * n + REPLY_PRIMING_TOKENS);
  });
});

describe('models and context pressure (seed 003)', () => {
  it('finds the model in the ids histories use and labels estimates', () => {
    expect(findModel('openai/gpt-4o-2024-08-06')?.id).toBe('gpt-4o');
    expect(findModel('gpt-4o-mini')?.id).toBe('gpt-4o-mini');
    expect(contextWindowFor('claude-sonnet-4-5-20250929')).toBe(200_000);
    expect(contextWindowFor('some-unknown-model')).toBe(128_000);
    expect(isEstimate('gpt-4o', 'o200k_base')).toBe(false);
    expect(isEstimate('gpt-4', 'o200k_base')).toBe(true);
    expect(isEstimate('claude-sonnet-4', 'o200k_base')).toBe(true);
    expect(isEstimate('gpt-4o', 'heuristic')).toBe(true);
  });

  it('recommends ok, consider_summarizing, urgent', () => {
    expect(contextPressure(50, 100)).toEqual({
      usedTokens: 50,
      maxTokens: 100,
      utilization: 0.5,
      recommendation: 'ok',
    });
    expect(contextPressure(60, 100).recommendation).toBe('consider_summarizing');
    expect(contextPressure(80, 100).recommendation).toBe('consider_summarizing');
    expect(contextPressure(81, 100).recommendation).toBe('urgent');
    expect(() => contextPressure(1, 0)).toThrow('maxTokens must be positive');
  });
});

describe('segmented counting of long texts', () => {
  // Text built to stress the split regexes at line starts: whitespace-only lines, CRLF, slashes,
  // punctuation that absorbs newlines, digits, contractions, CJK and emoji.
  const piece = fc.constantFrom(
    '\n',
    '\n\n',
    '\r\n',
    '  \n',
    '\n  ',
    '\n/',
    '/path/to',
    '…',
    '.',
    '!!\n',
    "'s",
    "'LL",
    ' ',
    '\t',
    '\u00a0',
    'word',
    'Word',
    'WORD',
    '123',
    '4567',
    '中文',
    '🎉',
    '<|endoftext|>',
    '* ',
    '## ',
    '{"a": 1}',
    '—',
    'x'.repeat(90),
  );
  const longText = fc.array(piece, { minLength: 200, maxLength: 900 }).map((p) => p.join(''));

  it.each(['o200k_base', 'cl100k_base'] as const)(
    '%s: the sum of the segments equals the count of the whole text',
    (id) => {
      const exact = createTextCounter(id);
      fc.assert(
        fc.property(longText, (text) => {
          const parts = splitForCounting(text);
          expect(parts.join('')).toBe(text);
          const whole = countWhole(id, text);
          expect(parts.reduce((n, p) => n + countWhole(id, p), 0)).toBe(whole);
          expect(exact.count(text)).toBe(whole);
        }),
        { numRuns: Number(process.env.FC_RUNS ?? 200) },
      );
    },
  );

  it('reuses the segments texts share', () => {
    const counter = createTextCounter();
    const lines = Array.from(
      { length: 100 },
      (_, i) => `* tool_${i}: ${i} ok — last: result number ${i}`,
    );
    counter.count(lines.join('\n'));
    const before = counter.misses;
    counter.count([...lines, '* one more line'].join('\n'));
    expect(counter.misses - before).toBeLessThanOrEqual(2);
  });
});

describe('tokenizer registry', () => {
  it('lists every tokenizer once with its label and exactness', () => {
    expect(TOKENIZER_REGISTRY.map((t) => t.id)).toEqual([...TOKENIZERS]);
    expect(TOKENIZER_REGISTRY.filter((t) => !t.exact).map((t) => t.id)).toEqual(['heuristic']);
    expect(findTokenizer('o200k_base')?.count('hello world')).toBe(2);
    expect(findTokenizer('p50k')).toBeUndefined();
  });
});
