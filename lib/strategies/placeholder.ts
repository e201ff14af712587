/**
 * Placeholder templates for strategies that replace an observation or a tool result with a short
 * text (observation-masking, clear-tool-uses, prune-old-observations with `placeholder`). A template
 * names the replaced text's size with `{lines}`, `{chars}` and `{tokens}`, so SWE-agent's
 * `Old environment output: ({lines} lines omitted)` and Anthropic's plain `[cleared]` are both
 * templates. One helper for all of them, so every strategy counts lines the same way.
 *
 * - `{lines}`: Python's `len(text.splitlines())`, what SWE-agent's `LastNObservations` writes
 *   (sweagent/agent/history_processors.py: `f"Old environment output: ({len(text.splitlines())} lines
 *   omitted)"`, the processor Lindenbauer et al. 2025 ran with n=10). `splitlines` breaks at \n, \r,
 *   \r\n, \v, \f, \x1c-\x1e, \x85, U+2028 and U+2029, and a trailing break ends the last line
 *   instead of starting an empty one: "" has 0 lines, "a\n" 1, "a\nb" 2.
 * - `{chars}`: code points, as Python's `len` (the seeds' lengths; lib/README "Lengths").
 * - `{tokens}`: the text's count by the strategy context's tokenizer (the text alone, without a
 *   message's overhead).
 *
 * A field is `{name}` with a word for a name; `{line}` or `{bogus}` is a parameter error that names
 * the known fields. Braces around anything else (`{}`, `{ x }`, JSON) are literal text.
 */
import { z } from 'zod';
import { pyLen } from '../text/python-string';
import type { TextCounter } from '../tokens/tokenizer';

export const PLACEHOLDER_FIELDS = ['lines', 'chars', 'tokens'] as const;
export type PlaceholderField = (typeof PLACEHOLDER_FIELDS)[number];

const FIELD = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const isField = (name: string): name is PlaceholderField =>
  (PLACEHOLDER_FIELDS as readonly string[]).includes(name);

/** "unknown placeholder {line} (known: {lines}, {chars}, {tokens})", or undefined when valid. */
export function placeholderProblem(template: string): string | undefined {
  const unknown = [...template.matchAll(FIELD)]
    .map((m) => m[1] as string)
    .filter((name) => !isField(name));
  if (unknown.length === 0) return undefined;
  const names = [...new Set(unknown)].map((n) => `{${n}}`).join(', ');
  const known = PLACEHOLDER_FIELDS.map((f) => `{${f}}`).join(', ');
  return `unknown placeholder ${names} (known: ${known})`;
}

/** A template parameter: a string whose `{fields}` must be known ones. Chain `.default()`/`.describe()`. */
export function placeholderTemplate() {
  return z.string().superRefine((template, issue) => {
    const problem = placeholderProblem(template);
    if (problem) issue.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * Whether a UTF-16 code unit is one of Python's line boundaries (str.splitlines): \n \v \f \r
 * \x1c \x1d \x1e \x85 U+2028 U+2029. Compared as ranges, not looked up in a set: the placeholder
 * strategies count the lines of every observation they replace (26 M characters in a first apply
 * on 100,000 steps), and a set lookup per character was most of observation masking's apply.
 */
const isLineBreak = (c: number): boolean =>
  c <= 0x1e ? (c >= 0x0a && c <= 0x0d) || c >= 0x1c : c === 0x85 || c === 0x2028 || c === 0x2029;

/**
 * Whether the text has a line boundary other than \n: one scan of the regular expression engine,
 * and `indexOf` for the separators \x1c-\x1e (a control character in a pattern is a lint error).
 */
const OTHER_BREAK = /[\v\f\r\x85\u2028\u2029]/;
const otherBreak = (text: string): boolean =>
  OTHER_BREAK.test(text) || text.includes('\x1c') || text.includes('\x1d') || text.includes('\x1e');

/**
 * Python's `len(text.splitlines())`: \r\n is one break; a break at the end starts no new line.
 * A text whose only breaks are \n (nearly every tool output) has its \n found by `indexOf`, about
 * three times as fast as reading it a character at a time (26 M characters of tool results on the
 * bench's 100k steps: 14 against 40-85 ms).
 */
export function pySplitLinesCount(text: string): number {
  if (text === '') return 0;
  if (otherBreak(text)) return linesByCharacter(text);
  let breaks = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks++;
  return text.charCodeAt(text.length - 1) === 0x0a ? breaks : breaks + 1;
}

function linesByCharacter(text: string): number {
  let breaks = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    // Printable ASCII first: almost every character, and none of them a break.
    if ((c > 0x1e && c < 0x85) || !isLineBreak(c)) continue;
    breaks++;
    if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
  }
  return isLineBreak(text.charCodeAt(n - 1)) ? breaks : breaks + 1;
}

export interface CompiledPlaceholder {
  readonly template: string;
  /** Whether the rendering depends on the tokenizer (the template has `{tokens}`). */
  readonly usesTokens: boolean;
  /** The template with the fields of `original` (the text it replaces) filled in. */
  render(original: string, counter: TextCounter): string;
  /**
   * Whether `text` is already a rendering of this template: a strategy fed its own output (in-place
   * runs) leaves it as it is instead of masking the placeholder (which would turn "(40 lines
   * omitted)" into "(1 lines omitted)").
   */
  isRendering(text: string): boolean;
}

const compiled = new Map<string, CompiledPlaceholder>();

/** The template, parsed once (strategies render it for every masked observation of every call). */
export function compilePlaceholder(template: string): CompiledPlaceholder {
  const hit = compiled.get(template);
  if (hit) return hit;
  const problem = placeholderProblem(template);
  if (problem) throw new Error(problem);
  const fields = new Set([...template.matchAll(FIELD)].map((m) => m[1] as PlaceholderField));
  const escaped = template
    .split(FIELD)
    .map((piece, i) =>
      i % 2 === 1 ? '\\d+' : piece.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`),
    );
  const pattern = new RegExp(`^${escaped.join('')}$`);
  const out: CompiledPlaceholder = {
    template,
    usesTokens: fields.has('tokens'),
    render(original, counter) {
      if (fields.size === 0) return template;
      return template.replace(FIELD, (_, name: PlaceholderField) => {
        switch (name) {
          case 'lines':
            return String(pySplitLinesCount(original));
          case 'chars':
            return String(pyLen(original));
          case 'tokens':
            return String(counter.count(original));
        }
      });
    },
    isRendering: (text) => text === template || pattern.test(text),
  };
  // A handful of templates per session; the bound only guards against a sweep over typed text.
  if (compiled.size > 256) compiled.clear();
  compiled.set(template, out);
  return out;
}
