/**
 * The spans the OpenTelemetry importer detects (otel.ts), read as `toSpans` reads `spansOf`'s
 * (otel-spans.ts), except that OTLP/JSON trace data is read straight into spans: no flattened
 * record per span (with its events, resource and scope, which no reader of a span uses) built to
 * be read again. On a 26 MB export of 17,200 spans the records and their garbage were most of
 * detection's time (issue 26). `otlp-spans.test.ts` and `otlp-fast.test.ts` hold these spans
 * equal to `toSpans` of the flattened ones.
 */
import { toSpans, spanEnvelope, spanList, nanos, type Span } from './otel-spans';
import {
  CODES,
  decodeAttributes,
  enumName,
  fitsResourceSpans,
  hexId,
  nanoText,
  resourceSpansList,
  statusOf,
  type ResourceSpans,
} from './otlp';
import { asCamel, isSnake, locate } from './otlp-locate';
import { contextSpansOf } from './phoenix-spans';
import { parsedBy } from './types';

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
