/**
 * Span records whose ids sit in a `context` object, read as the flattened span list of
 * otel-spans.ts: Arize Phoenix's spans (REST `GET /v1/projects/{project}/spans`, the `px` CLI,
 * phoenix-client `spans.get_spans`; Phoenix `schemas/openapi.json`, `Span`: `{id, name, context:
 * {trace_id, span_id}, span_kind, parent_id, start_time, end_time, status_code, status_message,
 * attributes, events}`, times ISO 8601, ids often the test's own "s01") and the OpenTelemetry Python
 * SDK's `ReadableSpan.to_json()` (opentelemetry-python `opentelemetry/sdk/trace/__init__.py`: `kind`
 * "SpanKind.CLIENT", `status: {status_code}`, ids "0x…"). Phoenix's `span_kind` is OpenInference's
 * `openinference.span.kind`; attributes nested as objects are flattened to dotted keys, as
 * OpenInference writes them.
 */
import { z } from 'zod';
import { isRecord } from './guards';
import { parsedBy } from './types';

const record = z.record(z.string(), z.unknown());
const contextSpan = z
  .object({
    name: z.string(),
    context: z.object({ trace_id: z.string(), span_id: z.string().min(1) }).passthrough(),
    parent_id: z.string().nullish(),
    span_kind: z.string().optional(),
    start_time: z.string().nullish(),
    end_time: z.string().nullish(),
    status_code: z.string().optional(),
    status_message: z.string().optional(),
    status: record.optional(),
    attributes: record.nullish(),
    events: z.array(z.unknown()).optional(),
  })
  .passthrough();
const contextSpans = z.union([
  z.array(contextSpan).min(1),
  // The REST answer: `{data: [...], next_cursor}`.
  z.object({ data: z.array(contextSpan).min(1) }).passthrough(),
]);

/** "0x5b8e…" (the Python SDK) as "5b8e…": parent ids are written the same way, so they still match. */
const bare = (id: string) => id.replace(/^0x/, '');

/**
 * An ISO 8601 time as nanosecond digits, its fraction kept to the nanosecond (`Date.parse` stops at
 * milliseconds; Phoenix writes microseconds). A time without an offset is UTC, as the SDKs write it.
 */
export function isoNanos(time: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})?$/i.exec(
    time,
  );
  if (!m) return undefined;
  const [, seconds = '', fraction = '', zone = 'Z'] = m;
  const ms = Date.parse(`${seconds.replace(' ', 'T')}${zone}`);
  if (Number.isNaN(ms)) return undefined;
  return String(BigInt(ms) * 1_000_000n + BigInt(fraction.padEnd(9, '0').slice(0, 9)));
}

/** Attributes nested as objects (`{llm: {model_name}}`) as OpenInference's dotted keys (`llm.model_name`). */
function dotted(attrs: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (key: string, v: unknown, depth: number) => {
    const nested = isRecord(v) || (Array.isArray(v) && v.some(isRecord));
    if (!nested || depth > 20) {
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true });
      return;
    }
    for (const [k, x] of Object.entries(v)) put(`${key}.${k}`, x, depth + 1);
  };
  for (const [k, v] of Object.entries(attrs)) put(k, v, 0);
  return out;
}

/** The spans of a list of context-keyed span records, flattened, with their pointers; else undefined. */
export function contextSpansOf(
  value: unknown,
): { list: Record<string, unknown>[]; pointers: string[] } | undefined {
  const parsed = parsedBy(contextSpans, value);
  if (!parsed) return undefined;
  const [spans, at] = Array.isArray(parsed) ? [parsed, ''] : [parsed.data, '/data'];
  const list = spans.map((s) => {
    const attrs = dotted(s.attributes ?? {});
    // Phoenix keeps the span kind beside the attributes; OpenInference readers look for it in them.
    if (s.span_kind && !('openinference.span.kind' in attrs))
      attrs['openinference.span.kind'] = s.span_kind;
    const code = s.status_code ?? s.status?.status_code;
    const message = s.status_message ?? s.status?.description;
    return {
      trace_id: bare(s.context.trace_id),
      span_id: bare(s.context.span_id),
      ...(s.parent_id ? { parent_span_id: bare(s.parent_id) } : {}),
      name: s.name,
      ...(s.start_time ? { start_time: isoNanos(s.start_time) ?? s.start_time } : {}),
      ...(s.end_time ? { end_time: isoNanos(s.end_time) ?? s.end_time } : {}),
      attributes: attrs,
      ...(code === undefined ? {} : { status: { code, ...(message ? { message } : {}) } }),
      ...(s.events ? { events: s.events } : {}),
    };
  });
  return { list, pointers: spans.map((_, i) => `${at}/${i}`) };
}
