/**
 * Token counting. Exact counts come from gpt-tokenizer (the fastest pure-JS BPE here, ~4 MB/s for
 * o200k); `heuristic` is the chars/4 first estimate (off by ~18% overall, ~25% on JSON), shown
 * before exact counts arrive. Counts are cached by content so nothing is counted twice.
 *
 * Real histories contain special-token text such as `<|endoftext|>`: it is counted as ordinary
 * text (`disallowedSpecial: new Set()`), as it is when such text sits inside a message.
 */
import cl100k, { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import o200k, { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { bpeCounter } from './bpe-count';

export const TOKENIZERS = ['o200k_base', 'cl100k_base', 'heuristic'] as const;
export type TokenizerId = (typeof TOKENIZERS)[number];
export const DEFAULT_TOKENIZER: TokenizerId = 'o200k_base';

const ENCODE_OPTIONS = { disallowedSpecial: new Set<string>() };

/** The chars/4 heuristic, rounded up. */
export function heuristicCount(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * A tokenizer: how people name it, whether it is a real tokenizer (not an estimate) and its raw
 * (uncached) count. Its counts are exact only for the models that use it (`countingLabel` in
 * models.ts), so the label names whose tokenizer it is, never "exact" on its own.
 */
export interface TokenizerInfo {
  readonly id: TokenizerId;
  readonly label: string;
  /** A real BPE tokenizer, not the chars/4 estimate. */
  readonly exact: boolean;
  /** Whose tokenizer it is, for "exact for …" (`countingLabel`). */
  readonly short: string;
  readonly count: (text: string) => number;
}

/** The tokenizer registry, in the order menus and help list them (the default first). */
export const TOKENIZER_REGISTRY: readonly TokenizerInfo[] = [
  {
    id: 'o200k_base',
    label: "o200k (GPT-4o and later's)",
    exact: true,
    short: 'o200k',
    count: bpeCounter(o200k, (text) => countO200k(text, ENCODE_OPTIONS)),
  },
  {
    id: 'cl100k_base',
    label: "cl100k (GPT-4 and 3.5's)",
    exact: true,
    short: 'cl100k',
    count: bpeCounter(cl100k, (text) => countCl100k(text, ENCODE_OPTIONS)),
  },
  {
    id: 'heuristic',
    label: 'chars / 4 (estimate)',
    exact: false,
    short: 'chars / 4',
    count: heuristicCount,
  },
];

/** The registry entry of a tokenizer id, or undefined for an unknown one. */
export function findTokenizer(id: string): TokenizerInfo | undefined {
  return TOKENIZER_REGISTRY.find((t) => t.id === id);
}

/** A tokenizer's plain count, without a cache (what a counting helper runs on its share). */
export function rawCounter(id: TokenizerId): (text: string) => number {
  const info = findTokenizer(id);
  if (!info) throw new Error(`Unknown tokenizer "${String(id)}". Known: ${TOKENIZERS.join(', ')}`);
  return info.count;
}

export interface TextCounter {
  readonly id: TokenizerId;
  count(text: string): number;
  /** How many distinct texts (or segments of long texts) were tokenized (cache misses; chars/4 none). */
  readonly misses: number;
  /** Records a text's count found elsewhere (a counting helper on another core). */
  prime(text: string, count: number): void;
  /** Whether the text's count is already known. */
  has(text: string): boolean;
}

/** Texts longer than this are counted as the sum of their cached segments (BPE tokenizers only). */
export const SEGMENT_ABOVE = 2048;
const MIN_SEGMENT = 64;

/**
 * Where a long text may be cut without changing its BPE count. Both o200k's and cl100k's split
 * regexes only carry a piece across a newline into whitespace, more newlines, or (o200k's
 * punctuation alternative `[\r\n/]*`) a slash; so a newline followed by any other character ends every
 * piece, and the count of the text is the sum of the counts of the parts (property-tested).
 */
export function splitForCounting(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (
    let i = text.indexOf('\n', MIN_SEGMENT);
    i !== -1 && i + 1 < text.length;
    i = text.indexOf('\n', i + 1)
  ) {
    const next = text.charCodeAt(i + 1);
    // Not whitespace (space, tab, CR, LF, VT, FF, NBSP and friends) and not '/'.
    if (next === 0x2f || /\s/.test(text[i + 1] as string)) continue;
    if (i + 1 - start < MIN_SEGMENT) continue;
    parts.push(text.slice(start, i + 1));
    start = i + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * A counter with its own content cache. Long texts are counted segment by segment
 * (`splitForCounting`), so texts that share most of their lines (rolling summaries, repeated tool
 * output) cost only their new lines.
 */
export function createTextCounter(id: TokenizerId = DEFAULT_TOKENIZER): TextCounter {
  const raw = rawCounter(id);
  const cache = new Map<string, number>();
  let misses = 0;
  const cached = (text: string): number => {
    const hit = cache.get(text);
    if (hit !== undefined) return hit;
    const n = raw(text);
    cache.set(text, n);
    misses++;
    return n;
  };
  return {
    id,
    get misses() {
      return misses;
    },
    prime(text, count) {
      cache.set(text, count);
    },
    // chars/4 is known without counting, and cheaper than the text's hash a cache lookup computes
    // (a third of the estimate of a 53 MB file's 101,018 steps, before its first paint).
    has: (text) => text === '' || id === 'heuristic' || cache.has(text),
    count(text: string): number {
      if (text === '') return 0;
      if (id === 'heuristic') return raw(text);
      if (text.length <= SEGMENT_ABOVE) return cached(text);
      const hit = cache.get(text);
      if (hit !== undefined) return hit;
      let n = 0;
      for (const part of splitForCounting(text)) n += cached(part);
      cache.set(text, n);
      return n;
    },
  };
}
