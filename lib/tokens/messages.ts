/**
 * Tokens per message, including the chat format's per-message overhead (OpenAI cookbook
 * "How to count tokens with tiktoken": 3 tokens per message, 3 more to prime the reply). Every
 * string the model reads is counted: role, text, tool names, arguments and results. For tool calls
 * the exact server-side framing is not public, so those counts are estimates for every model.
 */
import type { AnyMessage } from '../messages/types';
import type { TextCounter } from './tokenizer';

export const TOKENS_PER_MESSAGE = 3;
export const REPLY_PRIMING_TOKENS = 3;

/** Keys that carry ids or flags, not text the model reads as content. */
const SKIPPED_KEYS = new Set([
  'type',
  'id',
  'tool_call_id',
  'tool_use_id',
  'toolUseId',
  'status',
  'is_error',
]);

/**
 * Appends every string a model reads in `value` to `out`, in order. A module-level function, not a
 * closure made per message: this runs for every message of every count.
 */
function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    if (value !== '') out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectStrings(v, out);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const k in record) {
      if (!Object.hasOwn(record, k) || SKIPPED_KEYS.has(k)) continue;
      const v = record[k];
      // Tool inputs are objects in Anthropic/Strands (and seed 002's `tool_data.args`); the model
      // reads them as JSON text, numbers included.
      if ((k === 'input' || k === 'args') && typeof v !== 'string') out.push(JSON.stringify(v));
      else collectStrings(v, out);
    }
  }
}

/** Every string a model reads in a message, in order. */
export function messageStrings(message: AnyMessage): string[] {
  const out: string[] = [];
  collectStrings(message, out);
  return out;
}

export function countMessage(message: AnyMessage, counter: TextCounter): number {
  let n = TOKENS_PER_MESSAGE;
  for (const s of messageStrings(message)) n += counter.count(s);
  return n;
}

/** Tokens of a whole request: every message plus the reply priming. */
export function countMessages(messages: readonly AnyMessage[], counter: TextCounter): number {
  let n = REPLY_PRIMING_TOKENS;
  for (const m of messages) n += countMessage(m, counter);
  return n;
}
