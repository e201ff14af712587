/**
 * The hand-written check of OTLP/JSON trace data that lets the reader skip the zod parse (part of
 * otlp.ts, which holds the schema it mirrors field by field): each field the schema names is absent
 * or of the right type. Written out per message type rather than composed from generic checks: the
 * composed checks (a closure per field, the fields' list walked per object) took 67 ms of a 26 MB
 * export's import (issue 26); `otlp-fits.test.ts` holds this equal to them.
 */
import { isRecord } from './guards';

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

/** Whether a value is a list of ResourceSpans whose every field the schema names fits it. */
export function fitsResourceSpansShape(value: unknown): boolean {
  return Array.isArray(value) && optListOf(value, resourceSpansFits);
}
