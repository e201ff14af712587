/**
 * tinyAgent (alchemiststudiosDOTai/tinyAgent; ../shared/fixtures/MANIFEST.md "tinyagent"):
 * - 1.x run dumps `{run: {model, system_prompt, input}, events: [...], agent_state_messages?}`:
 *   messages with content blocks `text`, `thinking`, `tool_call {id, name, arguments}`, `image`, and
 *   `tool_result` messages `{tool_call_id, content, is_error}`; assistant `usage {input, output,
 *   cache_read, cache_write, total_tokens, cost}`. The messages come from `agent_state_messages`,
 *   else the `agent_end` event, else each `message_end` event in order.
 * - 0.x memory steps as `dataclasses.asdict()` (seed 000's dataclasses, no type field): the kind is
 *   read from the keys (`task`, `tool_name`, `raw_llm_response`, `content`).
 */
import { z } from 'zod';
import type { History, ToolCall } from '../model/types';
import { defineImporter, fits, parsedBy } from './types';
import { stepFromDict } from '../format/native';
import { withInputCounts } from './usage-conventions';
import { isRecord, num, parseArguments, StepList, str, usage } from './util';

const runDump = z
  .object({
    run: z
      .object({ model: z.unknown().optional(), system_prompt: z.string().optional() })
      .passthrough(),
    events: z.array(z.object({ type: z.string() }).passthrough()),
  })
  .passthrough();
type RunDump = z.infer<typeof runDump>;
const asdictStep = z.union([
  z.object({ task: z.string() }).passthrough(),
  z
    .object({
      tool_name: z.string().nullable(),
      tool_args: z.unknown(),
      raw_llm_response: z.unknown(),
    })
    .passthrough(),
  z.object({ content: z.string(), raw_llm_response: z.string() }).passthrough(),
  z.object({ content: z.string() }).passthrough(),
]);
const asdictSteps = z.array(asdictStep).min(1);

/** Every record a step dict with the seed's keys, and the list one of `asdictSteps`. */
function isAsdict(value: unknown): value is Record<string, unknown>[] {
  // The keys first: other formats' records fail on the first one, before zod walks them all.
  return (
    Array.isArray(value) &&
    value.every((s) => isRecord(s) && 'timestamp' in s && 'step_number' in s) &&
    fits(asdictSteps, value)
  );
}

function messagesOf(dump: RunDump): {
  messages: Record<string, unknown>[];
  pointerOf: (i: number) => string;
} {
  if (Array.isArray(dump.agent_state_messages))
    return {
      messages: dump.agent_state_messages.filter(isRecord),
      pointerOf: (i) => `/agent_state_messages/${i}`,
    };
  const { events } = dump;
  const end = events.findIndex((e) => e.type === 'agent_end' && Array.isArray(e.messages));
  const endMessages = events[end]?.messages;
  if (Array.isArray(endMessages))
    return {
      messages: endMessages.filter(isRecord),
      pointerOf: (i) => `/events/${end}/messages/${i}`,
    };
  const ends = events.flatMap((e, i) =>
    e.type === 'message_end' && isRecord(e.message) ? [{ message: e.message, i }] : [],
  );
  return {
    messages: ends.map(({ message }) => message),
    pointerOf: (k) => `/events/${ends[k]?.i ?? 0}/message`,
  };
}

function importRun(
  dump: RunDump,
  fileName: string,
): { history: History; warnings: StepList['warnings'] } {
  const list = new StepList({ format: 'tinyagent', file: fileName });
  const { run } = dump;
  if (typeof run.system_prompt === 'string' && run.system_prompt !== '')
    list.add({ kind: 'system-prompt', content: run.system_prompt }, '/run/system_prompt');
  const { messages, pointerOf } = messagesOf(dump);
  messages.forEach((m, i) => {
    const pointer = pointerOf(i);
    const blocks = Array.isArray(m.content)
      ? m.content.filter(isRecord)
      : typeof m.content === 'string'
        ? [{ type: 'text', text: m.content }]
        : [];
    const text = blocks
      .filter((b) => b.type === 'text')
      .map((b) => str(b.text ?? ''))
      .join('\n');
    const images = blocks
      .filter((b) => b.type === 'image')
      .map((b) => `[image: ${str(b.mime_type ?? 'image')}]`);
    const body = [text, ...images].filter(Boolean).join('\n');
    // Timestamps are epoch milliseconds in real runs and small counters in test payloads.
    const ms = num(m.timestamp);
    const timestamp = ms !== undefined && ms > 1e12 ? ms / 1000 : undefined;
    const time = timestamp === undefined ? {} : { timestamp };
    if (m.role === 'user') list.add({ kind: 'task', task: body, ...time }, pointer);
    else if (m.role === 'assistant') {
      const calls: ToolCall[] = blocks
        .filter((b) => b.type === 'tool_call')
        .map((b, j) => ({
          id: str(b.id ?? `call_${j}`),
          name: str(b.name ?? ''),
          arguments: parseArguments(b.arguments ?? b.partial_json),
        }));
      const thought = blocks
        .filter((b) => b.type === 'thinking')
        .map((b) => str(b.thinking ?? ''))
        .join('\n\n');
      // tinyAgent's Usage (pi-ai's shape): `input` apart from `cache_read` and `cache_write`
      // (rust_binding_full_run.json: input 0, cache_read 28, total_tokens 102 = 0 + 28 + 74).
      const u = isRecord(m.usage)
        ? withInputCounts(
            usage({
              inputTokens: m.usage.input,
              outputTokens: m.usage.output,
              totalTokens: m.usage.total_tokens,
              cacheReadInputTokens: m.usage.cache_read,
              cacheCreationInputTokens: m.usage.cache_write,
              costUsd: isRecord(m.usage.cost) ? m.usage.cost.total : undefined,
            }),
            'uncached',
          )
        : undefined;
      list.addAction(
        {
          toolCalls: calls,
          modelOutput: body,
          thought,
          usage: u,
          model: typeof m.model === 'string' ? m.model : undefined,
          error: typeof m.error_message === 'string' ? m.error_message : undefined,
          timestamp,
        },
        pointer,
      );
    } else if (m.role === 'tool_result') {
      if (!list.linkResult(str(m.tool_call_id ?? ''), body, m.is_error === true)) {
        list.warn(
          `message ${i}: a tool result answers no earlier tool call (${str(m.tool_call_id ?? 'no id')}); kept as an observation`,
          pointer,
        );
        list.addAction({ observation: body, timestamp }, pointer);
      }
    } else
      list.warn(`message ${i}: role "${str(m.role)}" is not a tinyAgent role; skipped`, pointer);
  });
  if (messages.length === 0)
    list.warn(
      'the dump has no messages (no agent_state_messages, agent_end or message_end events)',
    );
  const model = isRecord(run.model) ? run.model.id : run.model;
  return {
    history: {
      id: fileName,
      title: fileName,
      format: 'tinyagent',
      steps: list.markFinal(),
      ...(typeof model === 'string' ? { model } : {}),
    },
    warnings: list.warnings,
  };
}

/** The seed's own step types, told apart by their fields (`asdict()` writes no type). */
function typeOf(s: Record<string, unknown>): string {
  if (typeof s.task === 'string') return 'TaskStep';
  if ('tool_name' in s || 'is_final' in s) return 'ActionStep';
  if ('raw_llm_response' in s) return 'ScratchpadStep';
  return 'SystemPromptStep';
}

function importAsdict(steps: Record<string, unknown>[], fileName: string): History {
  const out = steps.map((data, i) => ({
    ...stepFromDict({ type: typeOf(data), data }, i),
    id: `s${i}`,
    source: { format: 'tinyagent', file: fileName, pointer: `/${i}` },
  }));
  return { id: fileName, title: fileName, format: 'tinyagent', steps: out };
}

export const tinyAgentImporter = defineImporter({
  id: 'tinyagent',
  label: 'tinyAgent run',
  near: { sniff: (v) => isRecord(v) && 'run' in v && 'events' in v, schema: runDump },
  // A run dump as parsed, or an asdict() step list as written (stepFromDict reads each step).
  detect: (value): { run: RunDump } | { steps: Record<string, unknown>[] } | undefined => {
    const run = parsedBy(runDump, value);
    if (run) return { run };
    return isAsdict(value) ? { steps: value } : undefined;
  },
  import(parsed, fileName) {
    if ('run' in parsed) {
      const { history, warnings } = importRun(parsed.run, fileName);
      return { file: { histories: [history] }, warnings };
    }
    return { file: { histories: [importAsdict(parsed.steps, fileName)] }, warnings: [] };
  },
});
