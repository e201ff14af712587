/**
 * Anthropic Messages API conversations (docs.anthropic.com "Messages"): a list of `{role: user |
 * assistant, content}` messages whose content is a string or typed blocks (`text`, `image`,
 * `tool_use`, `tool_result`, `thinking`, `redacted_thinking`, `document`), as hand-written loops
 * keep them; or a request body `{model, system, messages, tools, max_tokens}` as a proxy or a
 * debug log records it. Read with the Claude Code converter (the same blocks): tool results linked
 * to their calls by `tool_use_id`, thinking as the thought, the request's `system` as the system
 * prompt. Cline and Roo Code task folders (the same messages, results as text) are cline.ts's.
 */
import { z } from 'zod';
import type { History } from '../model/types';
import { convert } from './claude-code-convert';
import { blockText, messageEntries } from './claude-code-entries';
import { exchangeOf, type Exchange } from './exchange';
import { defineImporter, parsedBy, type ImportWarning } from './types';
import { isRecord, str } from './util';
import { mayHaveListContent } from './guards';

/** Block types only the Messages API has (OpenAI's content parts are `text`, `image_url`, …). */
const ANTHROPIC_BLOCKS = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'server_tool_use',
  'web_search_tool_result',
  'document',
]);
const block = z.object({ type: z.string() }).passthrough();
const message = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.union([z.string(), z.array(block)]),
  })
  .passthrough();
const messages = z.array(message).min(1);
const isAnthropicBlock = (b: unknown) =>
  isRecord(b) && (ANTHROPIC_BLOCKS.has(str(b.type)) || (b.type === 'image' && isRecord(b.source)));
const hasAnthropicBlock = (ms: readonly unknown[]) =>
  ms.some((m) => isRecord(m) && Array.isArray(m.content) && m.content.some(isAnthropicBlock));

type Message = z.infer<typeof message>;
type Parsed = {
  messages: Message[];
  body?: Record<string, unknown>;
  exchange?: Exchange;
};

function systemText(system: unknown): string | undefined {
  if (typeof system === 'string') return system || undefined;
  if (Array.isArray(system))
    return system.map((b) => (isRecord(b) ? blockText(b) : str(b))).join('\n') || undefined;
  return undefined;
}

function historyOf(
  list: Message[],
  fileName: string,
  pointerOf: (i: number) => string,
  body?: Record<string, unknown>,
): { history: History; warnings: ImportWarning[] } {
  const entries = messageEntries(list, (m) => m);
  const system = systemText(body?.system);
  const t = convert(entries, list, fileName, pointerOf, {
    format: 'anthropic-messages',
    ...(system ? { system: { text: system, pointer: '/system' } } : {}),
  });
  const model = typeof body?.model === 'string' ? body.model : t.model;
  const tools = Array.isArray(body?.tools) ? body.tools.length : undefined;
  const history: History = {
    id: fileName,
    // The prompt's first line that is not a bare tag (a task wrapped in <task>).
    title:
      t.prompt
        ?.split('\n')
        .map((l) => l.trim())
        .find((l) => l && !/^<\/?[\w-]+>$/.test(l))
        ?.slice(0, 80) ?? fileName,
    format: 'anthropic-messages',
    ...(model ? { model } : {}),
    steps: t.steps,
    ...(tools === undefined ? {} : { meta: { tools } }),
  };
  return { history, warnings: t.warnings };
}

export const anthropicMessagesImporter = defineImporter<Parsed>({
  id: 'anthropic-messages',
  label: 'Anthropic Messages API conversation',
  detect(value) {
    if (Array.isArray(value)) {
      // Blocks are in list contents: a list without one (an OpenAI chat's) is not walked for them.
      const list =
        mayHaveListContent(value) && hasAnthropicBlock(value)
          ? parsedBy(messages, value)
          : undefined;
      return list ? { messages: list } : undefined;
    }
    if (!isRecord(value)) return undefined;
    // A request and its response (a proxy's or a logger's record of one call: exchange.ts).
    const exchange = exchangeOf(value);
    if (exchange?.api === 'anthropic') {
      const sent = parsedBy(messages, exchange.request.messages);
      const reply = parsedBy(message, exchange.reply);
      if (sent && reply) return { messages: [...sent, reply], body: exchange.request, exchange };
    }
    const list = parsedBy(messages, value.messages);
    // A request body: Anthropic's has its system prompt at the top (OpenAI's is a message).
    return list && (hasAnthropicBlock(list) || 'system' in value)
      ? { messages: list, body: value }
      : undefined;
  },
  import(parsed, fileName) {
    const { exchange } = parsed;
    const base = parsed.body ? `${exchange?.requestPointer ?? ''}/messages` : '';
    const last = parsed.messages.length - 1;
    const { history, warnings } = historyOf(
      parsed.messages,
      fileName,
      (i) => (exchange && i === last ? exchange.replyPointer : `${base}/${i}`),
      parsed.body,
    );
    return { file: { histories: [history] }, warnings };
  },
});
