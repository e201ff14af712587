/**
 * The messages a model-call span records, per convention: GenAI semconv `{role, parts}` JSON,
 * OpenInference flattened `llm.*_messages` keys, ADK's Gemini `contents`; and an agent's
 * conversation across its calls (first input, then each call's new inputs and output). Part of the
 * OpenTelemetry importer (otel.ts).
 */
import type { JsonValue, Usage } from '../model/types';
import { jsonOf, text, type Span } from './otel-spans';
import { isPythonCall, parsePythonLiteral, PythonLiteralError } from './python-literal';
import { declaredTotal } from './usage-conventions';
import { setOwn } from './guards';
import { isRecord, keptArguments, parseArguments, str, usage } from './util';

export type Part =
  | { type: 'text'; content: string }
  | { type: 'reasoning'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: JsonValue }
  | { type: 'tool_call_response'; id: string; response: string };
export interface Msg {
  readonly role: string;
  readonly parts: Part[];
}

/** GenAI semconv `[{role, parts: [{type, content | id,name,arguments | id,response}]}]`. */
export function fromGenAi(value: unknown): Msg[] | undefined {
  const list = jsonOf(value);
  if (!Array.isArray(list)) return undefined;
  return list.filter(isRecord).map((m) => ({
    role: str(m.role ?? 'user'),
    parts: (Array.isArray(m.parts)
      ? m.parts.filter(isRecord)
      : typeof m.content === 'string'
        ? [{ type: 'text', content: m.content }]
        : []
    ).map((p): Part => {
      if (p.type === 'tool_call')
        return {
          type: 'tool_call',
          id: str(p.id ?? ''),
          name: str(p.name ?? ''),
          arguments: parseArguments(p.arguments),
        };
      if (p.type === 'tool_call_response')
        return {
          type: 'tool_call_response',
          id: str(p.id ?? ''),
          response: text(p.response ?? p.result),
        };
      const content = text(p.content ?? p.text);
      return reprToolCall(content) ?? { type: 'text', content };
    }),
  }));
}

/**
 * OpenLLMetry's OpenAI Agents instrumentation (scope `opentelemetry.instrumentation.openai_agents`,
 * traceloop/openllmetry `_hooks.py`) writes a Responses API function call among a generation's
 * output as a text part holding the item's Python `repr()`:
 * `ResponseFunctionToolCall(arguments='{"a":42}', call_id='call_…', name='multiply', …)`. Read back,
 * it is the tool call it records (openai-python `types/responses/response_function_tool_call.py`).
 */
function reprToolCall(content: string): Part | undefined {
  if (!content.startsWith('ResponseFunctionToolCall(')) return undefined;
  try {
    const item = parsePythonLiteral(content);
    if (!isPythonCall(item) || typeof item.kwargs.name !== 'string') return undefined;
    const { name, call_id: callId, id, arguments: args } = item.kwargs;
    return {
      type: 'tool_call',
      id: typeof callId === 'string' ? callId : typeof id === 'string' ? id : '',
      name,
      arguments: parseArguments(args ?? {}),
    };
  } catch (e) {
    if (e instanceof PythonLiteralError) return undefined;
    throw e;
  }
}

/**
 * Flattened message keys `<prefix>.<i>.message.<field>` (OpenInference) or `<prefix>.<i>.<field>`
 * (OpenLLMetry) gathered per message index, in index order (undefined when there are none).
 */
const INDEXED = { message: /^(\d+)\.message\.(.+)$/, plain: /^(\d+)\.(.+)$/ };
function byIndex(
  attrs: Record<string, unknown>,
  prefix: string,
  inner: keyof typeof INDEXED,
): Record<string, unknown>[] | undefined {
  const found = new Map<number, Record<string, unknown>>();
  const pattern = INDEXED[inner];
  const head = `${prefix}.`;
  // Each message's fields gathered in one record (copying it per field, and a template string
  // per key, were most of a 26 MB OTLP export's message reading: issue 26).
  for (const k of Object.keys(attrs)) {
    if (!k.startsWith(head)) continue;
    const m = pattern.exec(k.slice(head.length));
    if (!m) continue;
    const [, index, field = ''] = m;
    const i = Number(index);
    const fields = found.get(i) ?? {};
    found.set(i, fields);
    setOwn(fields, field, attrs[k]);
  }
  if (found.size === 0) return undefined;
  return [...found].sort((a, b) => a[0] - b[0]).map(([, f]) => f);
}

/** OpenInference flattened keys under `llm.input_messages` / `llm.output_messages`. */
export function fromOpenInference(attrs: Record<string, unknown>, key: string): Msg[] | undefined {
  return byIndex(attrs, key, 'message')?.map((f) => {
    const parts: Part[] = [];
    if (typeof f.content === 'string') parts.push({ type: 'text', content: f.content });
    for (
      let j = 0;
      `contents.${j}.message_content.type` in f || `contents.${j}.message_content.text` in f;
      j++
    ) {
      parts.push({
        type: f[`contents.${j}.message_content.type`] === 'reasoning' ? 'reasoning' : 'text',
        content: text(f[`contents.${j}.message_content.text`]),
      });
    }
    // The Claude Agent SDK instrumentation writes a message's texts as `content.<j>`.
    for (let j = 0; `content.${j}` in f; j++)
      parts.push({ type: 'text', content: text(f[`content.${j}`]) });
    for (let j = 0; `tool_calls.${j}.tool_call.function.name` in f; j++) {
      parts.push({
        type: 'tool_call',
        id: text(f[`tool_calls.${j}.tool_call.id`]) || `call_${j}`,
        name: text(f[`tool_calls.${j}.tool_call.function.name`]),
        arguments: parseArguments(f[`tool_calls.${j}.tool_call.function.arguments`]),
      });
    }
    const role = str(f.role ?? 'user');
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

/**
 * OpenLLMetry's (Traceloop) indexed attributes, also written by AgentOps, LiteLLM and veADK:
 * `gen_ai.prompt.<i>.role` / `.content` / `.tool_call_id`, `gen_ai.completion.<i>.role` /
 * `.content` / `.tool_calls.<j>.id|name|arguments`. A content may be JSON of content blocks.
 */
export function fromIndexed(attrs: Record<string, unknown>, prefix: string): Msg[] | undefined {
  return byIndex(attrs, prefix, 'plain')?.map((f) => {
    const role = str(f.role ?? (prefix.endsWith('completion') ? 'assistant' : 'user'));
    const blocks = typeof f.content === 'string' ? jsonOf(f.content) : undefined;
    const body = Array.isArray(blocks)
      ? blocks.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join('\n')
      : text(f.content);
    if (role === 'tool' && f.tool_call_id !== undefined)
      return {
        role,
        parts: [{ type: 'tool_call_response', id: text(f.tool_call_id), response: body }],
      };
    const parts: Part[] = body ? [{ type: 'text', content: body }] : [];
    for (let j = 0; `tool_calls.${j}.name` in f; j++)
      parts.push({
        type: 'tool_call',
        id: text(f[`tool_calls.${j}.id`]) || `call_${j}`,
        name: text(f[`tool_calls.${j}.name`]),
        arguments: parseArguments(f[`tool_calls.${j}.arguments`]),
      });
    return { role, parts };
  });
}

/** Gemini `contents` (ADK's llm_request) and a response's `content`. */
export function fromGemini(contents: unknown): Msg[] {
  if (!Array.isArray(contents)) return [];
  return contents.filter(isRecord).map((c) => ({
    role: c.role === 'model' ? 'assistant' : str(c.role ?? 'user'),
    parts: (Array.isArray(c.parts) ? c.parts.filter(isRecord) : []).flatMap((p): Part[] => {
      if (typeof p.text === 'string')
        return p.thought === true ? [] : [{ type: 'text', content: p.text }];
      if (isRecord(p.function_call))
        return [
          {
            type: 'tool_call',
            id: text(p.function_call.id),
            name: text(p.function_call.name),
            arguments: keptArguments(p.function_call.args),
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

export interface Call {
  readonly span: Span;
  readonly input: Msg[];
  readonly output: Msg[];
  readonly system?: string;
  readonly usage?: Usage;
  readonly model?: string;
  /** The span records no message text (its exporter did not capture content). */
  readonly unrecorded?: true;
  /** An agent span recording a whole conversation: its usage and time are the run's, not a call's. */
  readonly conversation?: true;
}

/** A model-call span's reported usage and model (`meta`: ADK's response usage metadata). */
function statsOf(a: Record<string, unknown>, meta: Record<string, unknown> = {}) {
  // GenAI semantic conventions (gen-ai-spans.md, gen_ai.usage.input_tokens: "SHOULD include all
  // types of input tokens, including cached tokens"), OpenInference (llm.token_count.prompt, its
  // prompt_details a part of it), ADK's prompt_token_count: all the whole prompt, unless the span
  // says otherwise (`declaredTotal`).
  const u = declaredTotal(
    usage({
      inputTokens:
        a['gen_ai.usage.input_tokens'] ??
        a['gen_ai.usage.prompt_tokens'] ??
        a['llm.token_count.prompt'] ??
        meta.prompt_token_count,
      outputTokens:
        a['gen_ai.usage.output_tokens'] ??
        a['gen_ai.usage.completion_tokens'] ??
        a['llm.token_count.completion'] ??
        meta.candidates_token_count,
      totalTokens:
        a['gen_ai.usage.total_tokens'] ??
        a['llm.usage.total_tokens'] ??
        a['llm.token_count.total'] ??
        meta.total_token_count,
      cacheReadInputTokens:
        a['gen_ai.usage.cache_read.input_tokens'] ??
        a['gen_ai.usage.cache_read_input_tokens'] ??
        a['llm.token_count.prompt_details.cache_read'],
      cacheCreationInputTokens:
        a['gen_ai.usage.cache_creation.input_tokens'] ??
        a['gen_ai.usage.cache_creation_input_tokens'] ??
        a['llm.token_count.prompt_details.cache_write'],
      costUsd: a['llm.cost.total'],
    }),
  );
  const model = a['gen_ai.response.model'] ?? a['gen_ai.request.model'] ?? a['llm.model_name'];
  return { ...(u ? { usage: u } : {}), ...(typeof model === 'string' ? { model } : {}) };
}

/** A model call whose span records no messages: its usage, model and timing only. */
export function bareCallOf(s: Span): Call {
  return { span: s, input: [], output: [], unrecorded: true, ...statsOf(s.attrs) };
}

export function callOf(s: Span): Call | undefined {
  const a = s.attrs;
  let input =
    fromGenAi(a['gen_ai.input.messages']) ??
    fromOpenInference(a, 'llm.input_messages') ??
    fromIndexed(a, 'gen_ai.prompt');
  let output =
    fromGenAi(a['gen_ai.output.messages']) ??
    fromOpenInference(a, 'llm.output_messages') ??
    fromIndexed(a, 'gen_ai.completion');
  let system: string | undefined;
  // An OpenInference agent span that records its conversation: its input is the user's text.
  if (
    !input &&
    output &&
    typeof a['input.value'] === 'string' &&
    a['input.mime_type'] === 'text/plain'
  )
    input = [{ role: 'user', parts: [{ type: 'text', content: a['input.value'] }] }];
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
  return {
    span: s,
    input: input ?? [],
    output: output ?? [],
    ...(system ? { system } : {}),
    ...statsOf(a, meta),
  };
}
