/**
 * Letta / MemGPT agent files (`.af`, letta-ai/agent-file; letta `serialize_schemas`): an agent's
 * state with its messages. Two schemas:
 * - 2026 `AgentFileSchema`: `{agents: [{name, system, llm_config, messages, in_context_message_ids}],
 *   blocks: [{label, value, limit, description}], tools, groups, files}`;
 * - 2025 v1: one agent `{name, system, llm_config, core_memory: [blocks], messages,
 *   in_context_message_indices, tools}` (in its 2025-03 form, no indices: each message says
 *   `in_context`).
 * Some files hold the JSON as a JSON string (written encoded twice); it is read once more.
 *
 * One history per agent. Messages: `system` (the prompt with the core-memory blocks rendered into
 * it), `user` (MemGPT's `{"type": "user_message", "message"}` JSON read as its message), `assistant`
 * (its text and `tool_calls`), `tool` (a result, by `tool_call_id`; `tool_returns` status `error`
 * marks it). A v1 file's messages are read in the order they were written (`created_at`;
 * letta-order.ts: its list is in no reliable order, and a warning says how many messages moved);
 * a 2026 file's list is its context's order and is kept. Messages not in the agent's
 * context (`in_context_message_ids` / `_indices` / `in_context`) were moved to recall memory:
 * counted in `meta.outOfContext`. Core-memory blocks are listed in
 * `meta.memoryBlocks` with their size and limit, as Letta shows them.
 *
 * Compactions: Letta's summarizer packs its summary as `{"type": "system_alert", "message": "Note:
 * prior messages have been hidden from view …", "time", "compaction_stats"?}` in a `user` message (a
 * `summary` message in newer servers) and puts it second in context, after the system prompt
 * (letta-ai/letta `letta/services/summarizer/compact.py` and `letta/system.py`
 * `package_summarize_message_no_counts`, commit 56ba9c255526). It becomes a summary step at the time
 * Letta wrote it (its `created_at`), after the kept messages written before it, replacing the
 * messages out of context before it when the file holds them.
 */
import { z } from 'zod';
import type { History, JsonValue, RecordedCompaction } from '../model/types';
import { parseEmbeddedJson } from './json-text';
import { readingOrder } from './letta-order';
import { readRuns, runPlace } from './runs';
import { defineImporter, parsedBy, type ImportWarning } from './types';
import { ImportError } from '../model/errors';
import { isoToUnix, isRecord, parseArguments, StepList, str } from './util';

const lettaMessage = z.object({ role: z.string() }).passthrough();
const agent = z
  .object({ messages: z.array(lettaMessage), llm_config: z.record(z.string(), z.unknown()) })
  .passthrough();
const agentFile = z
  .object({ agents: z.array(agent).min(1), blocks: z.array(z.unknown()).optional() })
  .passthrough();
const v1Agent = agent.refine(
  (a) => 'core_memory' in a || 'in_context_message_indices' in a,
  'a v1 agent file (core_memory, in_context_message_indices)',
);

type Agent = Record<string, unknown> & { messages: Record<string, unknown>[] };
type Parsed = {
  agents: { a: Agent; pointer: string; v1?: boolean }[];
  blocks: unknown[];
  twice: boolean;
};

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((c) => (isRecord(c) && typeof c.text === 'string' ? c.text : isRecord(c) ? '' : str(c)))
    .join('\n');
}

/** MemGPT wraps user input as JSON (`{"type": "user_message", "message": …}`). */
function userText(text: string): string {
  const v = text.trimStart().startsWith('{') ? parseEmbeddedJson(text) : undefined;
  return isRecord(v) && v.type === 'user_message' && typeof v.message === 'string'
    ? v.message
    : text;
}

function blockMeta(blocks: unknown[]): JsonValue[] {
  return blocks.filter(isRecord).map((b) => ({
    label: str(b.label ?? ''),
    chars: typeof b.value === 'string' ? b.value.length : 0,
    ...(typeof b.limit === 'number' ? { limit: b.limit } : {}),
    ...(typeof b.description === 'string' ? { description: b.description } : {}),
    value: typeof b.value === 'string' ? b.value : '',
  }));
}

const HIDDEN = /have been hidden from view due to (conversation )?memory constraints/;

/**
 * A summary Letta's summarizer packed (`package_summarize_message_no_counts`): the text the model
 * read and what `compaction_stats` says. Its triggers `context_window_exceeded` and
 * `post_step_context_check` are both automatic (letta_agent_v3.py at 56ba9c255526).
 */
function compactionOf(
  m: Record<string, unknown>,
  text: string,
): { compaction: RecordedCompaction; stats?: Record<string, unknown> } | undefined {
  if (m.role !== 'user' && m.role !== 'summary') return undefined;
  const v = text.trimStart().startsWith('{') ? parseEmbeddedJson(text) : undefined;
  if (!isRecord(v) || v.type !== 'system_alert' || typeof v.message !== 'string') return undefined;
  const stats = isRecord(v.compaction_stats) ? v.compaction_stats : undefined;
  if (!stats && !HIDDEN.test(v.message)) return undefined;
  const count = (x: unknown) => (typeof x === 'number' && x >= 0 ? x : undefined);
  const before = count(stats?.context_tokens_before);
  const after = count(stats?.context_tokens_after);
  const auto =
    stats?.trigger === 'context_window_exceeded' || stats?.trigger === 'post_step_context_check';
  return {
    compaction: {
      recordedAs: 'system_alert',
      ...(before !== undefined ? { tokensBefore: before } : {}),
      ...(after !== undefined ? { tokensAfter: after } : {}),
      ...(auto ? { trigger: 'auto' as const } : {}),
    },
    ...(stats ? { stats } : {}),
  };
}

function agentHistory(
  { a, pointer, v1 = false }: { a: Agent; pointer: string; v1?: boolean },
  blocks: unknown[],
  fileName: string,
): { history: History; warnings: ImportWarning[] } {
  const list = new StepList({ format: 'letta', file: fileName });
  const ids = Array.isArray(a.in_context_message_ids)
    ? new Set(a.in_context_message_ids.map(str))
    : undefined;
  const indices = Array.isArray(a.in_context_message_indices)
    ? new Set(a.in_context_message_indices)
    : undefined;
  let outOfContext = 0;
  // The 2025-03 layout marks each message instead (`in_context`).
  const inContextAt = (m: Record<string, unknown>, i: number) =>
    ids ? ids.has(str(m.id)) : indices ? indices.has(i) : m.in_context !== false;
  const packed = new Map(
    a.messages.flatMap((m, i) => {
      const c = compactionOf(m, contentText(m.content));
      return c ? [[i, c] as const] : [];
    }),
  );
  // Steps of messages out of context, not yet replaced by a compaction.
  const evicted: string[] = [];
  const { order, moved } = readingOrder(a.messages, new Set(packed.keys()), v1);
  if (moved > 0)
    list.warn(
      `${moved} of its ${a.messages.length} messages are listed out of the order they were written; read in the order of their created_at`,
      `${pointer}/messages`,
    );
  for (const i of order) {
    const m = a.messages[i];
    if (!m) continue;
    const at = `${pointer}/messages/${i}`;
    const timestamp = isoToUnix(m.created_at);
    const time = timestamp === undefined ? {} : { timestamp };
    const inContext = inContextAt(m, i);
    if (!inContext) outOfContext++;
    const text = contentText(m.content);
    const before = list.steps.length;
    const c = packed.get(i);
    if (c) {
      const replaces = evicted.splice(0);
      if (replaces.length === 0)
        list.warn(
          `message ${i}: a compaction whose evicted messages are not in the file (it holds ${ids || indices ? 'only the messages in context' : 'no message out of context before it'})${
            c.stats &&
            typeof c.stats.messages_count_before === 'number' &&
            typeof c.stats.messages_count_after === 'number'
              ? `; Letta counted ${c.stats.messages_count_before} messages in context before it and ${c.stats.messages_count_after} after`
              : ''
          }`,
          at,
        );
      list.add(
        {
          kind: 'summary',
          content: text,
          replaces,
          origin: 'model',
          // Evicted messages usually leave the agent file: then what it dropped is not in it.
          compaction:
            replaces.length > 0 ? c.compaction : { ...c.compaction, droppedInFile: false },
          ...time,
        },
        at,
      );
    } else if (m.role === 'system') list.add({ kind: 'system-prompt', content: text, ...time }, at);
    else if (m.role === 'user') list.add({ kind: 'task', task: userText(text), ...time }, at);
    else if (m.role === 'assistant') {
      const calls = (Array.isArray(m.tool_calls) ? m.tool_calls : [])
        .filter(isRecord)
        .map((c, k) => {
          const f = isRecord(c.function) ? c.function : {};
          return {
            id: str(c.id ?? `call_${i}_${k}`),
            name: str(f.name ?? 'tool'),
            arguments: parseArguments(f.arguments),
          };
        });
      list.addAction(
        {
          toolCalls: calls,
          modelOutput: text,
          model: typeof m.model === 'string' ? m.model : undefined,
          timestamp,
        },
        at,
      );
    } else if (m.role === 'tool') {
      const failed =
        Array.isArray(m.tool_returns) &&
        m.tool_returns.some((r) => isRecord(r) && r.status === 'error');
      if (!list.linkResult(str(m.tool_call_id ?? ''), text, failed)) {
        list.warn(
          `message ${i}: a tool result answers no earlier call (${str(m.tool_call_id ?? 'no id')}); kept as an observation`,
          at,
        );
        list.addAction({ observation: text, timestamp }, at);
      }
    } else list.warn(`message ${i}: a message of role "${str(m.role)}" was skipped`, at);
    // A system prompt leaves the context when Letta rebuilds it after a memory edit (letta 0.6
    // `Agent.rebuild_system_prompt` swaps the first in-context message), not when it compacts.
    if (!inContext)
      for (const s of list.steps.slice(before)) if (s.kind !== 'system-prompt') evicted.push(s.id);
  }
  const config = isRecord(a.llm_config) ? a.llm_config : {};
  const own = Array.isArray(a.core_memory)
    ? a.core_memory
    : blocks.filter((b) => isRecord(b) && Array.isArray(a.block_ids) && a.block_ids.includes(b.id));
  const name = str(a.name ?? 'agent');
  const tools: readonly unknown[] = Array.isArray(a.tool_ids)
    ? a.tool_ids
    : Array.isArray(a.tools)
      ? a.tools
      : [];
  const history: History = {
    id: str(a.id ?? name),
    title: `letta agent ${name}${typeof a.description === 'string' && a.description ? ` · ${a.description}` : ''}`,
    format: 'letta',
    ...(typeof config.model === 'string' ? { model: config.model } : {}),
    steps: list.markFinal(),
    meta: {
      ...(typeof a.agent_type === 'string' ? { agentType: a.agent_type } : {}),
      ...(typeof config.context_window === 'number'
        ? { contextWindow: config.context_window }
        : {}),
      ...(own.length > 0 ? { memoryBlocks: blockMeta(own) } : {}),
      ...(Array.isArray(a.tools) || Array.isArray(a.tool_ids) ? { tools: tools.length } : {}),
      ...(outOfContext > 0 ? { outOfContext } : {}),
    },
  };
  return { history, warnings: list.warnings };
}

function parsedOf(value: unknown, twice: boolean): Parsed | undefined {
  const file = parsedBy(agentFile, value);
  if (file)
    return {
      agents: file.agents.map((a, i) => ({ a, pointer: `/agents/${i}` })),
      blocks: file.blocks ?? [],
      twice,
    };
  const a = parsedBy(v1Agent, value);
  return a ? { agents: [{ a, pointer: '', v1: true }], blocks: [], twice } : undefined;
}

export const lettaImporter = defineImporter<Parsed>({
  id: 'letta',
  label: 'Letta agent file (.af)',
  detect(value) {
    // A file whose JSON is one string holding the agent file (encoded twice).
    if (typeof value === 'string' && value.trimStart().startsWith('{'))
      return parsedOf(parseEmbeddedJson(value), true);
    return parsedOf(value, false);
  },
  import({ agents, blocks, twice }, fileName) {
    if (agents.every(({ a }) => a.messages.length === 0))
      throw new ImportError(`${fileName}: the agent file holds no messages`);
    // An agent that cannot be read (or has no message) is skipped with a warning (runs.ts).
    const { histories, warnings } = readRuns(
      agents,
      (x) => agentHistory(x, blocks, fileName),
      ({ a }, i) => runPlace(undefined, i, `agent ${str(a.name ?? a.id ?? '')}`, 'agent'),
      fileName,
      (i) => agents[i]?.pointer || '/',
    );
    if (twice)
      warnings.unshift({
        message:
          'the file is a JSON string holding the agent file (it was encoded twice); its inner JSON was read, and pointers point into that',
      });
    return { file: { histories }, warnings };
  },
});
