/**
 * AgentOps trace exports (the dashboard's and its public API's `GET /v3/traces/{trace_id}`: `{trace:
 * {trace_id, root_service_name, …}, spans: [{span_id, parent_span_id, span_name, start_time,
 * end_time, status_code, span_attributes, metrics}]}`): OpenTelemetry spans stored with their
 * attributes nested (`{gen_ai: {prompt: [{role, content}], usage: {prompt_tokens}}}`) instead of
 * dotted keys. Read as the span list the OpenTelemetry importer reads, the attributes flattened
 * back to the keys AgentOps' instrumentation wrote (`gen_ai.prompt.0.role`, `agentops.span.kind`:
 * OpenLLMetry's indexed convention, otel-messages.ts `fromIndexed`). Part of the OpenTelemetry
 * importer (otel.ts).
 */
import { z } from 'zod';
import { parsedBy } from './types';
import { isRecord } from './util';

const agentopsSpan = z
  .object({
    span_id: z.string(),
    span_name: z.string(),
    span_attributes: z.record(z.string(), z.unknown()),
  })
  .passthrough();
const agentopsTrace = z
  .object({
    trace: z.object({ trace_id: z.string() }).passthrough(),
    spans: z.array(agentopsSpan).min(1),
  })
  .passthrough();

/** Nested attributes back to the dotted keys they were written with (arrays by index). */
function flatten(value: unknown, prefix: string, out: Record<string, unknown>, depth = 0): void {
  const nested = isRecord(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? [...value.entries()]
      : undefined;
  if (!nested || nested.length === 0 || depth > 32) {
    if (prefix) out[prefix] = value;
    return;
  }
  for (const [k, v] of nested) flatten(v, prefix ? `${prefix}.${k}` : String(k), out, depth + 1);
}

/** An AgentOps export's spans in the exported-span shape (`otel-spans.ts` `spansOf`), or undefined. */
export function agentopsSpans(
  value: unknown,
): { list: Record<string, unknown>[]; prefix: string } | undefined {
  const parsed = parsedBy(agentopsTrace, value);
  if (!parsed) return undefined;
  const { trace, spans } = parsed;
  const list = spans.map((s) => {
    const attributes: Record<string, unknown> = {};
    flatten(s.span_attributes, '', attributes);
    return {
      span_id: s.span_id,
      ...(typeof s.parent_span_id === 'string' && s.parent_span_id !== ''
        ? { parent_span_id: s.parent_span_id }
        : {}),
      trace_id: trace.trace_id,
      name: s.span_name,
      start_time: s.start_time,
      end_time: s.end_time,
      status: { code: s.status_code === 'ERROR' ? 'ERROR' : 'OK', message: s.status_message ?? '' },
      attributes,
    };
  });
  return { list, prefix: '/spans' };
}
