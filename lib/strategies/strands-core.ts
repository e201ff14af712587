/**
 * Strands Agents `SlidingWindowConversationManager` (npm @strands-agents/sdk 1.19,
 * src/conversation-manager/sliding-window-conversation-manager.ts and compression/context-compression.ts),
 * ported to pure functions over Strands messages that return new arrays instead of splicing in place.
 * No pinned messages (`pinFirst` unset, the default). Lengths are JavaScript string lengths, as there.
 * A differential test runs the SDK's class on the same inputs.
 */
import type { StrandsBlock, StrandsMessage } from '../messages/types';

/** A message with where it came from, so results map back to steps. */
export interface TrackedMessage {
  readonly message: StrandsMessage;
  readonly origin: number;
}

const PRESERVE_CHARS = 200;
const MIN_TRUNCATION_GAIN = 50;
const TRUNCATION_THRESHOLD = 2 * PRESERVE_CHARS + MIN_TRUNCATION_GAIN;

export const hasToolResult = (m: StrandsMessage) => m.content.some((b) => 'toolResult' in b);
export const hasToolUse = (m: StrandsMessage) => m.content.some((b) => 'toolUse' in b);

/** `findValidTrimPoint`: a user message that is neither a tool result nor a dangling tool use. */
export function findValidTrimPoint(
  messages: readonly { message: StrandsMessage }[],
  startIndex: number,
  end = messages.length,
): number {
  let trimIndex = startIndex;
  while (trimIndex < end) {
    const message = (messages[trimIndex] as { message: StrandsMessage }).message;
    if (message.role !== 'user' || hasToolResult(message)) {
      trimIndex++;
      continue;
    }
    if (hasToolUse(message)) {
      const next = trimIndex + 1 < end ? messages[trimIndex + 1] : undefined;
      if (!next || !hasToolResult(next.message)) {
        trimIndex++;
        continue;
      }
    }
    break;
  }
  return trimIndex;
}

/** `_findToolPairTrimPoint`: the first assistant tool use followed by a user tool result. */
function findToolPairTrimPoint(
  messages: readonly { message: StrandsMessage }[],
  startIndex: number,
  end: number,
): number | undefined {
  for (let index = startIndex; index < end; index++) {
    const message = (messages[index] as { message: StrandsMessage }).message;
    const next = index + 1 < end ? messages[index + 1]?.message : undefined;
    if (
      message.role === 'assistant' &&
      hasToolUse(message) &&
      next?.role === 'user' &&
      hasToolResult(next)
    )
      return index;
  }
  return undefined;
}

/** A plain user message: neither a tool use nor a tool result (a valid conversation anchor). */
export const isPlainUser = (m: StrandsMessage) =>
  m.role === 'user' && !hasToolUse(m) && !hasToolResult(m);

/** `_findToolPairUserAnchor` without pins: the latest plain user message before the pair. */
function findToolPairUserAnchor(
  messages: readonly { message: StrandsMessage }[],
  toolPairIndex: number,
): number | undefined {
  for (let index = toolPairIndex - 1; index >= 0; index--) {
    if (isPlainUser((messages[index] as { message: StrandsMessage }).message)) return index;
  }
  return undefined;
}

export interface TrimPlan {
  /** Messages [trimIndex, end) stay, and `anchor` when set. */
  readonly trimIndex: number;
  readonly anchor?: number;
}

/**
 * The trimming half of `_reduceContext` over messages [0, end): where to cut, or undefined when no
 * valid trim point exists. `anchorBefore(i)` finds the latest plain user message before i (a
 * precomputed table in replays; a backward scan otherwise).
 */
export function planTrim(
  messages: readonly { message: StrandsMessage }[],
  end: number,
  windowSize: number,
  anchorBefore: (index: number) => number | undefined = (i) => findToolPairUserAnchor(messages, i),
): TrimPlan | undefined {
  const startIndex = end <= windowSize ? 2 : end - windowSize;
  let trimIndex = findValidTrimPoint(messages, startIndex, end);
  let anchor: number | undefined;
  if (trimIndex === end && windowSize > 0) {
    const pair = findToolPairTrimPoint(messages, startIndex, end);
    if (pair !== undefined) {
      anchor = anchorBefore(pair);
      if (anchor === undefined) return undefined;
      trimIndex = pair;
    }
  }
  if (trimIndex > end || (trimIndex === end && windowSize > 0)) return undefined;
  // Nothing to remove: every index below the cut is the anchor, or there is none.
  const removable = trimIndex - (anchor !== undefined && anchor < trimIndex ? 1 : 0);
  if (removable <= 0) return undefined;
  return anchor === undefined ? { trimIndex } : { trimIndex, anchor };
}

/** `_truncateLongText`: head and tail kept around a `<truncated chars="N"/>` marker. */
export function truncateLongText(text: string): string | undefined {
  if (text.length <= TRUNCATION_THRESHOLD) return undefined;
  const removed = text.length - 2 * PRESERVE_CHARS;
  return `${text.slice(0, PRESERVE_CHARS)}\n<truncated chars="${removed}"/>\n${text.slice(-PRESERVE_CHARS)}`;
}

/** `_truncateToolResults` for text content (the only tool result content our steps produce). */
function truncateToolResults(message: StrandsMessage): StrandsMessage | undefined {
  let changed = false;
  const content = message.content.map((block): StrandsBlock => {
    if (!('toolResult' in block)) return block;
    let itemChanged = false;
    const items = block.toolResult.content.map((item) => {
      const truncated = truncateLongText(item.text);
      if (truncated === undefined) return item;
      itemChanged = true;
      return { text: truncated };
    });
    if (!itemChanged) return block;
    changed = true;
    return { toolResult: { ...block.toolResult, content: items } };
  });
  return changed ? { role: message.role, content } : undefined;
}

export interface ReduceOutcome {
  readonly messages: readonly TrackedMessage[];
  readonly reduced: boolean;
  /** Set when a tool result message was truncated instead of trimming. */
  readonly truncatedIndex?: number;
}

/**
 * `_reduceContext(messages, error)`. With `overflow` (a context-window overflow error), the oldest
 * message holding tool results is truncated first; otherwise, or when that changes nothing, the
 * oldest messages are trimmed to a valid trim point.
 */
export function reduceContext(
  messages: readonly TrackedMessage[],
  windowSize: number,
  options: { overflow: boolean; shouldTruncateResults: boolean },
): ReduceOutcome {
  const oldest = messages.findIndex((m) => hasToolResult(m.message));
  if (options.overflow && oldest !== -1 && options.shouldTruncateResults) {
    const target = messages[oldest] as TrackedMessage;
    const truncated = truncateToolResults(target.message);
    if (truncated) {
      const next = [...messages];
      next[oldest] = { message: truncated, origin: target.origin };
      return { messages: next, reduced: true, truncatedIndex: oldest };
    }
  }
  const plan = planTrim(messages, messages.length, windowSize);
  if (plan === undefined) return { messages, reduced: false };
  return {
    messages: messages.filter((_, i) => i >= plan.trimIndex || i === plan.anchor),
    reduced: true,
  };
}

/** `_applyManagement`: after each invocation, nothing while the history fits the window. */
export function applyManagement(
  messages: readonly TrackedMessage[],
  windowSize: number,
): readonly TrackedMessage[] {
  if (messages.length <= windowSize) return messages;
  return reduceContext(messages, windowSize, { overflow: false, shouldTruncateResults: false })
    .messages;
}
