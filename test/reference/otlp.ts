/**
 * lib/import/otlp.ts before issue 26 (its shape check composed of generic checks, its flattening
 * spreading each optional field), kept as the reference the rewritten reader is held equal to
 * (lib/import/otlp-fast.test.ts). Shape, encoding and sources: lib/import/otlp.ts.
 */
import { z } from 'zod';
import { isRecord } from '../../lib/import/guards';
import { asCamel, isSnake, locate } from '../../lib/import/otlp-locate';
import { parsedBy } from '../../lib/import/types';
import { writtenInteger } from '../../lib/import/util';

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
type ResourceSpans = z.infer<typeof resourceSpans>;

/** The schema above written out as checks: each field it names of the right type. */
type Check = (v: unknown) => boolean;

const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const digits = /^-?\d+$/;
const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
// zod's int() is a safe integer.
const intOrName: Check = (v) => (typeof v === 'number' && Number.isSafeInteger(v)) || isString(v);
const nano: Check = (v) => (isString(v) && /^\d+$/.test(v)) || (isInteger(v) && v >= 0);
const listOf =
  (check: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(check);

/** An object whose `fields` pass their checks (zod strips or keeps the others; none is read). */
const fieldsOf = (fields: Record<string, Check>): Check => {
  const checks = Object.entries(fields);
  return (v) => {
    if (!isRecord(v)) return false;
    for (const [key, check] of checks) if (!check(v[key])) return false;
    return true;
  };
};

const anyValueFits: Check = fieldsOf({
  stringValue: optional(isString),
  boolValue: optional((v) => typeof v === 'boolean'),
  intValue: optional((v) => (isString(v) && digits.test(v)) || isInteger(v)),
  doubleValue: optional((v) => (typeof v === 'number' && Number.isFinite(v)) || isString(v)),
  arrayValue: optional(fieldsOf({ values: optional(listOf((v) => anyValueFits(v))) })),
  kvlistValue: optional(fieldsOf({ values: optional(listOf((v) => keyValueFits(v))) })),
  bytesValue: optional(isString),
});
const keyValueFits: Check = fieldsOf({ key: isString, value: optional(anyValueFits) });
const attributesFit = optional(listOf(keyValueFits));
const spanFits = fieldsOf({
  traceId: optional(isString),
  spanId: (v) => isString(v) && v.length > 0,
  parentSpanId: optional(isString),
  name: isString,
  kind: optional(intOrName),
  startTimeUnixNano: optional(nano),
  endTimeUnixNano: optional(nano),
  attributes: attributesFit,
  events: optional(
    listOf(
      fieldsOf({
        timeUnixNano: optional(nano),
        name: isString,
        attributes: optional(attributesFit),
      }),
    ),
  ),
  status: optional(fieldsOf({ code: optional(intOrName), message: optional(isString) })),
});
const scopeFits = fieldsOf({ name: optional(isString), version: optional(isString) });
const spansFit = optional(listOf(spanFits));
const resourceSpansFits = fieldsOf({
  resource: optional(fieldsOf({ attributes: attributesFit })),
  scopeSpans: optional(listOf(fieldsOf({ scope: optional(scopeFits), spans: spansFit }))),
  instrumentationLibrarySpans: optional(
    listOf(fieldsOf({ instrumentationLibrary: optional(scopeFits), spans: spansFit })),
  ),
});

/**
 * Whether the value is a `resourceSpans` list `resourceSpansList` takes as it is: then the zod parse
 * would succeed and differ from the value only by the keys it strips, which `flatten` never reads (it
 * takes each field by name), so the reader skips the parse; when it says no, the zod parse runs and
 * decides, with its pointer for the refusal.
 */
export function fitsResourceSpans(value: unknown): value is ResourceSpans[] {
  return Array.isArray(value) && value.every(resourceSpansFits);
}

/** An AnyValue as a plain value; integers past 2^53 stay their exact digits. */
export function decodeAnyValue(v: AnyValueJson | undefined): AttributeValue {
  if (!v) return null;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) {
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
  for (const kv of list ?? [])
    Object.defineProperty(out, kv.key, {
      value: decodeAnyValue(kv.value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
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
const CODES = ['UNSET', 'OK', 'ERROR'];

/** An enum written as its number or its name (`SPAN_KIND_CLIENT`, `STATUS_CODE_ERROR`), as the bare name. */
function enumName(value: number | string | undefined, names: string[], prefix: string) {
  if (value === undefined) return undefined;
  return typeof value === 'number'
    ? (names[value] ?? String(value))
    : value.replace(prefix, '').toUpperCase();
}

function nanoText(value: string | number | undefined): string | undefined {
  return typeof value === 'number' ? String(writtenInteger(value)) : value;
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
        out.push({
          trace_id: s.traceId ? hexId(s.traceId) : 'trace',
          span_id: hexId(s.spanId),
          ...(parent ? { parent_span_id: parent } : {}),
          name: s.name,
          ...(kind ? { kind } : {}),
          start_time: nanoText(s.startTimeUnixNano) ?? '0',
          end_time: nanoText(s.endTimeUnixNano ?? s.startTimeUnixNano) ?? '0',
          attributes: decodeAttributes(s.attributes),
          // Status by its fields (the fast path, `fitsResourceSpans`, keeps keys zod would strip).
          ...(s.status
            ? {
                status: {
                  ...(s.status.code === undefined ? {} : { code: s.status.code }),
                  ...(s.status.message === undefined ? {} : { message: s.status.message }),
                  ...(code ? { code } : {}),
                },
              }
            : {}),
          events: (s.events ?? []).map((e) => ({
            name: e.name,
            timestamp: nanoText(e.timeUnixNano) ?? '0',
            attributes: decodeAttributes(e.attributes),
          })),
          resource: { attributes: resource },
          ...(g.scope ? { scope: g.scope } : {}),
        });
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
