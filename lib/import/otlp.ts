/**
 * OTLP/JSON trace exports read as the flattened span list the OpenTelemetry importer reads (otel.ts,
 * otel-spans.ts), so every GenAI / OpenInference / OpenLLMetry / ADK reader applies unchanged.
 *
 * Shape: opentelemetry-proto `opentelemetry/proto/trace/v1/trace.proto` (TracesData → ResourceSpans →
 * ScopeSpans → Span; before proto v0.15 `instrumentationLibrarySpans` / `instrumentationLibrary`) and
 * `opentelemetry/proto/common/v1/common.proto` (KeyValue, AnyValue). Encoding: the OTLP JSON rules in
 * opentelemetry-proto `docs/specification.md` ("JSON Protobuf Encoding"): trace and span ids as hex
 * (not base64 as the generic protobuf JSON mapping writes them; some exporters still do, so both are
 * read), 64-bit integers as decimal strings (numbers accepted), enums as integers (names accepted),
 * lowerCamelCase field names (the proto's snake_case accepted, as the mapping requires of parsers).
 * Where the data sits in a file (JSON Lines, wrappers) is otlp-locate.ts.
 *
 * The shape is checked twice over, side by side here: by its zod schema (`resourceSpansList`, whose
 * first problem a refusal reports) and by a hand-written check of the same fields
 * (`fitsResourceSpans`, tested to agree with it), which the reader uses: validating every KeyValue of
 * a large export with zod was most of its import time (BENCHMARKS.md, issue 23).
 */
import { z } from 'zod';
import { isRecord, setOwn } from './guards';
import { asCamel, isSnake, locate } from './otlp-locate';
import { parsedBy } from './types';
import { writtenInteger } from './util';

export { looksLikeOtlp } from './otlp-locate';

/** AnyValue as decoded: what a flattened span's attribute holds (kvlists as objects, bytes as base64). */
export type AttributeValue =
  | string
  | number
  | boolean
  | null
  | readonly AttributeValue[]
  | { readonly [key: string]: AttributeValue };

interface AnyValueJson {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: string | number;
  arrayValue?: { values?: AnyValueJson[] };
  kvlistValue?: { values?: KeyValueJson[] };
  bytesValue?: string;
}
interface KeyValueJson {
  key: string;
  value?: AnyValueJson;
}

// zod's int() stops at 2^53; a larger integer the reader kept as a number is exact (read.ts).
const integer = z.number().refine(Number.isInteger, 'an integer');

// common.proto AnyValue: a oneof, so at most one of these is set; none set is an empty value.
const anyValue: z.ZodType<AnyValueJson> = z.lazy(() =>
  z.object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string().regex(/^-?\d+$/), integer]).optional(),
    // NaN and the infinities are written as strings in the JSON mapping.
    doubleValue: z.union([z.number(), z.string()]).optional(),
    arrayValue: z.object({ values: z.array(anyValue).optional() }).optional(),
    kvlistValue: z.object({ values: z.array(keyValue).optional() }).optional(),
    bytesValue: z.string().optional(),
  }),
);
const keyValue: z.ZodType<KeyValueJson> = z.lazy(() =>
  z.object({ key: z.string(), value: anyValue.optional() }),
);
const attributes = z.array(keyValue).optional();
const nanoTime = z.union([
  z.string().regex(/^\d+$/),
  integer.refine((n) => n >= 0, 'not negative'),
]);

// trace.proto Span; `kind` is SpanKind, `status.code` StatusCode.
const span = z
  .object({
    traceId: z.string().optional(),
    spanId: z.string().min(1),
    parentSpanId: z.string().optional(),
    name: z.string(),
    kind: z.union([z.number().int(), z.string()]).optional(),
    startTimeUnixNano: nanoTime.optional(),
    endTimeUnixNano: nanoTime.optional(),
    attributes,
    events: z
      .array(z.object({ timeUnixNano: nanoTime.optional(), name: z.string(), attributes }))
      .optional(),
    status: z
      .object({
        code: z.union([z.number().int(), z.string()]).optional(),
        message: z.string().optional(),
      })
      .optional(),
  })
  .passthrough();
const scope = z
  .object({ name: z.string().optional(), version: z.string().optional() })
  .passthrough();
const scopeSpans = z.object({ scope: scope.optional(), spans: z.array(span).optional() });
const resourceSpans = z.object({
  resource: z.object({ attributes }).passthrough().optional(),
  scopeSpans: z.array(scopeSpans).optional(),
  // Before opentelemetry-proto v0.15 (2022): the same, under the older names.
  instrumentationLibrarySpans: z
    .array(z.object({ instrumentationLibrary: scope.optional(), spans: z.array(span).optional() }))
    .optional(),
});
/** TracesData's `resourceSpans` (a file's export, its JSON Lines, a wrapper's list: otlp-locate.ts). */
export const resourceSpansList = z.array(resourceSpans);
export type ResourceSpans = z.infer<typeof resourceSpans>;

/**
 * The schema above written out as checks, per message type: each field it names absent or of the
 * right type. The composed checks this replaced (a closure per field, the fields' list walked per
 * object) took 67 ms of a 26 MB export's import (issue 26); `otlp-fast.test.ts` holds these equal to
 * them (test/reference/otlp.ts).
 */
const DIGITS = /^-?\d+$/;
const NANO = /^\d+$/;

const optString = (v: unknown) => v === undefined || typeof v === 'string';
const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
// SpanKind and StatusCode: zod's int() (a safe integer) or the enum's name.
const optIntOrName = (v: unknown) =>
  v === undefined || typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v));
// Nanoseconds: a string of digits, or an integer that is not negative.
const optNano = (v: unknown) =>
  v === undefined || (typeof v === 'string' ? NANO.test(v) : isInteger(v) && v >= 0);

/** Absent, or a list whose every item passes `check`. */
function optListOf(v: unknown, check: (item: unknown) => boolean): boolean {
  if (v === undefined) return true;
  if (!Array.isArray(v)) return false;
  const items: readonly unknown[] = v;
  for (const item of items) if (!check(item)) return false;
  return true;
}

/** common.proto AnyValue. */
function anyValueFits(v: unknown): boolean {
  if (!isRecord(v)) return false;
  const int = v.intValue;
  const double = v.doubleValue;
  const array = v.arrayValue;
  const kvlist = v.kvlistValue;
  return (
    optString(v.stringValue) &&
    (v.boolValue === undefined || typeof v.boolValue === 'boolean') &&
    (int === undefined || (typeof int === 'string' ? DIGITS.test(int) : isInteger(int))) &&
    (double === undefined ||
      typeof double === 'string' ||
      (typeof double === 'number' && Number.isFinite(double))) &&
    (array === undefined || (isRecord(array) && optListOf(array.values, anyValueFits))) &&
    (kvlist === undefined || (isRecord(kvlist) && optListOf(kvlist.values, keyValueFits))) &&
    optString(v.bytesValue)
  );
}

/** common.proto KeyValue. */
function keyValueFits(v: unknown): boolean {
  return (
    isRecord(v) && typeof v.key === 'string' && (v.value === undefined || anyValueFits(v.value))
  );
}

const attributesFit = (v: unknown) => optListOf(v, keyValueFits);

const eventFits = (e: unknown) =>
  isRecord(e) &&
  optNano(e.timeUnixNano) &&
  typeof e.name === 'string' &&
  attributesFit(e.attributes);

/** trace.proto Span. */
function spanFits(s: unknown): boolean {
  if (!isRecord(s)) return false;
  const status = s.status;
  return (
    optString(s.traceId) &&
    typeof s.spanId === 'string' &&
    s.spanId.length > 0 &&
    optString(s.parentSpanId) &&
    typeof s.name === 'string' &&
    optIntOrName(s.kind) &&
    optNano(s.startTimeUnixNano) &&
    optNano(s.endTimeUnixNano) &&
    attributesFit(s.attributes) &&
    optListOf(s.events, eventFits) &&
    (status === undefined ||
      (isRecord(status) && optIntOrName(status.code) && optString(status.message)))
  );
}

/** InstrumentationScope (InstrumentationLibrary before proto v0.15). */
const optScopeFits = (v: unknown) =>
  v === undefined || (isRecord(v) && optString(v.name) && optString(v.version));

const scopeSpansFit = (g: unknown) =>
  isRecord(g) && optScopeFits(g.scope) && optListOf(g.spans, spanFits);
const librarySpansFit = (g: unknown) =>
  isRecord(g) && optScopeFits(g.instrumentationLibrary) && optListOf(g.spans, spanFits);

/** trace.proto ResourceSpans. */
function resourceSpansFits(rs: unknown): boolean {
  if (!isRecord(rs)) return false;
  const resource = rs.resource;
  return (
    (resource === undefined || (isRecord(resource) && attributesFit(resource.attributes))) &&
    optListOf(rs.scopeSpans, scopeSpansFit) &&
    optListOf(rs.instrumentationLibrarySpans, librarySpansFit)
  );
}

/**
 * Whether the value is a `resourceSpans` list `resourceSpansList` takes as it is: then the zod parse
 * would succeed and differ from the value only by the keys it strips, which `flatten` never reads (it
 * takes each field by name), so the reader skips the parse; when it says no, the zod parse runs and
 * decides, with its pointer for the refusal.
 */
export function fitsResourceSpans(value: unknown): value is ResourceSpans[] {
  return Array.isArray(value) && optListOf(value, resourceSpansFits);
}

/** An AnyValue as a plain value; integers past 2^53 stay their exact digits. */
export function decodeAnyValue(v: AnyValueJson | undefined): AttributeValue {
  if (!v) return null;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) {
    // A safe integer is its own digits (what the lines below give it back as; -0 reads as 0).
    if (Number.isSafeInteger(v.intValue)) return Number(v.intValue) + 0;
    const n = typeof v.intValue === 'number' ? String(writtenInteger(v.intValue)) : v.intValue;
    return Number.isSafeInteger(Number(n)) ? Number(n) : n;
  }
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(decodeAnyValue);
  if (v.kvlistValue) return decodeAttributes(v.kvlistValue.values);
  if (v.bytesValue !== undefined) return v.bytesValue;
  return null;
}

/** A KeyValue list as an object (a repeated key keeps its last value, as SDKs overwrite). */
export function decodeAttributes(list: readonly KeyValueJson[] | undefined): {
  [key: string]: AttributeValue;
} {
  const out: { [key: string]: AttributeValue } = {};
  if (!list) return out;
  for (const kv of list) {
    // Assigned, not defined one by one (33 ms of a 26 MB export's import, issue 26).
    setOwn(out, kv.key, decodeAnyValue(kv.value));
  }
  return out;
}

const HEX = /^[0-9a-f]+$/i;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A trace or span id as lowercase hex: OTLP JSON writes 32 / 16 hex digits; the generic protobuf
 * JSON mapping writes the 16 / 8 bytes as base64 (24 / 12 characters). Anything else (a test's
 * "span-1") is kept as written, so parents still match.
 */
export function hexId(id: string): string {
  if (HEX.test(id) && (id.length === 32 || id.length === 16)) return id.toLowerCase();
  if ((id.length === 24 || id.length === 12) && BASE64.test(id)) {
    const bytes = atob(id);
    if (bytes.length === 16 || bytes.length === 8)
      return [...bytes].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  }
  return id;
}

const KINDS = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];
export const CODES = ['UNSET', 'OK', 'ERROR'];

/** Enum names as shortened, per prefix (a few per export). */
const SHORT = new Map<string, Map<string, string>>();

/** An enum written as its number or its name (`SPAN_KIND_CLIENT`, `STATUS_CODE_ERROR`), as the bare name. */
export function enumName(value: number | string | undefined, names: string[], prefix: string) {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return names[value] ?? String(value);
  // Every span of an export writes the same few names: each is shortened once.
  const cache = SHORT.get(prefix) ?? new Map<string, string>();
  SHORT.set(prefix, cache);
  const known = cache.get(value);
  if (known !== undefined) return known;
  const name = value.replace(prefix, '').toUpperCase();
  if (cache.size < 64) cache.set(value, name);
  return name;
}

export function nanoText(value: string | number | undefined): string | undefined {
  if (typeof value !== 'number') return value;
  // An integer below 1e21 prints as its digits, which are writtenInteger's.
  return Number.isInteger(value) && Math.abs(value) < 1e21
    ? String(value)
    : String(writtenInteger(value));
}

/** A span's status: its code as written, its message, and the code's name when it has one. */
export function statusOf(
  status: { code?: number | string; message?: string },
  name: string | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (status.code !== undefined) out.code = status.code;
  if (status.message !== undefined) out.message = status.message;
  if (name) out.code = name;
  return out;
}

function eventOf(e: {
  name: string;
  timeUnixNano?: string | number;
  attributes?: KeyValueJson[];
}): Record<string, unknown> {
  return {
    name: e.name,
    timestamp: nanoText(e.timeUnixNano) ?? '0',
    attributes: decodeAttributes(e.attributes),
  };
}

/** One export's spans, flattened, with where each sits in the file. */
function flatten(
  list: readonly ResourceSpans[],
  at: string,
  snake: boolean,
): { list: Record<string, unknown>[]; pointers: string[] } {
  const out: Record<string, unknown>[] = [];
  const pointers: string[] = [];
  list.forEach((rs, r) => {
    const resource = decodeAttributes(rs.resource?.attributes);
    const groups = rs.scopeSpans
      ? rs.scopeSpans.map((g) => ({
          key: snake ? 'scope_spans' : 'scopeSpans',
          scope: g.scope,
          spans: g.spans,
        }))
      : (rs.instrumentationLibrarySpans ?? []).map((g) => ({
          key: snake ? 'instrumentation_library_spans' : 'instrumentationLibrarySpans',
          scope: g.instrumentationLibrary,
          spans: g.spans,
        }));
    groups.forEach((g, k) =>
      (g.spans ?? []).forEach((s, i) => {
        const parent = s.parentSpanId ? hexId(s.parentSpanId) : '';
        const kind = enumName(s.kind, KINDS, 'SPAN_KIND_');
        const code = enumName(s.status?.code, CODES, 'STATUS_CODE_');
        // Fields set one by one, in the order the spans always had (spreading each optional one
        // made an object per field: most of flatten's time, issue 26).
        const span: Record<string, unknown> = {
          trace_id: s.traceId ? hexId(s.traceId) : 'trace',
          span_id: hexId(s.spanId),
        };
        if (parent) span.parent_span_id = parent;
        span.name = s.name;
        if (kind) span.kind = kind;
        span.start_time = nanoText(s.startTimeUnixNano) ?? '0';
        span.end_time = nanoText(s.endTimeUnixNano ?? s.startTimeUnixNano) ?? '0';
        span.attributes = decodeAttributes(s.attributes);
        // Status by its fields (the fast path, `fitsResourceSpans`, keeps keys zod would strip).
        if (s.status) span.status = statusOf(s.status, code);
        span.events = s.events ? s.events.map(eventOf) : [];
        span.resource = { attributes: resource };
        if (g.scope) span.scope = g.scope;
        out.push(span);
        pointers.push(`${at}/${r}/${g.key}/${k}/spans/${i}`);
      }),
    );
  });
  return { list: out, pointers };
}

/**
 * The spans of OTLP/JSON trace data, flattened into the span list otel-spans.ts reads (`span_id`,
 * `parent_span_id`, `start_time` as exact nanosecond digits, `attributes` as an object), with each
 * span's pointer in the file; undefined when the value holds no OTLP trace data with spans.
 */
export function otlpSpansOf(
  value: unknown,
): { list: Record<string, unknown>[]; pointers: string[] } | undefined {
  const found = locate(value, '', 0);
  if (found.length === 0) return undefined;
  const list: Record<string, unknown>[] = [];
  const pointers: string[] = [];
  for (const f of found) {
    const camel = asCamel(f.value);
    // The exact shape already (the usual case) needs no zod parse: it would return it unchanged.
    const parsed = fitsResourceSpans(camel) ? camel : parsedBy(resourceSpansList, camel);
    if (!parsed) return undefined;
    const flat = flatten(parsed, f.at, isSnake(f.value));
    list.push(...flat.list);
    pointers.push(...flat.pointers);
  }
  return list.length > 0 ? { list, pointers } : undefined;
}

/**
 * The first place OTLP trace data does not fit trace.proto (for "looks like …, but at …"), with
 * its path in the file; undefined when it fits or the value holds none.
 */
export function otlpIssue(
  value: unknown,
): { path: (string | number)[]; message: string } | undefined {
  for (const f of locate(value, '', 0)) {
    const r = resourceSpansList.safeParse(asCamel(f.value));
    if (r.success) continue;
    const issue = r.error.issues[0];
    const at = f.at
      .split('/')
      .slice(1)
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replace(/~1/g, '/').replace(/~0/g, '~')));
    return {
      path: [...at, ...(issue?.path ?? []).map((p) => (typeof p === 'number' ? p : String(p)))],
      message: issue?.message ?? 'not OTLP trace data',
    };
  }
  return undefined;
}
