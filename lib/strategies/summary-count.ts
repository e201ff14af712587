/**
 * Tokens of a summary step, counted line by line. A replay writes a new summary before nearly
 * every call (the summarizing window's, a compaction's), each a few lines different from the last:
 * counting each whole text was most of a replay. For the BPE tokenizers a text's count is the sum
 * of its pieces cut after a newline followed by anything but whitespace or '/', since no piece of
 * their split regexes crosses such a place (lib/tokens/tokenizer.ts `splitForCounting`, which cuts
 * long texts at the same places and is property-tested there), so the lines' cached counts give
 * the summary's exactly; the counter is told that count, and the step is then counted as any other.
 */
import type { Step } from '../model/types';
import type { StepTokens } from '../tokens/step-tokens';

export function summaryTokens(
  tokens: StepTokens,
  summary: Step & { readonly kind: 'summary' },
): number {
  const counter = tokens.counter;
  const text = summary.content;
  if (counter.id !== 'heuristic' && !counter.has(text)) {
    let n = 0;
    let start = 0;
    for (
      let i = text.indexOf('\n');
      i !== -1 && i + 1 < text.length;
      i = text.indexOf('\n', i + 1)
    ) {
      const next = text[i + 1] as string;
      if (next === '/' || /\s/.test(next)) continue;
      n += counter.count(text.slice(start, i + 1));
      start = i + 1;
    }
    counter.prime(text, n + counter.count(text.slice(start)));
  }
  return tokens.step(summary);
}
