/**
 * A large JSON file's value parsed from its UTF-8 bytes, one part at a time: the text of the whole
 * file is never made. A 53 MB history with some non-Latin text decodes to a 106 MB two-byte string
 * that lives outside the worker's JS heap (the browser keeps a decoded text as an external string),
 * and that string outlived the load by seconds, until a full collection that did not come
 * (BENCHMARKS.md, issue 26's sixteenth round). Here the big containers (the list of messages, a
 * trajectory's steps) are walked in their bytes, and each of their smaller members is decoded and
 * given to `JSON.parse` on its own: every such text is short-lived, and the bytes are freed by the
 * caller the moment the value is built.
 *
 * The value is exactly `JSON.parse` of the decoded text, or the walk gives up (`undefined`) and
 * the caller parses the text as before, which gives the same value or error it always did: on any
 * syntax error, on nesting past `MAX_DEPTH`, and on an integer literal a double would round (which
 * `parseJsonText` keeps as its digits). Every member starts and ends at an
 * ASCII byte, so decoding members one by one gives the characters decoding the whole gives, invalid
 * bytes included (a decoder resynchronizes at an ASCII byte).
 */
import { setOwn } from './guards';
import { MAX_DEPTH } from './json-depth';
import { isDigit, isNumberPart, rounds, RUN } from './json-digits';

/** Containers larger than this are walked in their bytes; smaller members are parsed whole. */
export const SPLIT_ABOVE = 1 << 20;

/** Why the walk gave up: the caller parses the text instead. */
const GIVE_UP = -1;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_RECORD = 0x7b;
const CLOSE_RECORD = 0x7d;

const MINUS = 0x2d;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** What may follow a value: a comma, a closing bracket or white space. */
const isValueEnd = (c: number) =>
  c === COMMA || c === CLOSE_LIST || c === CLOSE_RECORD || isSpace(c);

/** After a string that starts at `at` (its opening quote): the index past its closing quote. */
function stringEnd(bytes: Uint8Array, at: number): number {
  let quote = bytes.indexOf(QUOTE, at + 1);
  while (quote !== -1) {
    let slashes = 0;
    while (bytes[quote - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    quote = bytes.indexOf(QUOTE, quote + 1);
  }
  return GIVE_UP;
}

/**
 * The index past the value starting at `at`, inside `depth` containers, or GIVE_UP when its
 * brackets do not close, it nests past MAX_DEPTH or it holds an integer literal a double would
 * round. Brackets are only counted here: a member's `JSON.parse` checks that they match.
 */
function valueEnd(bytes: Uint8Array, at: number, depth: number): number {
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at);
  const n = bytes.length;
  if (first === MINUS || isDigit(first ?? 0)) return numberEnd(bytes, at);
  if (first !== OPEN_LIST && first !== OPEN_RECORD) {
    // true, false or null: up to what may follow a value.
    let i = at;
    while (i < n && !isValueEnd(bytes[i] ?? 0)) i++;
    return i === at ? GIVE_UP : i;
  }
  let open = 0;
  for (let i = at; i < n;) {
    const c = bytes[i] ?? 0;
    if (c === QUOTE || c === MINUS || isDigit(c)) {
      i = c === QUOTE ? stringEnd(bytes, i) : numberEnd(bytes, i);
      if (i === GIVE_UP) return GIVE_UP;
      continue;
    }
    if (c === OPEN_LIST || c === OPEN_RECORD) {
      if (depth + ++open > MAX_DEPTH) return GIVE_UP;
    } else if ((c === CLOSE_LIST || c === CLOSE_RECORD) && --open === 0) return i + 1;
    i++;
  }
  return GIVE_UP;
}

/**
 * After the number starting at `at` (a minus or a digit): the index past its characters, or
 * GIVE_UP for an integer literal `parseJsonText` keeps as its digits (json-digits.ts `keptDigits`:
 * 16 digits or more, no leading zero, no fraction or exponent, that a double does not write back
 * the same). Its syntax is left to `JSON.parse`.
 */
function numberEnd(bytes: Uint8Array, at: number): number {
  const n = bytes.length;
  let i = bytes[at] === MINUS ? at + 1 : at;
  const first = i;
  while (i < n && isDigit(bytes[i] ?? 0)) i++;
  const digitsEnd = i;
  while (i < n && isNumberPart(bytes[i] ?? 0)) i++;
  if (i === digitsEnd && digitsEnd - first >= RUN && bytes[first] !== 0x30) {
    if (rounds(String.fromCharCode(...bytes.subarray(at, digitsEnd)))) return GIVE_UP;
  }
  return i;
}

class Walk {
  readonly #decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  constructor(
    readonly bytes: Uint8Array,
    readonly splitAbove: number,
  ) {}

  skipSpace(at: number): number {
    const { bytes } = this;
    while (at < bytes.length && isSpace(bytes[at] ?? 0)) at++;
    return at;
  }

  /** The text of bytes [from, to), parsed; undefined when it is not JSON. */
  parsePart(from: number, to: number): { value: unknown } | undefined {
    try {
      return { value: JSON.parse(this.#decoder.decode(this.bytes.subarray(from, to))) };
    } catch {
      return undefined;
    }
  }

  /** The value at `at` (inside `depth` containers) and the index past it, or undefined. */
  value(at: number, depth: number): { value: unknown; end: number } | undefined {
    const end = valueEnd(this.bytes, at, depth);
    if (end === GIVE_UP) return undefined;
    const first = this.bytes[at];
    if (end - at > this.splitAbove && (first === OPEN_LIST || first === OPEN_RECORD))
      return this.container(at, depth + 1);
    const part = this.parsePart(at, end);
    return part && { value: part.value, end };
  }

  /** The list or record at `at`, member by member; its members sit inside `depth` containers. */
  container(at: number, depth: number): { value: unknown; end: number } | undefined {
    return this.bytes[at] === OPEN_LIST ? this.list(at, depth) : this.record(at, depth);
  }

  list(at: number, depth: number): { value: unknown[]; end: number } | undefined {
    const out: unknown[] = [];
    let i = this.skipSpace(at + 1);
    if (this.bytes[i] === CLOSE_LIST) return { value: out, end: i + 1 };
    for (;;) {
      const member = this.value(i, depth);
      if (!member) return undefined;
      out.push(member.value);
      i = this.skipSpace(member.end);
      const c = this.bytes[i];
      if (c === CLOSE_LIST) return { value: out, end: i + 1 };
      if (c !== COMMA) return undefined;
      i = this.skipSpace(i + 1);
    }
  }

  record(at: number, depth: number): { value: Record<string, unknown>; end: number } | undefined {
    const out: Record<string, unknown> = {};
    let i = this.skipSpace(at + 1);
    if (this.bytes[i] === CLOSE_RECORD) return { value: out, end: i + 1 };
    for (;;) {
      if (this.bytes[i] !== QUOTE) return undefined;
      const keyEnd = stringEnd(this.bytes, i);
      if (keyEnd === GIVE_UP) return undefined;
      const key = this.parsePart(i, keyEnd);
      if (!key || typeof key.value !== 'string') return undefined;
      i = this.skipSpace(keyEnd);
      if (this.bytes[i] !== COLON) return undefined;
      const member = this.value(this.skipSpace(i + 1), depth);
      if (!member) return undefined;
      // As JSON.parse sets it: "__proto__" an own member, not the prototype.
      setOwn(out, key.value, member.value);
      i = this.skipSpace(member.end);
      const c = this.bytes[i];
      if (c === CLOSE_RECORD) return { value: out, end: i + 1 };
      if (c !== COMMA) return undefined;
      i = this.skipSpace(i + 1);
    }
  }
}

/**
 * The value of a UTF-8 JSON file's bytes (a byte-order mark skipped) when it is one list or record,
 * or undefined when the caller must parse its text (see the head of this file). Members larger than
 * `splitAbove` bytes are walked in turn (tests lower it).
 */
export function parseJsonBytes(
  bytes: Uint8Array,
  splitAbove = SPLIT_ABOVE,
): { value: unknown } | undefined {
  const walk = new Walk(bytes, splitAbove);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const start = walk.skipSpace(bom);
  const first = bytes[start];
  if (first !== OPEN_LIST && first !== OPEN_RECORD) return undefined;
  // The file is walked member by member whatever its size: the caller gives only large files.
  const parsed = walk.container(start, 1);
  if (!parsed || walk.skipSpace(parsed.end) !== bytes.length) return undefined;
  return { value: parsed.value };
}
