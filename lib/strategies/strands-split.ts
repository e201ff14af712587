/**
 * Strands' split point for the summarizing window (summarizing-window.ts): where the oldest share of
 * the messages may end without separating a tool use from its result.
 */
import type { StrandsMessage } from '../messages/types';
import { hasToolResult, hasToolUse } from './strands-core';

/** Rounds of summarization at most in one application (Strands would retry without end). */
export const MAX_ROUNDS = 1_000;

/**
 * Strands `adjustSplitPointForToolPairs` on messages[start, end) with `split` relative to start;
 * undefined where Strands throws (no valid split point).
 */
export function adjustSplitPoint(
  messages: readonly StrandsMessage[],
  split: number,
  start = 0,
  end = messages.length,
): number | undefined {
  const length = end - start;
  if (split >= length) return split;
  while (split < length) {
    const m = messages[start + split] as StrandsMessage;
    if (hasToolResult(m)) {
      split++;
      continue;
    }
    if (hasToolUse(m)) {
      const next = split + 1 < length ? messages[start + split + 1] : undefined;
      if (!next || !hasToolResult(next)) {
        split++;
        continue;
      }
    }
    break;
  }
  return split >= length ? undefined : split;
}
