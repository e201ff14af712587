import fc from 'fast-check';
import cl100k, { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import o200k, { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bpeCounter, fastPathOf } from './bpe-count';
import { findTokenizer } from './tokenizer';

const OPTIONS = { disallowedSpecial: new Set<string>() };
const ENCODINGS = [
  { id: 'o200k_base', encoding: o200k, library: (t: string) => countO200k(t, OPTIONS) },
  { id: 'cl100k_base', encoding: cl100k, library: (t: string) => countCl100k(t, OPTIONS) },
] as const;

const REAL = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'real');
/** Each real fixture's first characters: every framework's text, JSON, code, logs and unicode. */
const HEAD = 24 * 1024;

function realTexts(): string[] {
  return readdirSync(REAL, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.md'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8').slice(0, HEAD));
}

/** Pieces that meet the split regexes' edges: contractions, digits, CRLF, slashes, marks, emoji. */
const PIECES = [
  ' ',
  '  ',
  '\t',
  '\n',
  '\r\n',
  '\n\n',
  '\u00a0',
  '\u3000',
  'a',
  'Hello',
  'WORLD',
  "'s",
  "'LL",
  "n't",
  '1',
  '12345',
  '٣',
  '/',
  '//',
  '.',
  '...',
  '{"a":1}',
  '<|endoftext|>',
  '<|im_start|>',
  '<|fim_prefix|>',
  'é',
  'e\u0301',
  'ß',
  'Ǆ',
  'İ',
  '日本語',
  '한국어',
  'Привет',
  '🙂',
  '👩‍👩‍👧',
  '\ud83d',
  '\ude42',
  '\u200b',
  '\\u0000',
];

describe('bpeCounter: gpt-tokenizer counts, driven faster', () => {
  it('runs the fast path for both bundled encodings (a library change that removes it fails here)', () => {
    for (const id of ['o200k_base', 'cl100k_base'])
      expect(fastPathOf(findTokenizer(id)?.count ?? (() => 0)), id).toBe(true);
    expect(fastPathOf(bpeCounter({}, () => 0))).toBe(false);
  });

  it('equals countTokens on every real fixture, for o200k and cl100k', () => {
    const texts = realTexts();
    expect(texts.length).toBeGreaterThan(100);
    for (const { id, encoding, library } of ENCODINGS) {
      const count = bpeCounter(encoding, library);
      let total = 0;
      for (const text of texts) {
        const n = count(text);
        if (n !== library(text))
          expect.fail(`${id}: ${n} vs ${library(text)} on ${text.slice(0, 80)}`);
        total += n;
      }
      expect(total).toBeGreaterThan(100_000);
    }
  });

  it('equals countTokens on random text of tricky pieces, counted twice (its piece cache)', () => {
    for (const { encoding, library } of ENCODINGS) {
      const count = bpeCounter(encoding, library);
      fc.assert(
        fc.property(
          fc.array(
            fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 12 })),
            {
              maxLength: 40,
            },
          ),
          (parts) => {
            const text = parts.join('');
            const expected = library(text);
            expect(count(text)).toBe(expected);
            expect(count(text)).toBe(expected);
          },
        ),
        { numRuns: 3000 },
      );
    }
  });

  it('falls back to the library when the encoding has no parts to drive', () => {
    const library = (t: string) => t.length;
    const count = bpeCounter({ bytePairEncodingCoreProcessor: { tokenSplitRegex: /x/ } }, library);
    expect(count).toBe(library);
  });
});
