/**
 * OpenTelemetry spans as exported (a list, `{spans}`, or OTLP/JSON and context-keyed records
 * flattened by otlp.ts and phoenix-spans.ts): read into one shape with ids, parents,
 * exact nanosecond times and attributes, and classified as model calls, tools or agents by the
 * GenAI, OpenInference and ADK conventions. Part of the OpenTelemetry importer (otel.ts).
 */
import { z } from 'zod';
import { parseEmbeddedJson } from './json-text';
import { isRecord, str, writtenInteger } from './util';
import { parsedBy } from './types';
import { otlpIssue, otlpSpansOf } from './otlp';
import { contextSpansOf } from './phoenix-spans';

export const span = z
  .object({
    name: z.string(),
    attributes: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough()
  .refine((s) => ['span_id', 'spanId'].some((k) => typeof s[k] === 'string'), 'a span has an id');
export const spanList = z.array(span).min(1);
export const spanEnvelope = z.object({ spans: spanList }).passthrough();

export interface Span {
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

export function nanos(value: unknown): bigint {
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isFinite(value)) return writtenInteger(value);
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    if (!Number.isNaN(ms)) return BigInt(ms) * 1_000_000n;
  }
  return 0n;
}

/** `pointers`, when given, are the spans' own pointers (OTLP exports nest them; otlp.ts). */
export function toSpans(
  list: readonly Record<string, unknown>[],
  prefix: string,
  pointers?: readonly string[],
): Span[] {
  // One object literal per span, the parent's key in its place only when there is one (a spread
  // made an object per span for it: issue 26, 17,200 spans of an OTLP export).
  return list.map((s, index): Span => {
    const start = nanos(s.start_time ?? s.startTimeUnixNano);
    const endAt = s.end_time ?? s.endTimeUnixNano;
    const duration = s.durationNano;
    const id = str(s.span_id ?? s.spanId);
    const parent = s.parent_span_id ?? s.parentSpanId;
    const trace = str(s.trace_id ?? s.traceId ?? 'trace');
    const name = str(s.name);
    const end =
      endAt !== undefined ? nanos(endAt) : duration !== undefined ? start + nanos(duration) : start;
    const attrs = isRecord(s.attributes) ? s.attributes : {};
    const pointer = pointers?.[index] ?? `${prefix}/${index}`;
    return typeof parent === 'string'
      ? { id, parent, trace, name, start, end, attrs, index, pointer, status: s.status }
      : { id, trace, name, start, end, attrs, index, pointer, status: s.status };
  });
}

export function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? parseEmbeddedJson(value) : value;
}

export function text(value: unknown): string {
  return typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : JSON.stringify(value);
}

export function isLlmSpan(s: Span): boolean {
  const op = s.attrs['gen_ai.operation.name'];
  return (
    s.attrs['openinference.span.kind'] === 'LLM' ||
    op === 'chat' ||
    op === 'text_completion' ||
    op === 'generate_content' ||
    'gen_ai.input.messages' in s.attrs ||
    // OpenLLMetry (Traceloop, AgentOps): a chat request type, or indexed prompt attributes.
    s.attrs['llm.request.type'] === 'chat' ||
    s.attrs['agentops.span.kind'] === 'llm' ||
    'gen_ai.prompt.0.role' in s.attrs ||
    'gen_ai.completion.0.role' in s.attrs ||
    'gcp.vertex.agent.llm_request' in s.attrs
  );
}

export function isToolSpan(s: Span): boolean {
  return (
    s.attrs['openinference.span.kind'] === 'TOOL' ||
    s.attrs['gen_ai.operation.name'] === 'execute_tool' ||
    s.attrs['traceloop.span.kind'] === 'tool'
  );
}

export function isAgentSpan(s: Span): boolean {
  const op = s.attrs['gen_ai.operation.name'];
  return (
    op === 'invoke_agent' ||
    s.attrs['traceloop.span.kind'] === 'agent' ||
    s.attrs['agentops.span.kind'] === 'agent' ||
    (s.attrs['openinference.span.kind'] === 'AGENT' &&
      !('llm.input_messages.0.message.role' in s.attrs)) ||
    (s.attrs['openinference.span.kind'] === 'CHAIN' && s.parent === undefined)
  );
}

export function spansOf(
  value: unknown,
): { list: Record<string, unknown>[]; prefix: string; pointers?: string[] } | undefined {
  const list = parsedBy(spanList, value);
  if (list) return { list, prefix: '' };
  const envelope = parsedBy(spanEnvelope, value);
  if (envelope) return { list: envelope.spans, prefix: '/spans' };
  // OTLP/JSON (resourceSpans → scopeSpans → spans, KeyValue attributes), flattened to the above;
  // span records with their ids in `context` (Phoenix, the Python SDK's to_json) likewise.
  const flat = otlpSpansOf(value) ?? contextSpansOf(value);
  return flat && { ...flat, prefix: '' };
}

/**
 * For "looks like …, but at …" (the importer's `near`): a span list's first problem, OTLP trace
 * data's first problem (otlp.ts), or, when the spans read, that none is a model call or a tool.
 */
export const nearSpans = z.unknown().superRefine((value, ctx) => {
  const otlp = otlpIssue(value);
  if (otlp) return ctx.addIssue({ code: 'custom', ...otlp });
  const found = spansOf(value);
  if (!found) {
    const r = spanList.safeParse(value);
    for (const issue of r.success ? [] : r.error.issues.slice(0, 1))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return;
  }
  const spans = toSpans(found.list, found.prefix, found.pointers);
  if (!spans.some((s) => isLlmSpan(s) || isToolSpan(s)))
    ctx.addIssue({
      code: 'custom',
      message: `none of its ${spans.length} span(s) is a model call (gen_ai.operation.name chat, an OpenInference LLM span, OpenLLMetry's llm.request.type, an ADK llm_request) or a tool`,
    });
});
