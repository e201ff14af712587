/**
 * JSON text to a value, the way a user's file needs it: integers past 2^53 kept exact (their digits
 * found in the text: json-digits.ts), Python's `NaN`/`Infinity` read (as null, with a warning),
 * nesting too deep for the rest of the app found in the same walk of the value as big numbers
 * (json-depth.ts). A syntax error is placed by json-errors.ts, where the caller names the file.
 */
import { type ImportWarning } from './types';
import {
  BIG,
  firstFound,
  firstFoundInList,
  MAX_DEPTH,
  NONE,
  scanValue,
  tooDeep,
  visit,
} from './json-depth';
import {
  isDigit,
  keptDigits,
  longRunsRoundTrip,
  maybeBig,
  parseKeepingDigits,
} from './json-digits';

const PYTHON_CONSTANT = /"(?:[^"\\]|\\.)*"|-?\bInfinity\b|\bNaN\b/g;

/**
 * JSON.parse, except that integers a JS number would round (OpenTelemetry's nanosecond times,
 * 64-bit ids) become strings of their exact digits. Such an integer parses to a number of at least
 * 2^53, so the text is read again digit by digit only when the parsed value holds one.
 */
export function parseJsonExact(text: string): unknown {
  // Without 16 digits in a row no integer literal reaches 2^53, and when every such run writes
  // back the same no literal needs its digits kept: the text is read as it is.
  if (!maybeBig(text) || longRunsRoundTrip(text)) return JSON.parse(text);
  // Else the literals are kept as digits before the one parse (they were found in a first parse,
  // then the text parsed again: OTLP attributes holding 64-bit ids, issue 26).
  const exact = keptDigits(text);
  if (exact !== undefined)
    try {
      return JSON.parse(exact);
    } catch {
      // An invalid text: parsed below, so the error is the original text's.
    }
  const value: unknown = JSON.parse(text);
  return scanValue(value).big ? parseKeepingDigits(text, value, exact) : value;
}

/**
 * Parses one JSON text (a file, or a JSONL line). Python's `json.dumps` writes `NaN` and `Infinity`,
 * which JSON does not allow: those read as null, with a warning.
 */
export function parseJsonText(text: string): {
  value: unknown;
  warnings: ImportWarning[];
  /** Where the value nests past MAX_DEPTH, as a pointer (found in the same pass as big numbers). */
  deepAt?: string;
  /** For a list the same pass walked whole: whether one record's `content` is a list. */
  listContent?: boolean;
} {
  let value: unknown;
  let warnings: ImportWarning[] = [];
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (!/Unexpected token '[NI-]'/.test(message) || !/NaN|Infinity/.test(text)) throw error;
    let found = 0;
    const patched = text.replace(PYTHON_CONSTANT, (m) =>
      m.startsWith('"') ? m : (found++, 'null'),
    );
    try {
      value = JSON.parse(patched);
    } catch {
      throw error;
    }
    text = patched;
    warnings = [
      {
        message: `${found} NaN or Infinity value(s), which Python's json writes but JSON does not allow, were read as null`,
      },
    ];
  }
  const list: readonly unknown[] | undefined = Array.isArray(value) ? value : undefined;
  const seen = { listContent: false };
  const first = list
    ? firstFoundInList(list, MAX_DEPTH, seen)
    : typeof value === 'object' && value !== null
      ? firstFound(value, 1, MAX_DEPTH)
      : NONE;
  if (first === NONE)
    return list ? { value, warnings, listContent: seen.listContent } : { value, warnings };
  // A number past 2^53 before any container too deep, and every run of 16 digits or more in the
  // text writes its double back the same (Tempo's nanosecond times do): keptDigits would rewrite
  // nothing, so the value is exact and only its depth is left to check, by a walk of the value
  // (half the time of keptDigits' pass over every character of a 26 MB export, issue 26).
  if (first === BIG && longRunsRoundTrip(text)) {
    const deep =
      typeof value === 'object' && value !== null && visit(value, 1, MAX_DEPTH, { big: false });
    return deep ? { value, warnings, deepAt: tooDeep(value) } : { value, warnings };
  }
  // Else the text's brackets, which keptDigits counts, bound the value's nesting (an OTLP export
  // with numeric times is not walked whole for it).
  if (first === BIG) {
    const exact = keptDigits(text);
    if (exact !== undefined) return { value: parseKeepingDigits(text, value, exact), warnings };
  }
  const scan = scanValue(value);
  if (scan.deep) return { value, warnings, deepAt: tooDeep(value) };
  return { value: scan.big ? parseKeepingDigits(text, value, keptDigits(text)) : value, warnings };
}

/**
 * Whether a JSON text may start as `raw` does: its first character that is not JSON white space
 * (space, tab, line feed, carriage return) begins a value (`{ [ " - t f n` or a digit). When not,
 * JSON.parse throws (ECMA-262 JSON.parse reads one JSON value, RFC 8259 section 2).
 */
export function mayStartJson(raw: string): boolean {
  let i = 0;
  let c = raw.charCodeAt(0);
  while (c === 32 || c === 9 || c === 10 || c === 13) c = raw.charCodeAt(++i);
  return (
    c === 123 ||
    c === 91 ||
    c === 34 ||
    c === 45 ||
    isDigit(c) ||
    c === 116 ||
    c === 102 ||
    c === 110
  );
}

/**
 * JSON held in a string inside a file (OpenTelemetry attributes, Langfuse contents): the value, or
 * undefined when the string is not JSON or nests too deep to be read as one.
 */
export function parseEmbeddedJson(raw: string): unknown {
  // Most strings are not JSON (a prompt's text): JSON.parse would throw at their first character,
  // and each SyntaxError it makes costs ~10 µs (1,200 of them in a 26 MB OTLP export, issue 26).
  if (!mayStartJson(raw)) return undefined;
  let value: unknown;
  try {
    value = parseJsonExact(raw);
  } catch {
    return undefined;
  }
  // Deep or not as tooDeep says, without the pointer it builds (attributes are read by the thousand).
  return scanValue(value).deep ? undefined : value;
}
