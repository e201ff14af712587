/**
 * The page's copy of a large run: the history worker owns the loaded file, and a run whose texts add
 * up to more than `PREVIEW_ABOVE` characters reaches the page with every text longer than
 * `PREVIEW_CHARS` cut (the step marked `preview`). What the page draws from a step (a line of the
 * timeline, a row of the table, the chart, the totals) is the same on the preview; what needs whole
 * texts (the inspector, text search, the plan view, custom strategies) asks the worker for them.
 * Structured clone of a 52 MB run cost the page 200 ms of one task and ~60 MB of its heap.
 */
import { textCommandOf } from './text-commands';
import type { History, JsonValue, Step, StepKind, StepOfKind, ToolCall } from './types';

/**
 * A preview keeps this many characters of a text that are not white space (a line of the timeline
 * shows 120 characters and a step's headline 200, each with white space collapsed: headline.ts).
 * 2,000 until issue 26's seventh round, 500 until its eighteenth: the 53 MB run's preview was 19
 * million characters on the page at 2,000, 8.7 million at 500; cut at 200 raw characters, 3% of
 * the real fixtures' headlines came out shorter, so the cut counts characters that show.
 */
export const PREVIEW_CHARS = 200;
/** A text of mostly white space is cut this many times `PREVIEW_CHARS` in at the latest. */
const MOST_PER_SHOWN = 10;
/** Runs (sub-agents included) whose texts add up to more characters than this reach the page as previews. */
export const PREVIEW_ABOVE = 4_000_000;

const COUNT = new Intl.NumberFormat('en-US');

/** White space as a line collapses it (`\s`, the ASCII part: the rest is rare enough to count). */
const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d);

/**
 * Where a preview cuts `text`: past its first `limit` characters that are not white space, at
 * most `MOST_PER_SHOWN × limit` characters in, never inside a surrogate pair; its length when
 * that is all of it.
 */
function cutIndex(text: string, limit: number): number {
  const most = Math.min(text.length, limit * MOST_PER_SHOWN);
  let end = most;
  for (let i = 0, shown = 0; i < most; i++) {
    if (isSpace(text.charCodeAt(i))) continue;
    if (++shown > limit) {
      end = i;
      break;
    }
  }
  if (end >= text.length) return text.length;
  const high = text.charCodeAt(end - 1);
  return high >= 0xd800 && high <= 0xdbff ? end - 1 : end;
}

/**
 * Whether `text` has a line that is not blank after the line its first character that shows is
 * on, the cut (at `end`) falling inside that line: a line drawn from its first line ends in " …"
 * then (headline.ts `firstLine`), so the preview keeps that line break before saying what it cut.
 */
function cutInFirstLine(text: string, end: number): boolean {
  let at = 0;
  while (at < end && isSpace(text.charCodeAt(at))) at++;
  const br = text.indexOf('\n', at);
  if (br === -1 || br < end) return false;
  for (let i = br + 1; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return true;
  return false;
}

/**
 * `text` cut past its first `limit` characters that are not white space (`cutIndex`), with what
 * was cut said (on a line of its own when the cut falls inside a first line that others follow);
 * itself when nothing would be.
 */
export function clipText(text: string, limit = PREVIEW_CHARS): string {
  if (text.length <= limit) return text;
  const end = cutIndex(text, limit);
  if (end >= text.length) return text;
  const brk = cutInFirstLine(text, end) ? '\n' : '';
  return `${text.slice(0, end)}${brk}… [${COUNT.format(text.length - end)} more characters]`;
}

function clipJson(value: JsonValue, limit: number): JsonValue {
  if (typeof value === 'string') return clipText(value, limit);
  if (Array.isArray(value)) return value.map((v) => clipJson(v, limit));
  if (value !== null && typeof value === 'object') {
    // Null-prototype copy: keys come from files ("__proto__" is a key too).
    const out = Object.create(null) as Record<string, JsonValue>;
    for (const [k, v] of Object.entries(value)) out[k] = clipJson(v, limit);
    return out;
  }
  return value;
}

function jsonChars(value: JsonValue): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + jsonChars(v), 0);
  if (value !== null && typeof value === 'object')
    return Object.values(value).reduce<number>((n, v) => n + jsonChars(v), 0);
  return 0;
}

/** The text fields of each kind of step (tool calls' results and arguments aside). */
const TEXT_FIELDS: { readonly [K in StepKind]: readonly (keyof StepOfKind<K> & string)[] } = {
  'system-prompt': ['content'],
  summary: ['content'],
  scratchpad: ['content', 'modelOutput'],
  task: ['task'],
  planning: ['plan'],
  'final-answer': ['answer'],
  action: ['thought', 'modelOutput', 'observation', 'error'],
};

/** A step's texts (undefined where an optional field is absent), field by field. */
function textFields(step: Step): [field: string, text: string | undefined][] {
  const fields = TEXT_FIELDS[step.kind] as readonly string[];
  return fields.map((f) => [f, (step as unknown as Record<string, string | undefined>)[f]]);
}

/**
 * The texts a preview cuts: all but the reply of an action whose command is in its text
 * (text-commands.ts), which the row reads the command from (a reply is short beside the outputs).
 */
function cutFields(step: Step): [field: string, text: string | undefined][] {
  const fields = textFields(step);
  return textCommandOf(step) ? fields.filter(([f]) => f !== 'modelOutput') : fields;
}

function callIsLong(call: ToolCall, limit: number): boolean {
  return (call.result?.length ?? 0) > limit || jsonChars(call.arguments) > limit;
}

/** Whether a step has a text longer than `limit` (its preview would differ from it). */
function isLong(step: Step, limit: number): boolean {
  return (
    cutFields(step).some(([, t]) => t !== undefined && t.length > limit) ||
    (step.kind === 'action' && step.toolCalls.some((c) => callIsLong(c, limit)))
  );
}

/** A step with every text over `limit` cut; the step itself when none is. */
export function previewStep(step: Step, limit = PREVIEW_CHARS): Step {
  if (!isLong(step, limit)) return step;
  const cut = Object.fromEntries(
    cutFields(step).flatMap(([f, t]) => (t === undefined ? [] : [[f, clipText(t, limit)]])),
  );
  const calls =
    step.kind === 'action'
      ? {
          toolCalls: step.toolCalls.map((c) =>
            callIsLong(c, limit)
              ? {
                  ...c,
                  arguments: clipJson(c.arguments, limit),
                  ...(c.result !== undefined ? { result: clipText(c.result, limit) } : {}),
                }
              : c,
          ),
        }
      : {};
  return { ...step, ...cut, ...calls, preview: true } as Step;
}

/** Characters of a history's texts, its sub-agents' included (what a preview would cut from). */
export function historyChars(history: History): number {
  let n = 0;
  for (const s of history.steps) {
    for (const [, t] of textFields(s)) n += t?.length ?? 0;
    if (s.kind === 'action')
      for (const c of s.toolCalls) n += (c.result?.length ?? 0) + jsonChars(c.arguments);
  }
  for (const c of history.children ?? []) n += historyChars(c.history);
  return n;
}

/** A history with every step previewed, its sub-agents' too. */
export function previewHistory(history: History, limit = PREVIEW_CHARS): History {
  return {
    ...history,
    steps: history.steps.map((s) => previewStep(s, limit)),
    ...(history.children
      ? {
          children: history.children.map((c) => ({
            ...c,
            history: previewHistory(c.history, limit),
          })),
        }
      : {}),
  };
}

/** What the page gets of a run: the run itself, or its preview when its texts pass `above` characters. */
export function runForPage(history: History, above = PREVIEW_ABOVE): History {
  return historyChars(history) > above ? previewHistory(history) : history;
}

/**
 * `runForPage` a part at a time: `run` is the run as the page gets it with no steps (its
 * sub-agents previewed or not as the run is), `step` what the page gets of each of its steps. So
 * the worker cuts each part of a large run's steps just before it posts it, and the page takes in
 * one part while the next is cut.
 */
export function runForPageInParts(
  history: History,
  above = PREVIEW_ABOVE,
): { run: History; step: (step: Step) => Step } {
  if (historyChars(history) <= above) return { run: { ...history, steps: [] }, step: (s) => s };
  return {
    run: previewHistory({ ...history, steps: [] }),
    step: (s) => previewStep(s),
  };
}

/** Whether any step of a history (not its sub-agents) is a preview. */
export function hasPreviews(history: History): boolean {
  return history.steps.some((s) => s.preview === true);
}
