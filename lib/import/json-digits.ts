/**
 * Integer literals a double would round (OpenTelemetry's nanosecond times, 64-bit ids), found in a
 * JSON text and kept as strings of their exact digits.
 */
import { MAX_DEPTH } from './json-depth';

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
export function parseKeepingDigits(
  text: string,
  value: unknown,
  exact: string | undefined,
): unknown {
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

/** True when a JSON text holds an integer a JS number cannot hold exactly. */
export function hasUnsafeInteger(text: string): boolean {
  if (!maybeBig(text)) return false;
  for (const m of text.matchAll(BIG_INTEGER))
    if (!m[0].startsWith('"') && rounds(m[0])) return true;
  return false;
}
