/**
 * What a strategy loses, not only what it saves: identifiers (file paths, URLs, ids, numbers, quoted
 * names) that the model uses at a call, that appeared earlier in the run, but that the strategy's
 * context for that call no longer contains. Each is flagged at the step where it first appeared.
 */
import { toMessages } from '../messages';
import { assistantText } from '../model/steps';
import type { ActionStep, JsonValue, Step } from '../model/types';

const PATTERNS: readonly RegExp[] = [
  /https?:\/\/[^\s"'<>)\]}]+/g, // URLs
  /(?:~|\.{1,2})?\/[\w.@-]+(?:\/[\w.@-]+)+/g, // absolute or relative paths with a slash
  /\b[\w-]+(?:\/[\w.-]+)*\.(?:py|ts|tsx|js|jsx|json|md|txt|yaml|yml|toml|rs|go|java|c|h|cpp|sh|html|css|csv|pdf)\b/g, // file names
  /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9_-]{4,}\b/g, // ids mixing letters and digits
  /\b\d[\d,]{2,}(?:\.\d+)?\b|\b\d+\.\d+\b/g, // numbers of three digits and more, decimals
  /"([^"\n]{3,60})"|'([^'\n]{3,60})'|`([^`\n]{3,60})`/g, // quoted names
];

/** Words too common to be worth flagging when quoted. */
const COMMON =
  /^(?:true|false|null|none|user|assistant|system|tool|function|content|role|type|text|name|arguments|id)$/i;

/** The identifiers in a text, each once, in order of first appearance. */
export function extractIdentifiers(text: string): string[] {
  const found = new Set<string>();
  for (const re of PATTERNS) {
    for (const m of text.matchAll(re)) {
      const value = (m[1] ?? m[2] ?? m[3] ?? m[0]).trim();
      if (value.length >= 3 && !COMMON.test(value)) found.add(value);
    }
  }
  // Pieces of a longer identifier (a URL's path, a path's tail) are that identifier.
  const all = [...found];
  return all.filter((id) => !all.some((other) => other !== id && other.includes(id)));
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
function textOf(step: Step): string {
  let text = stepTexts.get(step);
  if (text === undefined) {
    text = visibleText([step]);
    stepTexts.set(step, text);
  }
  return text;
}

export interface LostIdentifier {
  readonly identifier: string;
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
    const earlier = extractIdentifiers(outputText(step))
      .filter((id) => !seen.has(id))
      .map((id) => ({ id, at: texts.findIndex((t, i) => i < k && t.includes(id)) }))
      .filter((x) => x.at >= 0);
    if (earlier.length === 0) continue;
    const context = contextAt(k).map(textOf);
    for (const { id, at } of earlier) {
      if (context.some((t) => t.includes(id))) continue;
      seen.add(id);
      out.push({ identifier: id, lostAtStepId: steps[at]?.id ?? '', usedAtStepId: step.id });
    }
  }
  return out;
}
