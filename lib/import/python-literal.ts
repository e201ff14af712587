/**
 * A reader of Python literals as `repr()` writes them (what `ast.literal_eval` reads, plus calls),
 * for the text older smolagents logs hold instead of JSON:
 * `ActionStep(tool_calls=[ToolCall(name='x', arguments='…', id='call_2')], error=None, …)` and
 * `[{'id': 'call_1', 'type': 'function', …}]`. Reads literals (str with escapes, int, float, None,
 * True, False), lists, tuples, dicts and calls `Name(arg, key=value)`; opaque reprs such as
 * `<PIL.Image.Image image mode=RGB size=1000x805 at 0x7F…>` are kept as their text. The writer, our
 * own `repr()` for the smolagents dialect, is lib/text/python-repr.ts.
 */
import type { JsonValue } from '../model/types';

/**
 * A `Name(...)` call: its class name, positional and keyword arguments. A JSON object itself (a
 * type, not an interface, so it is one of JsonValue's objects): a call nests in lists and dicts.
 */
export type PythonCall = {
  readonly $class: string;
  readonly args: JsonValue[];
  readonly kwargs: Record<string, JsonValue>;
};

export class PythonLiteralError extends Error {}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\n': '',
};

export function parsePythonLiteral(text: string): JsonValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new PythonLiteralError(`${what} at character ${i + 1}`);
  };
  const space = () => {
    while (i < text.length && /\s/.test(text.charAt(i))) i++;
  };
  const string = (): string => {
    const quote = text.charAt(i);
    const triple = text.startsWith(quote.repeat(3), i);
    const end = triple ? quote.repeat(3) : quote;
    i += end.length;
    let out = '';
    while (i < text.length && !text.startsWith(end, i)) {
      const c = text.charAt(i);
      if (c !== '\\') {
        out += c;
        i++;
        continue;
      }
      const e = text.charAt(i + 1);
      if (e === 'x') {
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 4), 16));
        i += 4;
      } else if (e === 'u') {
        out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
        i += 6;
      } else if (e === 'U') {
        out += String.fromCodePoint(parseInt(text.slice(i + 2, i + 10), 16));
        i += 10;
      } else {
        out += ESCAPES[e] ?? `\\${e}`;
        i += 2;
      }
    }
    if (i >= text.length) fail('unterminated string');
    i += end.length;
    return out;
  };
  const items = (close: string): JsonValue[] => {
    const out: JsonValue[] = [];
    for (;;) {
      space();
      if (text[i] === close) {
        i++;
        return out;
      }
      out.push(value());
      space();
      if (text[i] === ',') i++;
      else if (text[i] !== close) fail(`expected "," or "${close}"`);
    }
  };
  const value = (): JsonValue => {
    space();
    const c = text[i];
    if (c === undefined) return fail('unexpected end');
    if (c === "'" || c === '"') {
      let s = string();
      // Adjacent literals concatenate, as in Python.
      for (space(); text[i] === "'" || text[i] === '"'; space()) s += string();
      return s;
    }
    if (c === '[') {
      i++;
      return items(']');
    }
    if (c === '(') {
      i++;
      return items(')');
    }
    if (c === '{') {
      i++;
      const out: Record<string, JsonValue> = {};
      for (;;) {
        space();
        if (text[i] === '}') {
          i++;
          return out;
        }
        const key = value();
        space();
        if (text[i] !== ':') fail('expected ":"');
        i++;
        out[typeof key === 'string' ? key : JSON.stringify(key)] = value();
        space();
        if (text[i] === ',') i++;
      }
    }
    if (c === '<') {
      let depth = 0;
      const start = i;
      for (; i < text.length; i++) {
        if (text[i] === '<') depth++;
        if (text[i] === '>' && --depth === 0) break;
      }
      i++;
      return text.slice(start, i);
    }
    const num = /^-?(\d+\.?\d*(e[+-]?\d+)?|\.\d+|inf|nan)/i.exec(text.slice(i, i + 40));
    if (num && /[\d.-]/.test(c)) {
      i += num[0].length;
      return Number(num[0]);
    }
    const name = /^[A-Za-z_][\w.]*/.exec(text.slice(i, i + 200));
    if (!name) return fail(`unexpected "${c}"`);
    i += name[0].length;
    if (name[0] === 'None') return null;
    if (name[0] === 'True') return true;
    if (name[0] === 'False') return false;
    space();
    if (text[i] !== '(') return name[0];
    i++;
    const call: PythonCall = { $class: name[0], args: [], kwargs: {} };
    for (;;) {
      space();
      if (text[i] === ')') {
        i++;
        return call;
      }
      // A keyword (`name=`, not `name==`): the name, then past the `=`.
      const kw = /^[A-Za-z_]\w*(?=\s*=(?!=))/.exec(text.slice(i, i + 200));
      if (kw) {
        i = text.indexOf('=', i + kw[0].length) + 1;
        call.kwargs[kw[0]] = value();
      } else call.args.push(value());
      space();
      if (text[i] === ',') i++;
      else if (text[i] !== ')') fail('expected "," or ")"');
    }
  };
  const out = value();
  space();
  if (i < text.length) fail('unexpected text after the value');
  return out;
}

export function isPythonCall(value: unknown): value is PythonCall {
  return typeof value === 'object' && value !== null && '$class' in value;
}
