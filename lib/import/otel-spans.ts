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
import {
  CODES,
  decodeAttributes,
  enumName,
  fitsResourceSpans,
  hexId,
  nanoText,
  otlpIssue,
  otlpSpansOf,
  resourceSpansList,
  statusOf,
  type ResourceSpans,
} from './otlp';
import { asCamel, isSnake, locate } from './otlp-locate';
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

/**
 * The spans the OpenTelemetry importer detects (otel.ts), read as `toSpans` reads `spansOf`'s,
 * except that OTLP/JSON trace data is read straight into spans: no flattened record per span
 * (with its events, resource and scope, which no reader of a span uses) built to be read again.
 * On a 26 MB export of 17,200 spans the records and their garbage were most of detection's time
 * (issue 26). `otel-read-spans.test.ts` and `otlp-fast.test.ts` hold these spans equal to
 * `toSpans` of the flattened ones.
 */
/**
 * `nanos(nanoText(value) ?? '0')`: a time checked as OTLP's (digits, or an integer not negative).
 * An integer below 1e21 prints as its digits (nanoText), which need no pattern test (nanos).
 */
function nanosOf(value: string | number | undefined): bigint {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1e21
    ? BigInt(String(value))
    : nanos(nanoText(value) ?? '0');
}

/** One export's spans appended to `out`, as `toSpans` reads otlp.ts's `flatten` of them. */
function readExport(list: readonly ResourceSpans[], at: string, snake: boolean, out: Span[]): void {
  list.forEach((rs, r) => {
    // flatten's groups: scopeSpans when present, else the pre-v0.15 instrumentationLibrarySpans.
    const scoped = rs.scopeSpans !== undefined;
    const groups = rs.scopeSpans ?? rs.instrumentationLibrarySpans ?? [];
    const key = scoped
      ? snake
        ? 'scope_spans'
        : 'scopeSpans'
      : snake
        ? 'instrumentation_library_spans'
        : 'instrumentationLibrarySpans';
    groups.forEach((g, k) =>
      (g.spans ?? []).forEach((s, i) => {
        const parent = s.parentSpanId ? hexId(s.parentSpanId) : '';
        const code = enumName(s.status?.code, CODES, 'STATUS_CODE_');
        const id = hexId(s.spanId);
        const trace = s.traceId ? hexId(s.traceId) : 'trace';
        const name = s.name;
        const start = nanosOf(s.startTimeUnixNano);
        const end = nanosOf(s.endTimeUnixNano ?? s.startTimeUnixNano);
        const attrs = decodeAttributes(s.attributes);
        const index = out.length;
        const pointer = `${at}/${r}/${key}/${k}/spans/${i}`;
        const status = s.status ? statusOf(s.status, code) : undefined;
        out.push(
          parent
            ? { id, parent, trace, name, start, end, attrs, index, pointer, status }
            : { id, trace, name, start, end, attrs, index, pointer, status },
        );
      }),
    );
  });
}

/** OTLP/JSON trace data's spans as `toSpans(otlpSpansOf(value))` gives them, or undefined. */
export function otlpSpans(value: unknown): Span[] | undefined {
  const found = locate(value, '', 0);
  if (found.length === 0) return undefined;
  const out: Span[] = [];
  for (const f of found) {
    const camel = asCamel(f.value);
    // As otlpSpansOf: the exact shape needs no zod parse, which would return it unchanged.
    const parsed = fitsResourceSpans(camel) ? camel : parsedBy(resourceSpansList, camel);
    if (!parsed) return undefined;
    readExport(parsed, f.at, isSnake(f.value), out);
  }
  return out.length > 0 ? out : undefined;
}

/** `toSpans` of what `spansOf` finds (the same checks in the same order), or undefined. */
export function readSpans(value: unknown): Span[] | undefined {
  const list = parsedBy(spanList, value);
  if (list) return toSpans(list, '');
  const envelope = parsedBy(spanEnvelope, value);
  if (envelope) return toSpans(envelope.spans, '/spans');
  const otlp = otlpSpans(value);
  if (otlp) return otlp;
  const context = contextSpansOf(value);
  return context && toSpans(context.list, '', context.pointers);
}
