/**
 * The order to read a Letta agent's messages in (part of the Letta importer, letta.ts). The 2025 v1
 * agent files (letta 0.6.x) list messages in no reliable order: letta-ai/agent-file
 * `src/agents/memgpt_agent_with_convo.af` at 0c32900a2521 has each system prompt Letta rewrote after
 * a memory edit in the middle and tool results before the calls they answer. Every message records
 * when it was written (`created_at`, letta `schemas/message.py`), so a v1 file's messages are read
 * in that order where all of them have one. The 2026 AgentFileSchema lists them in the context's
 * order, which is not always the order written (ezra.af of the same repository: a user's message
 * that arrived while the agent was answering another comes after that answer, as the model saw
 * it), so that list is kept, except that the summarizer puts its summary second in context, after
 * the system prompt, whenever it was written: it moves to when it was written.
 */
import { isoToUnix } from './util';

/** `created_at` as [whole seconds, fraction]: microseconds kept (Date.parse keeps milliseconds). */
function writtenAt(value: unknown): [number, number] | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^([^.]*?\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(value);
  if (!m) return undefined;
  const [, whole = '', fraction = '0', zone = ''] = m;
  const seconds = isoToUnix(`${whole}${zone}`);
  return seconds === undefined ? undefined : [seconds, Number(`0.${fraction}`)];
}

/**
 * Indices in the order the messages were written: a stable sort by `created_at` (ties keep the
 * list's order), or undefined when a message has no readable time.
 */
function timeOrder(messages: readonly Record<string, unknown>[]): number[] | undefined {
  const written: { i: number; at: [number, number] }[] = [];
  for (const [i, m] of messages.entries()) {
    const at = writtenAt(m.created_at);
    if (!at) return undefined;
    written.push({ i, at });
  }
  return written
    .sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1] || a.i - b.i)
    .map(({ i }) => i);
}

/**
 * Without every message's time: a summary Letta put second in context moves to when it was written,
 * after the messages that follow it in the list but were written before it.
 */
function summaryOrder(
  messages: readonly Record<string, unknown>[],
  summaries: ReadonlySet<number>,
): number[] {
  const order = messages.map((_, i) => i);
  for (const i of [...summaries].sort((a, b) => b - a)) {
    const t = isoToUnix(messages[i]?.created_at);
    if (t === undefined) continue;
    let j = i;
    while (j + 1 < messages.length) {
      const next = isoToUnix(messages[j + 1]?.created_at);
      if (next === undefined || next > t || summaries.has(j + 1)) break;
      j++;
    }
    if (j === i) continue;
    const at = order.indexOf(i);
    order.splice(at, 1);
    order.splice(order.indexOf(j) + 1, 0, i);
  }
  return order;
}

/** How many entries of `order` had to move: its length less its longest increasing run. */
function movedCount(order: readonly number[]): number {
  const tails: number[] = [];
  for (const x of order) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((tails[mid] ?? x) < x) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = x;
  }
  return order.length - tails.length;
}

/**
 * The reading order of an agent's messages (by time when `byTime`: a v1 file), and how many
 * messages other than the summaries (whose move is Letta's layout, not the file's disorder) it
 * moved from where the list has them.
 */
export function readingOrder(
  messages: readonly Record<string, unknown>[],
  summaries: ReadonlySet<number>,
  byTime: boolean,
): { order: number[]; moved: number } {
  const order = (byTime ? timeOrder(messages) : undefined) ?? summaryOrder(messages, summaries);
  return { order, moved: movedCount(order.filter((i) => !summaries.has(i))) };
}
