/**
 * OpenTelemetry span exports of agent runs: GenAI semantic conventions (`gen_ai.*`, messages as
 * JSON strings of `{role, parts}`), OpenInference (`llm.input_messages.<i>.message.*` flattened
 * keys, `openinference.span.kind`) and Google ADK (`gcp.vertex.agent.llm_request` with Gemini
 * `contents`). Specs: opentelemetry.io/docs/specs/semconv/gen-ai/, github.com/Arize-ai/openinference
 * `spec/semantic_conventions.md`; ../shared/fixtures/MANIFEST.md "otel-genai".
 *
 * Spans arrive in any order: the tree is rebuilt from parent ids and each agent's model calls are
 * read in start-time order. Every call resends the history, so the conversation is its first call's
 * input plus, for each call, the new input messages and the output. Tool spans fill in results the
 * messages lack. Agents started from another agent's tool call become its sub-agent histories.
 * Nanosecond times are read as exact integers (they pass 2^53; lib/import/read.ts keeps them as text).
 */
import { z } from 'zod';
import { parseEmbeddedJson } from './json-text';
import type { ChildHistory, History, JsonValue, ToolCall, Usage } from '../model/types';
import { defineImporter, ImportError, type ImportWarning } from './types';
import { parseCallingTools } from './smolagents';
import { isRecord, nanosToUnix, parseArguments, StepList, usage } from './util';

const span = z
  .object({
    name: z.string(),
    attributes: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough()
  .refine((s) => ['span_id', 'spanId'].some((k) => typeof s[k] === 'string'), 'a span has an id');
const spanList = z.array(span).min(1);
const spanEnvelope = z.object({ spans: spanList }).passthrough();

interface Span {
  readonly id: string;
  readonly parent?: string;
  readonly trace: string;
  readonly name: string;
  readonly start: bigint;
  readonly end: bigint;
  readonly attrs: Record<string, unknown>;
  readonly index: number;
  readonly pointer: string;
  readonly status?: unknown;
}

type Part =
  | { type: 'text'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: JsonValue }
  | { type: 'tool_call_response'; id: string; response: string };
interface Msg {
  readonly role: string;
  readonly parts: Part[];
}

function nanos(value: unknown): bigint {
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.round(value));
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return BigInt(ms) * 1_000_000n;
  }
  return 0n;
}

function toSpans(list: readonly Record<string, unknown>[], prefix: string): Span[] {
  return list.map((s, index) => {
    const start = nanos(s.start_time ?? s.startTimeUnixNano);
    const end = s.end_time ?? s.endTimeUnixNano;
    const duration = s.durationNano;
    return {
      id: String(s.span_id ?? s.spanId),
      ...(typeof (s.parent_span_id ?? s.parentSpanId) === 'string'
        ? { parent: String(s.parent_span_id ?? s.parentSpanId) }
        : {}),
      trace: String(s.trace_id ?? s.traceId ?? 'trace'),
      name: String(s.name),
      start,
      end:
        end !== undefined ? nanos(end) : duration !== undefined ? start + nanos(duration) : start,
      attrs: isRecord(s.attributes) ? s.attributes : {},
      index,
      pointer: `${prefix}/${index}`,
      status: s.status,
    };
  });
}

function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? parseEmbeddedJson(value) : value;
}

function text(value: unknown): string {
  return typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : JSON.stringify(value);
}

/** GenAI semconv `[{role, parts: [{type, content | id,name,arguments | id,response}]}]`. */
function fromGenAi(value: unknown): Msg[] | undefined {
  const list = jsonOf(value);
  if (!Array.isArray(list)) return undefined;
  return list.filter(isRecord).map((m) => ({
    role: String(m.role ?? 'user'),
    parts: (Array.isArray(m.parts)
      ? m.parts.filter(isRecord)
      : typeof m.content === 'string'
        ? [{ type: 'text', content: m.content }]
        : []
    ).map((p): Part => {
      if (p.type === 'tool_call')
        return {
          type: 'tool_call',
          id: String(p.id ?? ''),
          name: String(p.name ?? ''),
          arguments: parseArguments(p.arguments),
        };
      if (p.type === 'tool_call_response')
        return {
          type: 'tool_call_response',
          id: String(p.id ?? ''),
          response: text(p.response ?? p.result),
        };
      return { type: 'text', content: text(p.content ?? p.text) };
    }),
  }));
}

/** OpenInference flattened keys under `llm.input_messages` / `llm.output_messages`. */
function fromOpenInference(attrs: Record<string, unknown>, key: string): Msg[] | undefined {
  const byIndex = new Map<number, Record<string, unknown>>();
  const prefix = `${key}.`;
  for (const [k, v] of Object.entries(attrs)) {
    if (!k.startsWith(prefix)) continue;
    const m = /^(\d+)\.message\.(.+)$/.exec(k.slice(prefix.length));
    if (!m) continue;
    const i = Number(m[1]);
    byIndex.set(i, { ...(byIndex.get(i) ?? {}), [m[2] as string]: v });
  }
  if (byIndex.size === 0) return undefined;
  return [...byIndex]
    .sort((a, b) => a[0] - b[0])
    .map(([, f]) => {
      const parts: Part[] = [];
      if (typeof f.content === 'string') parts.push({ type: 'text', content: f.content });
      for (
        let j = 0;
        `contents.${j}.message_content.type` in f || `contents.${j}.message_content.text` in f;
        j++
      ) {
        parts.push({ type: 'text', content: text(f[`contents.${j}.message_content.text`]) });
      }
      for (let j = 0; `tool_calls.${j}.tool_call.function.name` in f; j++) {
        parts.push({
          type: 'tool_call',
          id: text(f[`tool_calls.${j}.tool_call.id`]) || `call_${j}`,
          name: text(f[`tool_calls.${j}.tool_call.function.name`]),
          arguments: parseArguments(f[`tool_calls.${j}.tool_call.function.arguments`]),
        });
      }
      const role = String(f.role ?? 'user');
      if (role === 'tool' && typeof f.tool_call_id === 'string')
        return {
          role,
          parts: [
            {
              type: 'tool_call_response',
              id: f.tool_call_id,
              response: parts.map((p) => (p.type === 'text' ? p.content : '')).join('\n'),
            },
          ],
        };
      return { role, parts };
    });
}

/** Gemini `contents` (ADK's llm_request) and a response's `content`. */
function fromGemini(contents: unknown): Msg[] {
  if (!Array.isArray(contents)) return [];
  return contents.filter(isRecord).map((c) => ({
    role: c.role === 'model' ? 'assistant' : String(c.role ?? 'user'),
    parts: (Array.isArray(c.parts) ? c.parts.filter(isRecord) : []).flatMap((p): Part[] => {
      if (typeof p.text === 'string')
        return p.thought === true ? [] : [{ type: 'text', content: p.text }];
      if (isRecord(p.function_call))
        return [
          {
            type: 'tool_call',
            id: text(p.function_call.id),
            name: text(p.function_call.name),
            arguments: (p.function_call.args ?? {}) as JsonValue,
          },
        ];
      if (isRecord(p.function_response))
        return [
          {
            type: 'tool_call_response',
            id: text(p.function_response.id),
            response: text(p.function_response.response),
          },
        ];
      return [];
    }),
  }));
}

interface Call {
  readonly span: Span;
  readonly input: Msg[];
  readonly output: Msg[];
  readonly system?: string;
  readonly usage?: Usage;
  readonly model?: string;
}

function isLlmSpan(s: Span): boolean {
  const op = s.attrs['gen_ai.operation.name'];
  return (
    s.attrs['openinference.span.kind'] === 'LLM' ||
    op === 'chat' ||
    op === 'text_completion' ||
    op === 'generate_content' ||
    'gen_ai.input.messages' in s.attrs ||
    'gcp.vertex.agent.llm_request' in s.attrs
  );
}

function isToolSpan(s: Span): boolean {
  return (
    s.attrs['openinference.span.kind'] === 'TOOL' ||
    s.attrs['gen_ai.operation.name'] === 'execute_tool' ||
    s.attrs['traceloop.span.kind'] === 'tool'
  );
}

function isAgentSpan(s: Span): boolean {
  const op = s.attrs['gen_ai.operation.name'];
  return (
    op === 'invoke_agent' ||
    s.attrs['traceloop.span.kind'] === 'agent' ||
    (s.attrs['openinference.span.kind'] === 'AGENT' &&
      !('llm.input_messages.0.message.role' in s.attrs)) ||
    (s.attrs['openinference.span.kind'] === 'CHAIN' && s.parent === undefined)
  );
}

function callOf(s: Span): Call | undefined {
  const a = s.attrs;
  let input = fromGenAi(a['gen_ai.input.messages']) ?? fromOpenInference(a, 'llm.input_messages');
  let output =
    fromGenAi(a['gen_ai.output.messages']) ?? fromOpenInference(a, 'llm.output_messages');
  let system: string | undefined;
  const request = jsonOf(a['gcp.vertex.agent.llm_request']);
  if (!input && isRecord(request)) {
    input = fromGemini(request.contents);
    if (isRecord(request.config) && typeof request.config.system_instruction === 'string')
      system = request.config.system_instruction;
  }
  const response = jsonOf(a['gcp.vertex.agent.llm_response']);
  if (!output && isRecord(response) && isRecord(response.content))
    output = fromGemini([response.content]);
  if (!input && !output) return undefined;
  const meta =
    isRecord(response) && isRecord(response.usage_metadata) ? response.usage_metadata : {};
  const u = usage({
    inputTokens:
      a['gen_ai.usage.input_tokens'] ?? a['llm.token_count.prompt'] ?? meta.prompt_token_count,
    outputTokens:
      a['gen_ai.usage.output_tokens'] ??
      a['llm.token_count.completion'] ??
      meta.candidates_token_count,
    totalTokens:
      a['gen_ai.usage.total_tokens'] ?? a['llm.token_count.total'] ?? meta.total_token_count,
    cacheReadInputTokens:
      a['gen_ai.usage.cache_read.input_tokens'] ?? a['gen_ai.usage.cache_read_input_tokens'],
  });
  const model = a['gen_ai.response.model'] ?? a['gen_ai.request.model'] ?? a['llm.model_name'];
  return {
    span: s,
    input: input ?? [],
    output: output ?? [],
    ...(system ? { system } : {}),
    ...(u ? { usage: u } : {}),
    ...(typeof model === 'string' ? { model } : {}),
  };
}

const same = (a: Msg, b: Msg) => JSON.stringify(a) === JSON.stringify(b);

/** The conversation across an agent's calls: first input, then each call's new inputs and output. */
function conversation(calls: readonly Call[]): {
  msgs: Msg[];
  outputOf: Map<Msg, Call>;
  inputOf: Map<Msg, Call>;
} {
  const msgs: Msg[] = [];
  const outputOf = new Map<Msg, Call>();
  const inputOf = new Map<Msg, Call>();
  for (const c of calls) {
    if (c.system && !msgs.some((m) => m.role === 'system'))
      msgs.push({ role: 'system', parts: [{ type: 'text', content: c.system }] });
    const cumulative =
      c.input.length >= msgs.length && msgs.every((m, i) => c.input[i]?.role === m.role);
    const fresh = cumulative
      ? c.input.slice(msgs.length)
      : c.input.filter((m) => m.role !== 'assistant' && !msgs.some((x) => same(x, m)));
    msgs.push(...fresh);
    for (const m of fresh) inputOf.set(m, c);
    for (const o of c.output) {
      msgs.push(o);
      outputOf.set(o, c);
    }
  }
  return { msgs, outputOf, inputOf };
}

function addConversation(
  list: StepList,
  msgs: readonly Msg[],
  outputOf: Map<Msg, Call>,
  inputOf: Map<Msg, Call>,
  tools: readonly Span[],
): void {
  const used = new Set<Span>();
  const toolResult = (call: ToolCall): { result: string; isError: boolean } | undefined => {
    const s = tools.find(
      (t) =>
        !used.has(t) &&
        (t.attrs['gen_ai.tool.call.id'] === call.id ||
          (t.attrs['gen_ai.tool.name'] ?? t.attrs['tool.name'] ?? t.name.replace(/\.tool$/, '')) ===
            call.name),
    );
    if (!s) return undefined;
    used.add(s);
    const result =
      s.attrs['gen_ai.tool.call.result'] ??
      s.attrs['output.value'] ??
      s.attrs['gcp.vertex.agent.tool_response'];
    const isError = 'error.type' in s.attrs || (isRecord(s.status) && s.status.code === 'ERROR');
    return {
      result:
        result === undefined
          ? isError
            ? `error: ${text(s.attrs['error.type'])}`
            : ''
          : text(result),
      isError,
    };
  };
  let positional = 0;
  for (const [i, m] of msgs.entries()) {
    const call = outputOf.get(m);
    const pointer = (call ?? inputOf.get(m))?.span.pointer ?? '';
    const timestamp = call ? nanosToUnix(call.span.start.toString()) : undefined;
    const body = m.parts
      .filter((p) => p.type === 'text')
      .map((p) => (p as { content: string }).content)
      .join('\n');
    const responses = m.parts.filter(
      (p): p is Extract<Part, { type: 'tool_call_response' }> => p.type === 'tool_call_response',
    );
    let calls: ToolCall[] = m.parts
      .filter((p): p is Extract<Part, { type: 'tool_call' }> => p.type === 'tool_call')
      .map((p) => ({ id: p.id, name: p.name, arguments: p.arguments }));
    if (m.role === 'system') list.add({ kind: 'system-prompt', content: body }, pointer);
    else if (m.role === 'tool-call') {
      // smolagents: the calls are Python-repr text in their own message, after the assistant's.
      calls = parseCallingTools(body) ?? [];
      const last = list.steps.at(-1);
      if (last?.kind === 'action' && last.toolCalls.length === 0)
        list.updateLast((s) => (s.kind === 'action' ? { ...s, toolCalls: calls } : s));
      else list.add({ kind: 'action', toolCalls: calls, isFinal: false }, pointer);
    } else if (m.role === 'assistant' || m.role === 'model') {
      const withResults = calls.map((c) => ({ ...c, ...(toolResult(c) ?? {}) }));
      const time = timestamp === undefined ? {} : { timestamp };
      const dur = call
        ? { durationMs: Number((call.span.end - call.span.start) / 1_000_000n) }
        : {};
      list.add(
        {
          kind: 'action',
          toolCalls: withResults.map(({ result, isError, ...c }) => ({
            ...c,
            ...(result === undefined ? {} : { result }),
            ...(isError ? { isError } : {}),
          })),
          isFinal: false,
          ...(body ? { modelOutput: body } : {}),
          ...(call?.usage ? { usage: call.usage } : {}),
          ...(call?.model ? { model: call.model } : {}),
          ...time,
          ...dur,
        },
        pointer,
      );
    } else if (m.role === 'tool' || m.role === 'tool-response' || responses.length > 0) {
      const items =
        responses.length > 0
          ? responses
          : [{ id: '', response: body.replace(/^(Observation|Error):\n/, '') }];
      for (const r of items) {
        if (list.linkResult(r.id, r.response)) continue;
        // Some exporters give results other ids than their calls: link to the oldest call still waiting.
        if (list.linkWaiting(r.response)) positional++;
        else {
          list.warn(
            `message ${i}: a tool result answers no call (${r.id || 'no id'}); kept as an observation`,
            pointer,
          );
          list.add(
            { kind: 'action', toolCalls: [], observation: r.response, isFinal: false },
            pointer,
          );
        }
      }
    } else if (body.trim() !== '') list.add({ kind: 'task', task: body }, pointer);
  }
  if (positional > 0)
    list.warn(
      `${positional} tool result(s) carry other ids than their calls; matched to calls in order`,
    );
  // Tool calls recorded only as tool spans (the messages hold the question and the answer).
  const left = tools.filter((t) => !used.has(t));
  if (left.length === 0 || !msgs.some((m) => m.role === 'assistant')) return;
  const answer = list.steps.at(-1);
  const drafts = left.map((t) => {
    const isError = 'error.type' in t.attrs || (isRecord(t.status) && t.status.code === 'ERROR');
    const result = t.attrs['gen_ai.tool.call.result'] ?? t.attrs['output.value'];
    const call: ToolCall = {
      id: text(t.attrs['gen_ai.tool.call.id']) || t.id,
      name: text(t.attrs['gen_ai.tool.name'] ?? t.attrs['tool.name']) || t.name,
      arguments: parseArguments(
        t.attrs['gen_ai.tool.call.arguments'] ?? t.attrs['input.value'] ?? {},
      ),
      ...(result !== undefined
        ? { result: text(result) }
        : isError
          ? { result: `error: ${text(t.attrs['error.type'])}` }
          : {}),
      ...(isError ? { isError: true } : {}),
    };
    return { call, t };
  });
  if (answer?.kind === 'action') list.steps.pop();
  for (const { call, t } of drafts)
    list.add(
      {
        kind: 'action',
        toolCalls: [call],
        isFinal: false,
        timestamp: nanosToUnix(t.start.toString()) as number,
      },
      t.pointer,
    );
  if (answer?.kind === 'action') list.add({ ...answer }, answer.source?.pointer ?? '');
  list.warn(
    `${left.length} tool call(s) are recorded only as tool spans, not in the messages; shown as actions before the answer`,
  );
}

/** The nearest agent span above a span, through parent ids. */
function agentOf(s: Span, byId: Map<string, Span>): Span | undefined {
  for (
    let p = s.parent ? byId.get(s.parent) : undefined, guard = 0;
    p && guard < 10_000;
    p = p.parent ? byId.get(p.parent) : undefined, guard++
  ) {
    if (isAgentSpan(p)) return p;
  }
  return undefined;
}

function importTrace(
  spans: readonly Span[],
  fileName: string,
  warnings: ImportWarning[],
): History | undefined {
  const byId = new Map(spans.map((s) => [s.id, s]));
  const order = (a: Span, b: Span) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.index - b.index;
  const groups = new Map<string, { agent?: Span; calls: Call[]; tools: Span[] }>();
  const keyOf = (s: Span) => (isAgentSpan(s) ? s.id : (agentOf(s, byId)?.id ?? ''));
  for (const s of [...spans].sort(order)) {
    const call = isLlmSpan(s) ? callOf(s) : undefined;
    const tool = !call && isToolSpan(s);
    if (!call && !tool) continue;
    const key = keyOf(s);
    const agent = key ? byId.get(key) : undefined;
    const g = groups.get(key) ?? { ...(agent ? { agent } : {}), calls: [], tools: [] };
    groups.set(key, g);
    if (call) g.calls.push(call);
    else g.tools.push(s);
  }
  // ADK writes a generate_content span and a call_llm span for one call: keep the one with messages.
  const built = [...groups.values()]
    .filter((g) => g.calls.length > 0)
    .map((g) => {
      const list = new StepList({ format: 'otel', file: fileName });
      const { msgs, outputOf, inputOf } = conversation(g.calls);
      // An agent span that records the whole conversation (no per-call messages) stands in for its calls.
      addConversation(list, msgs, outputOf, inputOf, g.tools);
      const name = g.agent
        ? text(g.agent.attrs['gen_ai.agent.name']) || g.agent.name.replace(/\.agent$/, '')
        : undefined;
      const model = g.calls.find((c) => c.model)?.model;
      return {
        g,
        name,
        history: {
          id: g.agent?.id ?? g.calls[0]?.span.trace ?? fileName,
          title: name ?? g.calls[0]?.span.name ?? fileName,
          format: 'otel',
          steps: list.markFinal(),
          ...(model ? { model } : {}),
        } as History,
        warnings: list.warnings,
      };
    });
  if (built.length === 0) return undefined;
  built.sort((a, b) =>
    order(a.g.agent ?? (a.g.calls[0] as Call).span, b.g.agent ?? (b.g.calls[0] as Call).span),
  );
  const [main, ...subs] = built as [(typeof built)[number], ...typeof built];
  warnings.push(...main.warnings);
  // A sub-agent starts inside the tool call of the agent that asked it.
  const calls = main.history.steps.flatMap((st) =>
    st.kind === 'action' ? st.toolCalls.map((c) => ({ st, c })) : [],
  );
  const children: ChildHistory[] = subs.map((sub) => {
    warnings.push(
      ...sub.warnings.map((w) => ({
        ...w,
        message: `${sub.name ?? sub.history.id}: ${w.message}`,
      })),
    );
    const start = (sub.g.agent ?? (sub.g.calls[0] as Call).span).start;
    const tool = main.g.tools.find((t) => t.start <= start && start <= t.end);
    const toolName = tool
      ? text(tool.attrs['gen_ai.tool.name'] ?? tool.attrs['tool.name']) ||
        tool.name.replace(/\.tool$/, '')
      : undefined;
    const host = calls.find(
      ({ c }) =>
        (toolName && c.name === toolName) ||
        (sub.name && c.name.includes(sub.name.split('_')[0] ?? sub.name)),
    );
    if (!host)
      warnings.push({
        message: `agent ${sub.name ?? sub.history.id}: no tool call of the main agent started it; attached to the first step`,
      });
    return { parentStepId: host?.st.id ?? main.history.steps[0]?.id ?? 's0', history: sub.history };
  });
  return { ...main.history, ...(children.length > 0 ? { children } : {}) };
}

function spansOf(value: unknown): { list: Record<string, unknown>[]; prefix: string } | undefined {
  if (spanList.safeParse(value).success)
    return { list: value as Record<string, unknown>[], prefix: '' };
  if (spanEnvelope.safeParse(value).success)
    return { list: (value as { spans: Record<string, unknown>[] }).spans, prefix: '/spans' };
  return undefined;
}

export const otelImporter = defineImporter({
  id: 'otel',
  label: 'OpenTelemetry GenAI / OpenInference spans',
  near: {
    sniff: (v) => {
      const f = Array.isArray(v) && isRecord(v[0]) ? v[0] : {};
      return 'span_id' in f || 'spanId' in f || 'trace_id' in f;
    },
    schema: spanList,
  },
  // The spans, read once, when some are model calls or tools.
  detect: (value) => {
    const found = spansOf(value);
    const spans = found ? toSpans(found.list, found.prefix) : [];
    return spans.some((s) => isLlmSpan(s) || isToolSpan(s)) ? spans : undefined;
  },
  import(spans, fileName) {
    const warnings: ImportWarning[] = [];
    const traces = new Map<string, Span[]>();
    for (const s of spans) traces.set(s.trace, [...(traces.get(s.trace) ?? []), s]);
    const histories = [...traces.values()].flatMap((t) => {
      const h = importTrace(t, fileName, warnings);
      return h ? [h] : [];
    });
    // Conventions that record the conversation on the agent span (GenAI `invoke_agent`) have no per-call messages.
    if (histories.length === 0)
      throw new ImportError(
        'no span records model messages (gen_ai.input.messages, llm.input_messages or an ADK llm_request)',
      );
    const skipped =
      spans.length - spans.filter((s) => isLlmSpan(s) || isToolSpan(s) || isAgentSpan(s)).length;
    if (skipped > 0)
      warnings.push({
        message: `${skipped} span(s) that are neither model calls, tools nor agents (chains, steps, workflow) only shape the tree`,
      });
    return {
      file: {
        histories: histories.map((h) => ({ ...h, id: histories.length > 1 ? h.id : fileName })),
      },
      warnings,
    };
  },
});
