/**
 * What a step did, in one line: the line every list of steps shows (the timeline, the step table,
 * the command palette, the compare view's step column), so they all say the same, and what the
 * totals count (lib/charts/prepare.ts): a call is one the row names, an error a row marked red.
 *
 * An action names each call with its main argument ("Bash: npm test", "Read: src/app.ts",
 * `get_user_details(user_id: "sofia_kim_7287")`), a parallel call as several, a sub-agent's
 * `Task`/`Agent` call with its description, and a command the agent wrote in its text
 * (text-commands.ts) as the command. Other steps say their text. Escape sequences are removed.
 */
import { stripAnsi } from './ansi';
import { assistantText, primaryText } from './steps';
import { textCommandOf } from './text-commands';
import type { JsonValue, Step, ToolCall } from './types';

export interface HeadlineCall {
  /** The tool's name as the file records it; for a command read from the text, its program. */
  readonly name: string;
  /** The main argument on one line ('' when the call has none to show). */
  readonly detail: string;
  /**
   * How it reads: `labelled` "Bash: npm test" (the argument says what it is: a command, a path,
   * a query, a URL), `call` `get_user_details(user_id: "…")` (the names say what the values are),
   * `command` the command line itself ("open src/fields.py 1474", its first word the name).
   */
  readonly form: 'labelled' | 'call' | 'command';
  /** The call's result is an error (or its command's exit status says it failed). */
  readonly failed: boolean;
}

export interface Headline {
  /** The calls the step made, in order. */
  readonly calls: readonly HeadlineCall[];
  /** The step's text on one line (what the row says when it names no call). */
  readonly text: string;
  /** The first line of the step's error; set exactly when the row is marked as an error. */
  readonly error?: string;
}

/** Keys that hold a path: a long one is shown by its last segments. */
const PATH_KEY_LIST = [
  'file_path',
  'path',
  'absolute_path',
  'notebook_path',
  'file_name',
  'filename',
] as const;
const PATH_KEYS = new Set<string>(PATH_KEY_LIST);
/** Keys whose value says what it is, so the row shows the value alone, in this order. */
const LABELLED_KEYS = [
  'command',
  'cmd',
  'code',
  'query',
  'pattern',
  'regex',
  'url',
  'uri',
  ...PATH_KEY_LIST,
] as const;
/** Tools that start a sub-agent: their description names the sub-agent's job. */
const SUB_AGENT_TOOL = /^(task|agent)$/i;

const DETAIL_CHARS = 120;
const TEXT_CHARS = 200;
const VALUE_CHARS = 40;

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** The first non-blank line, with "…" when more follows. */
function firstLine(text: string, limit: number): string {
  const lines = stripAnsi(text)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const first = lines[0] ?? '';
  return lines.length > 1 ? `${clip(first, limit - 2)} …` : clip(first, limit);
}

/** Text on one line: whitespace collapsed. */
export function oneLine(text: string, limit = TEXT_CHARS): string {
  return clip(stripAnsi(text).replace(/\s+/g, ' ').trim(), limit);
}

/** A long path as its last three segments: the file's name is what a row needs to show. */
function shortPath(path: string): string {
  const parts = path.split('/');
  return path.length > 48 && parts.length > 4 ? `…/${parts.slice(-3).join('/')}` : path;
}

/** A command as a string: Codex and others record argv (`["bash", "-lc", "npm test"]`). */
function commandText(value: JsonValue): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return undefined;
  const argv = value.filter((v): v is string => typeof v === 'string');
  if (argv.length !== value.length) return undefined;
  const shell = argv.length === 3 && /^-l?c$/.test(argv[1] ?? '');
  return shell ? argv[2] : argv.join(' ');
}

function labelledDetail(name: string, args: { [key: string]: JsonValue }): string | undefined {
  const description = args.description;
  if (SUB_AGENT_TOOL.test(name) && typeof description === 'string')
    return firstLine(description, DETAIL_CHARS);
  for (const key of LABELLED_KEYS) {
    const value = args[key];
    if (value === undefined) continue;
    const text = key === 'command' || key === 'cmd' ? commandText(value) : value;
    if (typeof text !== 'string' || text.trim() === '') continue;
    // An editor's sub-command (OpenHands' str_replace_editor `view`) reads with its path.
    const path = PATH_KEY_LIST.map((k) => args[k]).find((v) => typeof v === 'string');
    if (key === 'command' && /^\w+$/.test(text) && typeof path === 'string')
      return `${text} ${shortPath(path)}`;
    return PATH_KEYS.has(key) ? shortPath(text) : firstLine(text, DETAIL_CHARS);
  }
  return undefined;
}

function valueText(value: JsonValue): string {
  if (typeof value === 'string') return JSON.stringify(firstLine(value, VALUE_CHARS));
  if (Array.isArray(value)) return value.length === 0 ? '[]' : '[…]';
  if (isObject(value)) return Object.keys(value).length === 0 ? '{}' : '{…}';
  return String(value);
}

/** `key: value` pairs; OpenHands V1's action discriminator (`kind: "ExecuteBashAction"`) left out. */
function callDetail(args: { [key: string]: JsonValue }): string {
  const pairs = Object.entries(args)
    .filter(([k, v]) => !(k === 'kind' && typeof v === 'string' && /Action$/.test(v)))
    .map(([k, v]) => `${k}: ${valueText(v)}`);
  return clip(pairs.join(', '), DETAIL_CHARS);
}

function headlineCall(call: ToolCall): HeadlineCall {
  const failed = call.isError === true;
  const args = call.arguments;
  if (typeof args === 'string' && args.trim() !== '')
    return { name: call.name, detail: firstLine(args, DETAIL_CHARS), form: 'labelled', failed };
  if (!isObject(args)) return { name: call.name, detail: '', form: 'call', failed };
  const labelled = labelledDetail(call.name, args);
  return labelled === undefined
    ? { name: call.name, detail: callDetail(args), form: 'call', failed }
    : { name: call.name, detail: labelled, form: 'labelled', failed };
}

function callsOf(step: Step): HeadlineCall[] {
  if (step.kind !== 'action') return [];
  const command = textCommandOf(step);
  if (command) {
    const detail = firstLine(command.command, DETAIL_CHARS);
    return command.tool === detail.split(' ')[0]
      ? [{ name: command.tool, detail, form: 'command', failed: command.failed }]
      : [{ name: command.tool, detail, form: 'labelled', failed: command.failed }];
  }
  return step.toolCalls.map(headlineCall);
}

function textOf(step: Step): string {
  if (step.kind === 'summary' && step.content.trim() === '' && step.compaction)
    return `${step.compaction.recordedAs}: ${step.replaces.length} earlier steps dropped`;
  if (step.kind !== 'action') return oneLine(primaryText(step)) || '(empty)';
  const text = oneLine(assistantText(step));
  if (text !== '') return text;
  // Output no call in the file answers (Inspect logs whose calls were trimmed): say what it is.
  if (step.observation) return `Tool output: ${oneLine(step.observation)}`;
  // A turn that only failed (pi's "Request was aborted."): its error says it all.
  return step.error ? '' : '(no text)';
}

/**
 * An error's first line; a heading that ends in a colon ("Error in code parsing:") reads with the
 * line it heads, which says what went wrong.
 */
function errorLine(text: string): string {
  const [head = '', next] = stripAnsi(text)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return firstLine(head.endsWith(':') && next ? `${head} ${next}` : text, DETAIL_CHARS);
}

function errorOf(step: Step, calls: readonly HeadlineCall[]): string | undefined {
  if (step.kind !== 'action') return undefined;
  if (step.error) return errorLine(step.error) || 'error';
  const failed = step.toolCalls.find((c) => c.isError === true);
  if (failed) return errorLine(failed.result ?? '') || `${failed.name} failed`;
  if (calls.some((c) => c.failed)) {
    const status = /<returncode>(-?\d+)<\/returncode>/.exec(step.observation ?? '');
    return status ? `exit status ${status[1]}` : 'failed';
  }
  return undefined;
}

const headlines = new WeakMap<Step, Headline>();

/** The step's headline, built once per step object (steps are immutable). */
export function headlineOf(step: Step): Headline {
  let headline = headlines.get(step);
  if (headline === undefined) {
    const calls = callsOf(step);
    const error = errorOf(step, calls);
    headline = { calls, text: textOf(step), ...(error !== undefined ? { error } : {}) };
    headlines.set(step, headline);
  }
  return headline;
}

/** One call as the row writes it. */
export function formatCall(call: HeadlineCall): string {
  if (call.form === 'command') return call.detail;
  if (call.form === 'call') return `${call.name}(${call.detail})`;
  return call.detail === '' ? call.name : `${call.name}: ${call.detail}`;
}

/** The headline as plain text (an accessible name, a palette entry, a tooltip). */
export function headlineText(headline: Headline): string {
  const main =
    headline.calls.length > 0 ? headline.calls.map(formatCall).join(' · ') : headline.text;
  if (headline.error === undefined) return main;
  return main === '' ? `error: ${headline.error}` : `${main} · error: ${headline.error}`;
}

/** The names of the calls the row names (what the tool filter lists and matches). */
export function callNamesOf(step: Step): string[] {
  return headlineOf(step).calls.map((c) => c.name);
}

/** Whether the row is marked as an error: a recorded error, a failed call or a failed command. */
export function isErrorRow(step: Step): boolean {
  return headlineOf(step).error !== undefined;
}
