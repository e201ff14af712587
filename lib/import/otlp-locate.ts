/**
 * Where OTLP/JSON trace data sits in a file, and under which field names (part of otlp.ts): one
 * TracesData, the Collector file exporter's JSON Lines of them (opentelemetry-specification
 * `specification/protocol/file-exporter.md`: one TracesData, LogsData or MetricsData per line), a
 * list of ResourceSpans, or any of these under a query API's wrapper (Tempo `{batches}` and
 * `{trace}`, Jaeger api_v3 `{result}`). The proto's own snake_case names (`resource_spans`,
 * `span_id`), which the protobuf JSON mapping lets parsers accept, are renamed to lowerCamelCase.
 */
import { isRecord, mayHaveKeys } from './guards';

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The proto's snake_case field names (`resource_spans`, `span_id`, `string_value`) as lowerCamelCase. */
function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelKeys);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    Object.defineProperty(out, camel(k), {
      value: camelKeys(v),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** Whether ResourceSpans use the proto's snake_case names (then renamed; else read as they are). */
export const isSnake = (list: unknown) =>
  Array.isArray(list) &&
  list.some((rs) => isRecord(rs) && ('scope_spans' in rs || 'instrumentation_library_spans' in rs));
export const asCamel = (list: unknown) => (isSnake(list) ? camelKeys(list) : list);

const isResourceSpans = (v: unknown) =>
  isRecord(v) &&
  [
    'scopeSpans',
    'instrumentationLibrarySpans',
    'scope_spans',
    'instrumentation_library_spans',
  ].some((k) => Array.isArray(v[k]));
const isExport = (v: unknown): v is Record<string, unknown> =>
  isRecord(v) && (Array.isArray(v.resourceSpans) || Array.isArray(v.resource_spans));
/** A file exporter's line of another signal (logs, metrics, profiles), or an empty batch `{}`. */
const isOtherLine = (v: unknown) =>
  isRecord(v) && Object.keys(v).every((k) => /^resource_?(logs|metrics|profiles)$/i.test(k));

/**
 * Where a value holds OTLP trace data: one export, a list of exports (a JSONL file's records, the
 * Collector's file exporter mixing in logs and metrics lines), a list of ResourceSpans, or any of
 * those under a wrapper's key (a few levels deep), or a list of such wrappers. Each found
 * ResourceSpans list comes with its pointer.
 */
export function locate(
  value: unknown,
  at: string,
  depth: number,
): { at: string; value: unknown }[] {
  if (isExport(value)) {
    const key = 'resourceSpans' in value ? 'resourceSpans' : 'resource_spans';
    return [{ at: `${at}/${key}`, value: value[key] }];
  }
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isResourceSpans)) return [{ at, value }];
    // A list none of whose records has either key holds no export: ruled out from the keys the
    // detection collects once (a walk of the 20,000 messages of a 52 MB chat history: issue 26).
    if (
      (mayHaveKeys(value, 'resourceSpans') || mayHaveKeys(value, 'resource_spans')) &&
      value.some(isExport) &&
      value.every((v) => isExport(v) || isOtherLine(v))
    )
      return value.flatMap((v, i) => (isExport(v) ? locate(v, `${at}/${i}`, depth) : []));
    // Wrapped exports, one per line: the first says whether the others are.
    if (depth < 3 && locate(value[0], `${at}/0`, depth + 1).length > 0) {
      const all = value.map((v, i) => locate(v, `${at}/${i}`, depth + 1));
      return all.every((f) => f.length > 0) ? all.flat() : [];
    }
    return [];
  }
  if (!isRecord(value) || depth >= 3) return [];
  for (const [k, v] of Object.entries(value).slice(0, 64)) {
    if (typeof v !== 'object' || v === null) continue;
    const found = locate(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
    if (found.length > 0) return found;
  }
  return [];
}

/** Whether a value holds OTLP trace data in any of the shapes `otlpSpansOf` reads (valid or not). */
export function looksLikeOtlp(value: unknown): boolean {
  return locate(value, '', 0).length > 0;
}
