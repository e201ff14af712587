/**
 * The piece-remembering count equals gpt-tokenizer's own count for both BPE tokenizers: on the
 * head of every real fixture file (JSON, code, logs, non-Latin text, special-token text; cut
 * anywhere, so lone surrogates too) and on random text built from the characters the split regexes
 * treat specially. A piece that would split again alone makes its text counted whole.
 */
import fc from 'fast-check';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkCounter } from './chunk-count';
import { rawCounter } from './tokenizer';

const RUNS = Number(process.env.FC_RUNS ?? 200);
const OPTIONS = { disallowedSpecial: new Set<string>() };
const LIBRARY = {
  o200k_base: (t: string) => countO200k(t, OPTIONS),
  cl100k_base: (t: string) => countCl100k(t, OPTIONS),
} as const;
const TOKENIZERS = Object.keys(LIBRARY) as (keyof typeof LIBRARY)[];

const REAL = fileURLToPath(new URL('../../test/fixtures/real/', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
/** The first 40,000 characters of each real fixture file (2.5 M characters in all). */
const heads = files(REAL).map((f) => [f, readFileSync(f, 'utf8').slice(0, 40_000)] as const);

/** Characters each split regex has an alternative or a lookahead for. */
const TRICKY = [
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\t',
  '\u00a0',
  '\u2003',
  'a',
  'Ab',
  'XYZ',
  'hello',
  'é',
  'e\u0301',
  '中文',
  'Ω',
  '😀',
  '\ud83d',
  '1',
  '12345',
  '٣',
  "'s",
  "'LL",
  "'",
  '/',
  '//',
  '.',
  '...',
  '!?',
  '{"a":',
  '}',
  '<|endoftext|>',
  '<|im_start|>',
  'x\n/',
  '\n\n  ',
  ' \n',
];

describe('chunkCounter', () => {
  it.each(TOKENIZERS)('counts every real fixture head as gpt-tokenizer does (%s)', (id) => {
    expect(heads.length).toBeGreaterThan(40);
    const count = rawCounter(id);
    const library = LIBRARY[id];
    // The files whose counts differ, by name (not their text: a failure stays readable).
    const wrong = heads.flatMap(([file, text]) => (count(text) !== library(text) ? [file] : []));
    expect(wrong).toEqual([]);
  });

  it.each(TOKENIZERS)('counts random text as gpt-tokenizer does (%s)', (id) => {
    const count = rawCounter(id);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TRICKY), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(count(text)).toBe(LIBRARY[id](text));
      }),
      { numRuns: RUNS },
    );
  });

  it('counts a text whole when one of its pieces would split again alone', () => {
    // "aa" is a piece of "aab" (the lookahead sees the b) but alone splits into "a", "a".
    const split = /aa(?=b)|a/g;
    const pieces = (text: string) => text.match(split)?.length ?? 0;
    const count = chunkCounter(split, pieces);
    expect(count('aab')).toBe(1);
    expect(count('aaab')).toBe(2);
    expect(count('a a')).toBe(2);
  });
});
