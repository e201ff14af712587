/**
 * JSON text to a value, the way a user's file needs it: integers past 2^53 kept exact, Python's
 * `NaN`/`Infinity` read (as null, with a warning), nesting too deep for the rest of the app refused
 * with where it is, and every syntax error placed at a line and column with what was found there.
 */
import { parse as parseTolerant, type ParseError } from 'jsonc-parser';
import { isRecord } from './guards';
import { type ImportWarning } from './types';
import { ImportError } from '../model/errors';

/**
 * Values nested deeper than this are refused: rendering, copying (structured clone) and serializing
 * recurse per level. No agent history comes near it; Python's own `json` stops near 1,000.
 */
export const MAX_DEPTH = 500;

/**
 * Digits from which an integer literal may be one a double rounds (2^53 has 16): the runs
 * `maybeBig` looks for, and the literals `keptDigits` keeps as text.
 */
export const RUN = 16;

/**
 * Whether the text has a run of 16 digits (what `/\d{16}/` finds, 5× faster on 50 MB): every such
 * run covers a multiple of 16, so only those positions are looked at, and around a digit found
 * there the run is measured.
 */
export function maybeBig(text: string): boolean {
  const n = text.length;
  for (let i = 0; i < n; i += RUN) {
    let c = text.charCodeAt(i);
    if (c < 48 || c > 57) continue;
    let from = i;
    while (from > 0 && i - from < RUN) {
      c = text.charCodeAt(from - 1);
      if (c < 48 || c > 57) break;
      from--;
    }
    let to = i + 1;
    while (to < n && to - from < RUN) {
      c = text.charCodeAt(to);
      if (c < 48 || c > 57) break;
      to++;
    }
    if (to - from >= RUN) return true;
  }
  return false;
}

/**
 * Whether every maximal run of 16 digits or more in the text is digits a double writes back the same
 * (`rounds` is false), found as `maybeBig` finds one (each such run covers a multiple of 16). Every
 * literal keptDigits rewrites is such a run (with its sign, which does not change whether it
 * rounds), so when this holds keptDigits returns the text unchanged, or undefined when the brackets
 * nest past MAX_DEPTH. A run inside a string counts too: it can only make this say no.
 */
export function longRunsRoundTrip(text: string): boolean {
  const n = text.length;
  for (let i = 0; i < n; i += RUN) {
    if (!isDigit(text.charCodeAt(i))) continue;
    let from = i;
    while (from > 0 && isDigit(text.charCodeAt(from - 1))) from--;
    let to = i + 1;
    while (to < n && isDigit(text.charCodeAt(to))) to++;
    if (to - from >= RUN && rounds(text.slice(from, to))) return false;
    // The run is measured once: the next position looked at is past it.
    if (to > i + 1) i = to - 1 - ((to - 1) % RUN);
  }
  return true;
}

const BIG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\w.+-])-?\d{16,}(?![\w.])/g;
const PYTHON_CONSTANT = /"(?:[^"\\]|\\.)*"|-?\bInfinity\b|\bNaN\b/g;

/**
 * True for an integer literal a JS number would not write back the same: it is kept as text. One
 * whose digits are its double's shortest form stays a number (exports read back as they were, and
 * `writtenInteger` in util.ts recovers the digits exactly).
 */
export function rounds(literal: string): boolean {
  return String(Number(literal)) !== literal;
}

/**
 * `text` (valid JSON, read as `value`) read again with the integers a JS number would round kept as
 * strings of their digits. `exact` is the rewrite found in one pass (`keptDigits(text)`, undefined
 * when the text nests too deep: a regex rewrites it then); when it changes nothing (an export whose
 * long integers all round-trip, as Tempo's times do) `value` is already exact.
 */
function parseKeepingDigits(text: string, value: unknown, exact: string | undefined): unknown {
  if (exact === text) return value;
  try {
    if (exact !== undefined) return JSON.parse(exact);
  } catch {
    // Not expected on a valid text; the regex below decides.
  }
  try {
    return JSON.parse(
      text.replace(BIG_INTEGER, (m) => (m.startsWith('"') || !rounds(m) ? m : `"${m}"`)),
    );
  } catch {
    // The error's position must be the original text's.
    return JSON.parse(text);
  }
}

/** Containers deeper than this in the text: `keptDigits` leaves the text to the regex. */
const STACK = MAX_DEPTH + 1;

/**
 * The text with every integer literal a double would round written as a string of its digits, as
 * the regex in `parseKeepingDigits` rewrites it, found in one pass over the characters: the regex
 * called back for every string of the text (OTLP exports with numeric nanosecond times, Tempo's,
 * took that path whole). Undefined when the brackets nest past MAX_DEPTH (the regex decides then).
 * A literal is rewritten only where a value may stand (after `:`, `[` or an array's `,`) and when
 * it is a well-formed number, so the result parses only when the text does: a rewrite never turns
 * an invalid text (a number as a key, a leading zero) into a valid one. On a valid text it rewrites
 * exactly the literals the regex does (integers outside strings of 16 digits or more).
 */
export function keptDigits(text: string): string | undefined {
  const n = text.length;
  const arrays = new Uint8Array(STACK + 1);
  let depth = 0;
  let parts: string[] | undefined;
  let last = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: to its closing quote, one not escaped by an odd run of backslashes before it
      // (a search for the quote: stepping through the characters took twice as long).
      let q = text.indexOf('"', i + 1);
      while (q !== -1 && escaped(text, q)) q = text.indexOf('"', q + 1);
      i = q === -1 ? n : q + 1;
    } else if (c === 91 || c === 123) {
      if (++depth > STACK - 1) return undefined;
      arrays[depth] = c === 91 ? 1 : 0;
      i++;
    } else if (c === 93 || c === 125) {
      depth--;
      i++;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const from = i;
      if (c === 45) i++;
      const first = i;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      const end = i;
      // A fraction or an exponent makes it no integer literal; its characters are skipped with it.
      while (i < n && isNumberPart(text.charCodeAt(i))) i++;
      if (i === end && end - first >= RUN && text.charCodeAt(first) !== 48) {
        const literal = text.slice(from, end);
        if (rounds(literal) && inValuePlace(text, from, arrays[depth] === 1)) {
          (parts ??= []).push(text.slice(last, from), '"', literal, '"');
          last = end;
        }
      }
    } else i++;
  }
  if (!parts) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

/** Whether the quote at `at` is escaped: an odd number of backslashes before it. */
function escaped(text: string, at: number): boolean {
  let k = at - 1;
  while (text.charCodeAt(k) === 92) k--;
  return (at - 1 - k) % 2 === 1;
}

export const isDigit = (c: number) => c >= 48 && c <= 57;
// Digits, '.', 'e', 'E', '+', '-'.
export const isNumberPart = (c: number) =>
  isDigit(c) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45;

/** Whether a value may stand at `at`, by the first character before it that is not white space. */
function inValuePlace(text: string, at: number, inArray: boolean): boolean {
  let k = at - 1;
  while (k >= 0 && /[ \t\n\r]/.test(text.charAt(k))) k--;
  // A text that is one number alone stays a number, as before (`scanValue` looks into containers).
  if (k < 0) return false;
  const before = text.charCodeAt(k);
  return before === 58 || before === 91 || (before === 44 && inArray);
}

const TWO_53 = 2 ** 53;

/**
 * One pass over a parsed value: whether it nests past `limit` containers, and whether it holds a
 * number of magnitude 2^53 or more (the only numbers a double may have rounded from the digits
 * written). Recursion stops at the limit, so the stack stays shallow.
 */
export function scanValue(value: unknown, limit = MAX_DEPTH): { deep: boolean; big: boolean } {
  const found = { big: false };
  const deep = typeof value === 'object' && value !== null && visit(value, 1, limit, found);
  return { deep, big: found.big };
}

/**
 * `scanValue`'s walk: true when `node` nests past `limit`; sets `found.big` on a number of 2^53 or
 * more. A module-level function (not a closure made per scan: tool arguments are scanned one by one).
 */
function visit(node: object, depth: number, limit: number, found: { big: boolean }): boolean {
  if (Array.isArray(node)) {
    const items: readonly unknown[] = node;
    for (const x of items) {
      if (typeof x === 'object' && x !== null) {
        if (depth >= limit || visit(x, depth + 1, limit, found)) return true;
      } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) found.big = true;
    }
    return false;
  }
  if (!isRecord(node)) return false;
  for (const key in node) {
    const x = node[key];
    if (typeof x === 'object' && x !== null) {
      if (depth >= limit || visit(x, depth + 1, limit, found)) return true;
    } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) found.big = true;
  }
  return false;
}

const NONE = 0;
const BIG = 1;
const DEEP = 2;

/**
 * `visit` that returns at the first number of 2^53 or more (BIG) or container past `limit` (DEEP),
 * else NONE: parseJsonText's walk, which needs no more than the first of either when the text is
 * then rewritten (keptDigits counts the brackets). Its own function: a stop flag in `visit` slowed
 * the full walk of a 52 MB history by 8 ms.
 */
function firstFound(node: object, depth: number, limit: number): number {
  if (Array.isArray(node)) {
    const items: readonly unknown[] = node;
    for (const x of items) {
      if (typeof x === 'object' && x !== null) {
        if (depth >= limit) return DEEP;
        const r = firstFound(x, depth + 1, limit);
        if (r !== NONE) return r;
      } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) return BIG;
    }
    return NONE;
  }
  if (!isRecord(node)) return NONE;
  for (const key in node) {
    const x = node[key];
    if (typeof x === 'object' && x !== null) {
      if (depth >= limit) return DEEP;
      const r = firstFound(x, depth + 1, limit);
      if (r !== NONE) return r;
    } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) return BIG;
  }
  return NONE;
}

/**
 * `firstFound` of a list (at depth 1) that also notes in `seen.listContent` whether one of its
 * records has a list as its `content` (what `withRecordKeys` in guards.ts would read from every
 * record again): the same visits in the same order as `firstFound`, so the same answer. The
 * `content` test is made only on values the walk already knows are objects (a read of every
 * record's `content`, or a key collection inside this loop, tripled the walk's time).
 */
function firstFoundInList(list: readonly unknown[], limit: number, seen: Seen): number {
  for (const x of list) {
    if (typeof x === 'object' && x !== null) {
      if (1 >= limit) return DEEP;
      const r = isRecord(x) ? firstFoundInRecord(x, limit, seen) : firstFound(x, 2, limit);
      if (r !== NONE) return r;
    } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) return BIG;
  }
  return NONE;
}

/** `firstFound` of a record of the list (depth 2), noting a list as its `content` in `seen`. */
function firstFoundInRecord(node: Record<string, unknown>, limit: number, seen: Seen): number {
  for (const key in node) {
    const x = node[key];
    if (typeof x === 'object' && x !== null) {
      if (key === 'content' && Array.isArray(x)) seen.listContent = true;
      if (2 >= limit) return DEEP;
      const r = firstFound(x, 3, limit);
      if (r !== NONE) return r;
    } else if (typeof x === 'number' && (x >= TWO_53 || x <= -TWO_53)) return BIG;
  }
  return NONE;
}

interface Seen {
  listContent: boolean;
}

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

/** True when a JSON text holds an integer a JS number cannot hold exactly. */
export function hasUnsafeInteger(text: string): boolean {
  if (!maybeBig(text)) return false;
  for (const m of text.matchAll(BIG_INTEGER))
    if (!m[0].startsWith('"') && rounds(m[0])) return true;
  return false;
}

/** RFC 6901 pointer of a path, for messages. */
function pointerOf(path: readonly (string | number)[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('') || '/';
}

/**
 * Where `value` nests deeper than `limit` (arrays and objects), as a pointer to the first container
 * past it, or undefined. Iterative: a 100,000-level value does not overflow the stack here.
 */
export function tooDeep(value: unknown, limit = MAX_DEPTH): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  // The containers on the current path, and for each its entries still to visit.
  const path: (string | number)[] = [];
  const stack: Iterator<[string | number, unknown]>[] = [];
  const enter = (node: object) => {
    const items: readonly unknown[] | undefined = Array.isArray(node) ? node : undefined;
    stack.push(items ? items.entries() : Object.entries(node).values());
  };
  enter(value);
  for (let top = stack.at(-1); top; top = stack.at(-1)) {
    const next = top.next();
    if (next.done) {
      stack.pop();
      path.pop();
      continue;
    }
    const [key, child] = next.value;
    if (typeof child !== 'object' || child === null) continue;
    path.push(key);
    if (stack.length >= limit) return pointerOf(path);
    enter(child);
  }
  return undefined;
}

/** Throws when a parsed value nests too deep (`at`, from `parseJsonText`), naming the file and the place. */
export function checkDepth(at: string | undefined, name: string, line?: number): void {
  if (at === undefined) return;
  const where = `${line === undefined ? '' : `line ${line}, `}${at.length > 60 ? `${at.slice(0, 60)}…` : at}`;
  throw new ImportError(
    `${name}: the JSON nests more than ${MAX_DEPTH} levels deep (at ${where}); Stepscope reads up to ${MAX_DEPTH}`,
  );
}

function lineColumn(text: string, pos: number): string {
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** The first syntax error's offset, found by a tolerant parser when JSON.parse does not say (Node 20). */
function firstErrorOffset(text: string): number | undefined {
  const errors: ParseError[] = [];
  try {
    parseTolerant(text, errors, {
      disallowComments: true,
      allowTrailingComma: false,
      allowEmptyContent: false,
    });
  } catch {
    return undefined;
  }
  return errors[0]?.offset;
}

function describeAt(text: string, pos: number): string {
  const ch = text.slice(pos, pos + 1);
  if (ch === '') return '';
  const shown = /[\x20-\x7e]/.test(ch)
    ? `'${ch}'`
    : `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return pos === text.search(/\S/)
    ? `: unexpected ${shown} at the start (not a JSON file?)`
    : `: unexpected ${shown}`;
}

/** Where a JSON.parse error points, as "line L, column C" and what is there. */
export function jsonErrorPosition(text: string, error: Error): string {
  const end = text.trimEnd().length;
  if (/end of JSON input/.test(error.message))
    return `${lineColumn(text, text.length)}: the text ends early (truncated file?)`;
  const m = /position (\d+)/.exec(error.message);
  const pos = m ? Number(m[1]) : firstErrorOffset(text);
  if (pos === undefined) return error.message;
  if (/after JSON/.test(error.message))
    return `${lineColumn(text, pos)}: more text after the JSON value ends (several JSON values? name the file .jsonl)`;
  const early =
    pos >= end - 1 || (/Unterminated string/.test(error.message) && !text.slice(pos).includes('"'));
  if (early) return `${lineColumn(text, pos)}: the text ends early (truncated file?)`;
  return `${lineColumn(text, pos)}${describeAt(text, pos)}`;
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
