/**
 * What a strategy loses, not only what it saves: identifiers (file paths, URLs, ids, numbers, quoted
 * names) that the model uses at a call, that appeared earlier in the run, but that the strategy's
 * context for that call no longer contains. Each is flagged at the step where it first appeared,
 * with what it is (the argument the call passed it as, "reservation id", else its shape) and the
 * call that needed it, so a person reads "reservation id ZFA04Y, from step 9, needed at call 14"
 * rather than a bare "ZFA04Y".
 */
import { toMessages } from '../messages';
import { assistantText } from '../model/steps';
import type { ActionStep, JsonValue, Step } from '../model/types';

/** An identifier's shape, when no argument name says what it is. */
export type IdentifierShape = 'URL' | 'path' | 'file' | 'id' | 'number' | 'name';

export const PATTERNS: readonly (readonly [IdentifierShape, RegExp])[] = [
  ['URL', /https?:\/\/[^\s"'<>)\]}]+/g],
  ['path', /(?:~|\.{1,2})?\/[\w.@-]+(?:\/[\w.@-]+)+/g], // absolute or relative, with a slash
  [
    'file',
    /\b[\w-]+(?:\/[\w.-]+)*\.(?:py|ts|tsx|js|jsx|json|md|txt|yaml|yml|toml|rs|go|java|c|h|cpp|sh|html|css|csv|pdf)\b/g,
  ],
  ['id', /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9_-]{4,}\b/g], // letters and digits
  ['number', /\b\d[\d,]{2,}(?:\.\d+)?\b|\b\d+\.\d+\b/g], // three digits and more, decimals
  ['name', /"([^"\n]{3,60})"|'([^'\n]{3,60})'|`([^`\n]{3,60})`/g], // quoted
];

/** What a text must hold for each pattern to match in it: a pattern is not run on one without. */
const NEEDS: Readonly<Record<IdentifierShape, RegExp>> = {
  URL: /http/,
  path: /\//,
  file: /\./,
  id: /\d/,
  number: /\d/,
  name: /["'`]/,
};

/** Words too common to be worth flagging when quoted. */
export const COMMON =
  /^(?:true|false|null|none|user|assistant|system|tool|function|content|role|type|text|name|arguments|id)$/i;

/** What the patterns find in a text with their shapes (the first that found each), pieces included. */
export function patternMatches(text: string): Map<string, IdentifierShape> {
  const found = new Map<string, IdentifierShape>();
  for (const [shape, re] of PATTERNS) {
    if (!NEEDS[shape].test(text)) continue;
    for (const m of text.matchAll(re)) {
      const value = (m[1] ?? m[2] ?? m[3] ?? m[0]).trim();
      if (value.length >= 3 && !COMMON.test(value) && !found.has(value)) found.set(value, shape);
    }
  }
  return found;
}

/** The identifiers in a text with their shapes (the first pattern that found each), each once. */
export function identifierShapes(text: string): Map<string, IdentifierShape> {
  const found = patternMatches(text);
  // Pieces of a longer identifier (a URL's path, a path's tail) are that identifier. No identifier
  // holds a line break: one found anywhere in the others joined by line breaks but at its own
  // place is in another one.
  const all = [...found.keys()];
  const joined = all.join('\n');
  let at = 0;
  for (const id of all) {
    if (joined.indexOf(id) !== at || joined.indexOf(id, at + 1) !== -1) found.delete(id);
    at += id.length + 1;
  }
  return found;
}

/** The identifiers in a text, each once, in order of first appearance. */
export function extractIdentifiers(text: string): string[] {
  return [...identifierShapes(text).keys()];
}

/** `reservation_id`, `filePath` → "reservation id", "file path". */
export function argumentName(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The name of the argument whose value is exactly `identifier`, searched through nested values. */
export function argumentKeyOf(
  value: JsonValue,
  identifier: string,
  key?: string,
): string | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = argumentKeyOf(v, identifier, key);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = argumentKeyOf(v, identifier, k);
      if (found) return found;
    }
    return undefined;
  }
  return key !== undefined && String(value).trim() === identifier ? key : undefined;
}

/** The values in a JSON value (never its keys: an argument's name is not something the model recalls). */
function valuesOf(value: JsonValue): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.flatMap(valuesOf);
  if (typeof value === 'object') return Object.values(value).flatMap(valuesOf);
  return [String(value)];
}

/** What the model writes at a call: its text and its tool calls' argument values. */
export function outputText(step: ActionStep): string {
  return [assistantText(step), ...step.toolCalls.flatMap((c) => valuesOf(c.arguments))].join('\n');
}

/** Everything the model reads in a context: message contents and tool-call arguments. */
export function visibleText(steps: readonly Step[]): string {
  return toMessages(steps, 'openai')
    .map((m) =>
      [
        m.content ?? '',
        ...(m.tool_calls ?? []).map((c) => `${c.function.name} ${c.function.arguments}`),
      ].join('\n'),
    )
    .join('\n');
}

/** What the model reads of one step, cached per step object (strategies keep whole steps by reference). */
const stepTexts = new WeakMap<Step, string>();
export function textOf(step: Step): string {
  let text = stepTexts.get(step);
  if (text === undefined) {
    text = visibleText([step]);
    stepTexts.set(step, text);
  }
  return text;
}

export interface LostIdentifier {
  readonly identifier: string;
  /**
   * What it is: the argument name the call passed it as ("reservation id", "file path"), else its
   * shape (URL, path, file, id, number, name).
   */
  readonly kind: string;
  /** The original step where it first appeared (whose content the strategy removed or cut). */
  readonly lostAtStepId: string;
  /** The call that used it without having it in context. */
  readonly usedAtStepId: string;
}

/**
 * For each call (an action at index k), the identifiers in its output that appeared in an earlier
 * step but are missing from `contextAt(k)` (the strategy's view of the steps before k). One entry per
 * identifier: its first loss.
 */
export function lostIdentifiers(
  steps: readonly Step[],
  contextAt: (k: number) => readonly Step[],
  callIndices: readonly number[],
): LostIdentifier[] {
  const texts = steps.map(textOf);
  const seen = new Set<string>();
  const out: LostIdentifier[] = [];
  for (const k of callIndices) {
    const step = steps[k];
    if (step?.kind !== 'action') continue;
    const shapes = identifierShapes(outputText(step));
    const earlier = [...shapes.keys()]
      .filter((id) => !seen.has(id))
      .map((id) => ({ id, at: texts.findIndex((t, i) => i < k && t.includes(id)) }))
      .filter((x) => x.at >= 0);
    if (earlier.length === 0) continue;
    const context = contextAt(k).map(textOf);
    for (const { id, at } of earlier) {
      if (context.some((t) => t.includes(id))) continue;
      seen.add(id);
      const key = step.toolCalls
        .map((c) => argumentKeyOf(c.arguments, id))
        .find((x) => x !== undefined);
      out.push({
        identifier: id,
        kind: key ? argumentName(key) : (shapes.get(id) ?? 'id'),
        lostAtStepId: steps[at]?.id ?? '',
        usedAtStepId: step.id,
      });
    }
  }
  return out;
}
