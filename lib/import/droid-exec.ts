/**
 * `droid exec --output-format stream-json` output (Factory's headless mode, docs.factory.ai "Droid
 * Exec"), as jazzyalex/agent-sessions reads it (`DroidSessionParser.swift`): one event a line,
 * `{type: system}` (init: model, cwd, tools), `{type: message, role, text}`, `{type: tool_call,
 * toolCallId | id, toolName, parameters}`, `{type: tool_result, toolCallId | id, value, isError}`,
 * `{type: completion, finalText, usage?}` and `{type: error, message}`, each with `session_id` or
 * `sessionId`. The completion's `usage` is Anthropic's (`input_tokens` apart from the cache reads and
 * writes: `uncached`) for the whole run. Part of the Droid importer (droid.ts).
 */
import { z } from 'zod';
import type { Usage } from '../model/types';
import { where } from './claude-code-entries';
import { parsedBy } from './types';
import { anthropicUsage } from './usage-conventions';
import { mayHaveKeys } from './guards';
import { isoToUnix, isRecord, str, tool, type StepList } from './util';

const EVENT_TYPES = [
  'system',
  'message',
  'tool_call',
  'tool_result',
  'completion',
  'error',
] as const;
const EVENTS = new Set<string>(EVENT_TYPES);
const isEvent = (r: Record<string, unknown>) =>
  EVENTS.has(str(r.type)) && (typeof r.session_id === 'string' || typeof r.sessionId === 'string');
/** A stream: every line an exec event, and something the model read or wrote among them. */
export const execLines = z
  .array(z.record(z.string(), z.unknown()))
  .min(1)
  .refine((rs) => rs.every(isEvent), 'droid exec events {type, session_id}')
  .refine(
    (rs) =>
      rs.some((r) => r.type === 'message' || r.type === 'tool_call' || r.type === 'completion'),
    'a message, tool_call or completion',
  );

export const parseExec = (value: unknown) => parsedBy(execLines, value);

/** A `droid exec` stream, loosely: some line an exec event with its session id. */
export const looksExec = (v: unknown) =>
  Array.isArray(v) &&
  mayHaveKeys(v, 'type') &&
  v.some((r) => isRecord(r) && EVENTS.has(str(r.type)) && ('session_id' in r || 'sessionId' in r));

/** For refusals (`near`): each exec event as agent-sessions reads it, by its type. */
const id = { session_id: z.string().optional(), sessionId: z.string().optional() };
const eventOf = (type: string, shape: z.ZodRawShape) =>
  z
    .object({ type: z.literal(type), ...id, timestamp: z.string().optional(), ...shape })
    .passthrough()
    .refine(
      (e) => typeof e.session_id === 'string' || typeof e.sessionId === 'string',
      'a session_id',
    );
export const EXEC_EVENTS: Record<string, z.ZodType> = {
  system: eventOf('system', { model: z.string().optional(), cwd: z.string().optional() }),
  message: eventOf('message', { role: z.string(), text: z.string() }),
  tool_call: eventOf('tool_call', {
    toolCallId: z.string().optional(),
    id: z.string().optional(),
    toolName: z.string(),
    parameters: z.unknown().optional(),
  }),
  tool_result: eventOf('tool_result', {
    toolCallId: z.string().optional(),
    id: z.string().optional(),
    value: z.unknown().optional(),
    isError: z.boolean().optional(),
  }),
  completion: eventOf('completion', {
    finalText: z.string().optional(),
    usage: z.record(z.string(), z.unknown()).optional(),
  }),
  error: eventOf('error', { message: z.string() }),
};
/** A line that is no exec event: its type is wrong. */
export const execType = z.object({ type: z.enum(EVENT_TYPES) }).passthrough();

/** A tool result's `value` as the model read it: text, or a shell's stdout and stderr. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) && (typeof value.stdout === 'string' || typeof value.stderr === 'string'))
    return [value.stdout, value.stderr].filter((v) => typeof v === 'string' && v).join('\n');
  return JSON.stringify(value ?? null);
}

export interface ExecRun {
  sessionId?: string;
  model?: string;
  cwd?: string;
  usage?: Usage;
  /** The `error` events' messages (Droid reports them apart from any step). */
  errors: string[];
}

/** Exec events → steps; the run's session id, model, usage and errors. */
export function fromExec(
  events: readonly Record<string, unknown>[],
  raw: readonly unknown[],
  list: StepList,
): ExecRun {
  const out: ExecRun = { errors: [] };
  events.forEach((e, index) => {
    const pointer = `/${index}`;
    const at = { records: raw, index };
    const timestamp = isoToUnix(e.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    out.sessionId ??=
      typeof (e.session_id ?? e.sessionId) === 'string'
        ? str(e.session_id ?? e.sessionId)
        : undefined;
    if (e.type === 'system') {
      if (typeof e.model === 'string') out.model = e.model;
      if (typeof e.cwd === 'string') out.cwd = e.cwd;
    } else if (e.type === 'message' && e.role === 'user')
      list.add({ kind: 'task', task: str(e.text ?? ''), ...time }, pointer, at);
    else if (e.type === 'message')
      list.addAction(
        { modelOutput: str(e.text ?? ''), timestamp, keepEmptyOutput: true },
        pointer,
        at,
      );
    else if (e.type === 'tool_call') {
      const call = tool(
        str(e.toolCallId ?? e.id ?? `call_${index}`),
        str(e.toolName ?? 'tool'),
        e.parameters,
      );
      const last = list.steps.at(-1);
      // Calls of one response follow its text: they join it until a result comes back.
      if (last?.kind === 'action' && last.toolCalls.every((c) => c.result === undefined))
        list.updateLast((s) =>
          s.kind === 'action' ? { ...s, toolCalls: [...s.toolCalls, call] } : s,
        );
      else list.addAction({ toolCalls: [call], timestamp }, pointer, at);
    } else if (e.type === 'tool_result') {
      const id = str(e.toolCallId ?? e.id ?? '');
      const text = valueText(e.value);
      const failed =
        e.isError === true ||
        (isRecord(e.value) && typeof e.value.exitCode === 'number' && e.value.exitCode !== 0);
      if (!list.linkResult(id, text, failed) && !list.linkWaiting(text))
        list.warn(
          `${where(raw, index)}: a tool_result for ${id || 'no call'} answers no call; skipped`,
          pointer,
        );
    } else if (e.type === 'completion') {
      const text = str(e.finalText ?? '');
      const last = list.steps.at(-1);
      // The final reply, unless a message just carried the same text (an empty one, none).
      const same = last?.kind === 'action' && (last.modelOutput ?? '') === text;
      if (!(same && last.toolCalls.length === 0))
        list.addAction({ modelOutput: text, timestamp, keepEmptyOutput: true }, pointer, at);
      if (isRecord(e.usage)) out.usage = anthropicUsage(e.usage);
    } else if (e.type === 'error') {
      const message = str(e.message ?? 'error');
      out.errors.push(message);
      list.warn(`${where(raw, index)}: droid reported an error: ${message}`, pointer);
    }
  });
  return out;
}
