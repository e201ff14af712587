/** Small pieces every importer needs: building numbered steps with their source, times, arguments. */
import type {
  ActionStep,
  JsonValue,
  Step,
  StepDraft,
  StepSource,
  ToolCall,
  Usage,
} from '../model/types';
import { USAGE_FIELDS } from '../model/usage';
import { isJsonValue, str } from './guards';
import { MAX_DEPTH, scanValue } from './json-depth';
import { hasUnsafeInteger } from './json-digits';
import { mayStartJson } from './json-text';
import { recordLine, type FolderValue } from './read';
import type { ImportWarning } from './types';

export { isRecord, str } from './guards';

/** RFC 6901 escaping of one path segment. */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Collects a history's steps in order, numbering them and recording where each came from. */
export class StepList {
  readonly steps: Step[] = [];
  readonly warnings: ImportWarning[] = [];
  /** Which step holds each tool call, by call id, for linking results. */
  private readonly callOwner = new Map<string, number>();

  constructor(private readonly source: { format: string; file: string }) {}

  /** `records` (a JSONL file's list) gives the record's line. */
  add(
    draft: StepDraft,
    pointer: string,
    at?: { records: readonly unknown[]; index: number },
  ): Step {
    const line = at ? recordLine(at.records, at.index) : undefined;
    const source: StepSource = { ...this.source, pointer, ...(line === undefined ? {} : { line }) };
    const step: Step = {
      ...draft,
      id: `s${this.steps.length}`,
      stepNumber: this.steps.length,
      source,
    };
    if (step.kind === 'action')
      for (const c of step.toolCalls) this.callOwner.set(c.id, this.steps.length);
    this.steps.push(step);
    return step;
  }

  /** Adds an action step from what a file recorded of a model reply (see `actionDraft`). */
  addAction(
    fields: ActionFields,
    pointer: string,
    at?: { records: readonly unknown[]; index: number },
  ): Step {
    return this.add(actionDraft(fields), pointer, at);
  }

  warn(message: string, pointer?: string): void {
    this.warnings.push(pointer === undefined ? { message } : { message, pointer });
  }

  /** Links a tool result to its call; false when no earlier step made that call. */
  linkResult(id: string, result: string, isError = false): boolean {
    const i = this.callOwner.get(id);
    if (i === undefined) return false;
    const s = this.steps[i];
    if (s?.kind !== 'action') return false;
    // Two calls with one id: the first still waiting gets the result; never both.
    const waiting = s.toolCalls.findIndex((c) => c.id === id && c.result === undefined);
    const target = waiting >= 0 ? waiting : s.toolCalls.findLastIndex((c) => c.id === id);
    const toolCalls = s.toolCalls.map((c, k) =>
      k === target
        ? {
            ...c,
            result: c.result === undefined ? result : `${c.result}\n${result}`,
            ...(isError ? { isError: true } : {}),
          }
        : c,
    );
    this.steps[i] = { ...s, toolCalls };
    return true;
  }

  /** Links a result to the first call still waiting in the latest action with calls (ids that do not match). */
  linkWaiting(result: string): boolean {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const s = this.steps[i];
      if (s?.kind !== 'action' || s.toolCalls.length === 0) continue;
      const waiting = s.toolCalls.find((c) => c.result === undefined);
      if (!waiting) return false;
      this.steps[i] = {
        ...s,
        toolCalls: s.toolCalls.map((c) => (c === waiting ? { ...c, result } : c)),
      };
      return true;
    }
    return false;
  }

  /** Replaces the last step (merging a continuation into it). */
  updateLast(update: (s: Step) => Step): void {
    this.update(this.steps.length - 1, update);
  }

  /** Replaces step `i` (a continuation of a response that other lines interrupted, say). */
  update(i: number, update: (s: Step) => Step): void {
    const step = this.steps[i];
    if (!step) return;
    const next = update(step);
    this.steps[i] = next;
    if (next.kind === 'action') for (const c of next.toolCalls) this.callOwner.set(c.id, i);
  }

  /** Seed 000: the last action without tool calls is the final answer (`is_final=True`). */
  markFinal(): Step[] {
    for (let i = this.steps.length - 1; i >= 0; i--) {
      const s = this.steps[i];
      if (s === undefined || s.kind === 'final-answer') break;
      if (s.kind === 'action') {
        if (s.toolCalls.length === 0 && !s.error && s.observation === undefined)
          this.steps[i] = { ...s, isFinal: true };
        break;
      }
    }
    return this.steps;
  }
}

/** What a file records of a model reply, as an action step takes it (every field may be missing). */
export interface ActionFields {
  readonly toolCalls?: readonly ToolCall[];
  readonly modelOutput?: string | undefined;
  readonly thought?: string | undefined;
  readonly observation?: string | undefined;
  readonly error?: string | undefined;
  readonly isFinal?: boolean;
  readonly usage?: Usage | undefined;
  readonly model?: string | undefined;
  readonly timestamp?: number | undefined;
  readonly durationMs?: number | undefined;
  readonly planStepId?: string | undefined;
  /**
   * The file records the reply's text even when it is empty (a reply of tool calls only, its
   * reasoning apart): an empty `modelOutput` is then kept, so dialects do not send the thought as
   * the reply's text in its place (`assistantText`).
   */
  readonly keepEmptyOutput?: boolean;
}

/**
 * An action step's draft with only the fields the file holds: an empty text (model output, thought,
 * error, model name) is no text, as most importers read it (`keepEmptyOutput` says otherwise for the
 * reply's text); an observation is kept even when empty (a tool that printed nothing still
 * answered). No calls and not final unless the file says so.
 */
export function actionDraft(f: ActionFields): Omit<ActionStep, 'id' | 'stepNumber'> {
  return {
    kind: 'action',
    toolCalls: f.toolCalls ?? [],
    isFinal: f.isFinal ?? false,
    ...(f.modelOutput || (f.keepEmptyOutput && f.modelOutput !== undefined)
      ? { modelOutput: f.modelOutput }
      : {}),
    ...(f.thought ? { thought: f.thought } : {}),
    ...(f.observation !== undefined ? { observation: f.observation } : {}),
    ...(f.error ? { error: f.error } : {}),
    ...(f.usage ? { usage: f.usage } : {}),
    ...(f.model ? { model: f.model } : {}),
    ...(f.timestamp !== undefined ? { timestamp: f.timestamp } : {}),
    ...(f.durationMs !== undefined ? { durationMs: f.durationMs } : {}),
    ...(f.planStepId !== undefined ? { planStepId: f.planStepId } : {}),
  };
}

/**
 * Tool arguments as JSON when a string holds JSON, else the string itself. Arguments that parsing
 * would alter (an integer past 2^53 rounds) or that nest too deep stay the file's text, exactly.
 */
export function parseArguments(raw: unknown): JsonValue {
  if (typeof raw !== 'string') return keptArguments(raw);
  // Text that cannot start JSON is kept without the SyntaxError JSON.parse would make of it.
  if (!mayStartJson(raw)) return raw;
  let value: JsonValue;
  try {
    // What JSON.parse makes is JSON to the leaves (no reviver): not walked again to be sure.
    value = JSON.parse(raw);
  } catch {
    return raw;
  }
  // Too deep, or an integer a JS number rounded: kept as the text it was. A text shorter than the
  // 2 × (MAX_DEPTH + 1) brackets a value too deep needs is not too deep, and without a run of 16
  // digits (hasUnsafeInteger's text check) none rounded: most arguments are not walked at all
  // (10,607 calls in the 52 MB history, issue 26).
  if (raw.length <= 2 * MAX_DEPTH)
    return hasUnsafeInteger(raw) && scanValue(value).big ? raw : value;
  const scan = scanValue(value);
  return scan.deep || (scan.big && hasUnsafeInteger(raw)) ? raw : value;
}

/** A value from a file as JSON: what `JSON.parse` made is, anything else (none is) reads as text. */
export function jsonOrText(value: unknown): JsonValue {
  return isJsonValue(value) ? value : str(value);
}

/** Tool arguments as a file keeps them (a string stays the text), none (null) as `{}`. */
export function keptArguments(value: unknown): JsonValue {
  return value === undefined || value === null ? {} : jsonOrText(value);
}

/** ISO 8601 to unix seconds; a time without a zone (OpenHands) is read as UTC. */
export function isoToUnix(value: unknown): number | undefined {
  if (typeof value === 'number') return value > 1e12 ? value / 1000 : value;
  if (typeof value !== 'string' || value === '') return undefined;
  const zoned = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/**
 * An integer as the file wrote it. The reader keeps an integer past 2^53 a number when its digits are
 * the number's own shortest form (1784995766557571000 is read as the double 1784995766557570944): its
 * written digits are that form, so they are recovered exactly.
 */
export function writtenInteger(value: number): bigint {
  return Number.isInteger(value) && Math.abs(value) < 1e21
    ? BigInt(String(value))
    : BigInt(Math.round(value));
}

/** Nanoseconds since the epoch (a string or an integer past 2^53) to unix seconds, without precision loss in the seconds. */
export function nanosToUnix(value: unknown): number | undefined {
  const exact =
    typeof value === 'number' && Number.isInteger(value) && value >= 0
      ? String(writtenInteger(value))
      : value;
  if (typeof exact === 'number') return exact / 1e9;
  if (typeof exact !== 'string' || !/^\d+$/.test(exact)) return isoToUnix(exact);
  const n = BigInt(exact);
  return Number(n / 1_000_000_000n) + Number(n % 1_000_000_000n) / 1e9;
}

/** What a person reads for an inline image: its type and size, never its bytes. */
export function imagePlaceholder(
  mediaType: string | undefined,
  base64Length: number | undefined,
): string {
  const bytes = base64Length === undefined ? undefined : Math.floor((base64Length * 3) / 4);
  const size =
    bytes === undefined
      ? ''
      : `, ${bytes >= 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${bytes} bytes`}`;
  return `[image: ${mediaType ?? 'unknown type'}${size}]`;
}

export function tool(id: string, name: string, args: unknown): ToolCall {
  return { id, name, arguments: parseArguments(args) };
}

/** A number field that may be missing, null or a numeric string. */
export function num(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

type UsageField = (typeof USAGE_FIELDS)[number];

/** The Usage field a key names (the numeric ones), else undefined. */
export function usageField(key: string): UsageField | undefined {
  return USAGE_FIELDS.find((f) => f === key);
}

/**
 * A Usage with the fields that are present. Numbers are kept as the file wrote them, even negative or
 * infinite ones: the import's sanitize pass warns about those and drops them.
 */
export function usage(fields: { [K in keyof Usage]?: unknown }): Usage | undefined {
  const out: { -readonly [K in UsageField]?: number } = {};
  let present = false;
  for (const [k, v] of Object.entries(fields)) {
    const field = usageField(k);
    const n = typeof v === 'number' && !Number.isNaN(v) ? v : num(v);
    if (field === undefined || n === undefined) continue;
    out[field] = n;
    present = true;
  }
  return present ? out : undefined;
}

/** The files of a folder whose path matches, in numeric-aware path order. */
export function folderFiles(folder: FolderValue, pattern: RegExp): [string, unknown][] {
  return Object.entries(folder.files)
    .filter(([path]) => pattern.test(path))
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
}

/** The pointer of a folder file's record: `/files/<path>/...`. */
export function folderPointer(path: string, ...rest: (string | number)[]): string {
  return ['', 'files', path, ...rest].map((p, i) => (i === 0 ? '' : pointerSegment(p))).join('/');
}

/** The only element of a collection (the one model a run used), or undefined for none or several. */
export function sole<T>(items: Iterable<T>): T | undefined {
  let only: T | undefined;
  let seen = 0;
  for (const item of items) {
    if (++seen > 1) return undefined;
    only = item;
  }
  return only;
}
