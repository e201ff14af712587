/**
 * Where a JSON text's syntax error is: a line and column, and what was found there (the text ends
 * early, more text after the value, an unexpected character).
 */
import { parse as parseTolerant, type ParseError } from 'jsonc-parser';

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
