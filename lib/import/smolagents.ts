/**
 * smolagents run outputs (huggingface/smolagents `examples/smolagents_benchmark/run.py`,
 * `examples/open_deep_research/run_gaia.py`; ../shared/fixtures/MANIFEST.md "smolagents").
 *
 * - Benchmark JSONL: one run per line, `intermediate_steps` = `agent.write_memory_to_messages()`:
 *   chat messages with the hyphenated roles `tool-call` (text "Calling tools:\n[…]" in Python repr)
 *   and `tool-response` ("Observation:\n…" or "Error:\n…").
 * - GAIA submission JSONL (smolagents ~1.5): `intermediate_steps` are the `repr()` strings of the
 *   memory steps (`ActionStep(…)`), read best effort with a warning.
 * - `get_full_steps()` step dicts (ActionStep/PlanningStep/TaskStep/SystemPromptStep/FinalAnswerStep).
 */
import { z } from 'zod';
import type { History, JsonValue, ToolCall } from '../model/types';
import { isReprCall, parsePythonRepr, type ReprCall } from './python-repr';
import { recordLine } from './read';
import { defineImporter, type ImportWarning } from './types';
import { isRecord, num, parseArguments, StepList, usage } from './util';

const chatMessage = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool-call', 'tool-response']),
  content: z.union([
    z.string(),
    z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()),
    z.null(),
  ]),
});
const run = z.object({ intermediate_steps: z.array(z.unknown()) }).passthrough();
const runs = z.array(run).min(1);
const stepDicts = z.array(z.record(z.string(), z.unknown())).min(1);
const STEP_KEYS = ['system_prompt', 'task', 'plan', 'step_number', 'output'];

function isFullSteps(value: unknown): value is Record<string, unknown>[] {
  const parsed = stepDicts.safeParse(value);
  return (
    parsed.success &&
    parsed.data.every((s) => STEP_KEYS.some((k) => k in s)) &&
    parsed.data.some((s) => 'step_number' in s && ('model_output' in s || 'tool_calls' in s))
  );
}

function isRunList(value: unknown): value is Record<string, unknown>[] {
  const parsed = runs.safeParse(value);
  if (!parsed.success) return false;
  return (
    parsed.data.every((r) => 'question' in r || 'augmented_question' in r || 'task' in r) &&
    parsed.data.some(
      (r) =>
        r.intermediate_steps.length === 0 ||
        r.intermediate_steps.every(
          (s) => typeof s === 'string' || chatMessage.safeParse(s).success,
        ),
    )
  );
}

function textOf(content: z.infer<typeof chatMessage>['content']): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((b) => b.text ?? `[${b.type}]`).join('\n');
}

/** "Calling tools:\n[{'id': …, 'function': {'name', 'arguments'}}]" → tool calls. */
export function parseCallingTools(text: string): ToolCall[] | undefined {
  const body = text.replace(/^Calling tools:\s*/, '');
  try {
    const list = parsePythonRepr(body);
    if (!Array.isArray(list)) return undefined;
    return (list as unknown[]).filter(isRecord).map((c, i) => {
      const fn = isRecord(c.function) ? c.function : {};
      return {
        id: String(c.id ?? `call_${i}`),
        name: String(fn.name ?? ''),
        arguments: parseArguments(fn.arguments),
      };
    });
  } catch {
    return undefined;
  }
}

/** Benchmark runs: `write_memory_to_messages()` output. */
function fromMessages(list: readonly unknown[], steps: StepList, pointer: string): void {
  list.forEach((raw, i) => {
    const at = `${pointer}/${i}`;
    const parsed = chatMessage.safeParse(raw);
    if (!parsed.success) {
      steps.warn(`message ${i} is not a smolagents chat message; skipped`, at);
      return;
    }
    const text = textOf(parsed.data.content);
    const last = steps.steps.at(-1);
    switch (parsed.data.role) {
      case 'system':
        steps.add({ kind: 'system-prompt', content: text }, at);
        return;
      case 'user':
        steps.add({ kind: 'task', task: text.replace(/^New task:\n/, '') }, at);
        return;
      case 'assistant':
        steps.add({ kind: 'action', toolCalls: [], modelOutput: text, isFinal: false }, at);
        return;
      case 'tool-call': {
        const calls = parseCallingTools(text);
        if (!calls)
          steps.warn(
            `message ${i}: the tool calls could not be read ("${text.slice(0, 40)}…"); kept as text`,
            at,
          );
        const toolCalls = calls ?? [];
        if (
          last?.kind === 'action' &&
          last.toolCalls.length === 0 &&
          last.observation === undefined &&
          last.error === undefined
        ) {
          steps.updateLast((s) =>
            s.kind === 'action' ? { ...s, toolCalls, ...(calls ? {} : { observation: text }) } : s,
          );
        } else
          steps.add(
            { kind: 'action', toolCalls, isFinal: false, ...(calls ? {} : { modelOutput: text }) },
            at,
          );
        return;
      }
      case 'tool-response': {
        const error = /^Error:\n/.test(text);
        const body = text.replace(/^(Observation|Error):\n/, '');
        if (last?.kind !== 'action') {
          steps.warn(
            `message ${i}: a tool response with no action before it; kept as an observation`,
            at,
          );
          steps.add({ kind: 'action', toolCalls: [], observation: text, isFinal: false }, at);
          return;
        }
        steps.updateLast((s) => {
          if (s.kind !== 'action') return s;
          if (error) return { ...s, error: body };
          // One observation answers all of a step's calls (smolagents runs them and joins the output).
          if (s.toolCalls.length === 1)
            return { ...s, toolCalls: s.toolCalls.map((c) => ({ ...c, result: body })) };
          return { ...s, observation: body };
        });
        return;
      }
    }
  });
}

function reprText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (isReprCall(value))
    return `${value.$class}(${[...value.args.map((a) => JSON.stringify(a)), ...Object.entries(value.kwargs).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)].join(', ')})`;
  return JSON.stringify(value);
}

/** GAIA submission runs: each step a `repr()` string. */
function fromReprSteps(list: readonly unknown[], steps: StepList, pointer: string): number {
  let unread = 0;
  list.forEach((raw, i) => {
    const at = `${pointer}/${i}`;
    let call: ReprCall | undefined;
    try {
      const parsed = typeof raw === 'string' ? parsePythonRepr(raw) : undefined;
      call = isReprCall(parsed) ? parsed : undefined;
    } catch (error) {
      steps.warn(
        `step ${i}: the repr could not be read (${(error as Error).message}); kept as text`,
        at,
      );
    }
    if (!call) {
      unread++;
      steps.add({ kind: 'scratchpad', content: String(raw), modelOutput: '' }, at);
      return;
    }
    const k = call.kwargs;
    if (call.$class === 'SystemPromptStep')
      steps.add({ kind: 'system-prompt', content: String(k.system_prompt ?? '') }, at);
    else if (call.$class === 'TaskStep')
      steps.add({ kind: 'task', task: String(k.task ?? '') }, at);
    else if (call.$class === 'PlanningStep')
      steps.add(
        {
          kind: 'planning',
          plan: [k.facts, k.plan].filter((x) => typeof x === 'string').join('\n\n'),
        },
        at,
      );
    else if (call.$class === 'ActionStep') {
      const calls = Array.isArray(k.tool_calls)
        ? (k.tool_calls as unknown[]).filter(isReprCall)
        : [];
      const observation = reprText(k.observations);
      const toolCalls = calls.map((c, j) => ({
        id: String(c.kwargs.id ?? `call_${j}`),
        name: String(c.kwargs.name ?? ''),
        arguments: parseArguments(c.kwargs.arguments) as JsonValue,
        ...(calls.length === 1 && observation !== undefined ? { result: observation } : {}),
      }));
      const start = num(k.start_time);
      const duration = num(k.duration);
      const error = reprText(k.error);
      const output = reprText(k.llm_output);
      steps.add(
        {
          kind: 'action',
          toolCalls,
          isFinal: false,
          ...(output ? { modelOutput: output } : {}),
          ...(calls.length !== 1 && observation ? { observation } : {}),
          ...(error ? { error } : {}),
          ...(start === undefined ? {} : { timestamp: start }),
          ...(duration === undefined ? {} : { durationMs: Math.round(duration * 1000) }),
        },
        at,
      );
    } else {
      unread++;
      steps.add({ kind: 'scratchpad', content: String(raw), modelOutput: '' }, at);
    }
  });
  return unread;
}

/** A value as one short line (answers can hold whole error messages). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

function outcomeOf(r: Record<string, unknown>): string | undefined {
  const answer = r.answer ?? r.prediction;
  if (answer === undefined) return undefined;
  const expected =
    r.true_answer === undefined ? '' : ` · expected ${oneLine(String(r.true_answer))}`;
  return `answer ${oneLine(String(answer))}${expected}`;
}

function firstLine(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const line = text
    .split('\n')
    .find((l) => l.trim() !== '')
    ?.trim();
  return line && line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function importRuns(
  records: Record<string, unknown>[],
  fileName: string,
): { histories: History[]; warnings: ImportWarning[] } {
  const warnings: ImportWarning[] = [];
  let reprRuns = 0;
  let empty = 0;
  const histories = records.map((r, i) => {
    const line = recordLine(records, i);
    const steps = new StepList({ format: 'smolagents', file: fileName });
    const list = r.intermediate_steps as unknown[];
    const pointer = `/${i}/intermediate_steps`;
    if (list.length === 0) {
      empty++;
      const question = r.question ?? r.augmented_question;
      if (typeof question === 'string')
        steps.add({ kind: 'task', task: question }, `/${i}/question`, { records, index: i });
    } else if (list.every((s) => typeof s === 'string')) {
      reprRuns++;
      const unread = fromReprSteps(list, steps, pointer);
      if (unread > 0) steps.warn(`run ${i}: ${unread} step(s) of an unknown kind kept as text`);
    } else fromMessages(list, steps, pointer);
    const answer = r.answer ?? r.prediction;
    if (answer !== undefined && answer !== null)
      steps.add(
        { kind: 'final-answer', answer: String(answer) },
        `/${i}/${'answer' in r ? 'answer' : 'prediction'}`,
      );
    warnings.push(
      ...steps.warnings.map((w) => ({
        ...w,
        message: `${line ? `line ${line}` : `run ${i}`}: ${w.message}`,
      })),
    );
    const counts = isRecord(r.token_counts) ? r.token_counts : {};
    const u = usage({
      inputTokens: counts.input_tokens ?? counts.input,
      outputTokens: counts.output_tokens ?? counts.output,
      totalTokens: counts.total_tokens,
    });
    const outcome = outcomeOf(r);
    const model = r.model_id ?? r.agent_name;
    const history: History = {
      id: `run-${i}`,
      title: firstLine(r.original_question ?? r.question ?? r.task) ?? `Run ${i}`,
      format: 'smolagents',
      steps: steps.markFinal(),
      ...(typeof model === 'string' ? { model } : {}),
      ...(u ? { usage: u } : {}),
      ...(outcome ? { outcome } : {}),
      meta: Object.fromEntries(
        ['source', 'agent_action_type', 'start_time', 'end_time', 'task', 'agent_error']
          .filter((k) => r[k] !== undefined && r[k] !== null)
          .map((k) => [k, r[k] as JsonValue]),
      ),
    };
    return history;
  });
  if (reprRuns > 0)
    warnings.unshift({
      message: `${reprRuns} run(s) store their steps as Python repr strings (smolagents ≤1.5): read best effort`,
    });
  if (empty > 0)
    warnings.push({
      message: `${empty} run(s) have no intermediate steps (the agent never ran a step); shown with their question and answer only`,
    });
  return { histories, warnings };
}

/** `get_full_steps()`: one run as a list of step dicts. */
function importFullSteps(list: Record<string, unknown>[], fileName: string): History {
  const steps = new StepList({ format: 'smolagents', file: fileName });
  list.forEach((s, i) => {
    const at = `/${i}`;
    if (typeof s.system_prompt === 'string')
      steps.add({ kind: 'system-prompt', content: s.system_prompt }, at);
    else if (typeof s.task === 'string') steps.add({ kind: 'task', task: s.task }, at);
    else if (typeof s.plan === 'string') {
      const tu = isRecord(s.token_usage)
        ? usage({
            inputTokens: s.token_usage.input_tokens,
            outputTokens: s.token_usage.output_tokens,
          })
        : undefined;
      steps.add({ kind: 'planning', plan: s.plan, ...(tu ? { usage: tu } : {}) }, at);
    } else if ('output' in s && !('step_number' in s))
      steps.add(
        {
          kind: 'final-answer',
          answer: typeof s.output === 'string' ? s.output : JSON.stringify(s.output),
        },
        at,
      );
    else {
      const calls = Array.isArray(s.tool_calls) ? s.tool_calls.filter(isRecord) : [];
      const observation = typeof s.observations === 'string' ? s.observations : undefined;
      const toolCalls = calls.map((c, j) => {
        const fn = isRecord(c.function) ? c.function : {};
        return {
          id: String(c.id ?? `call_${j}`),
          name: String(fn.name ?? c.name ?? ''),
          arguments: parseArguments(fn.arguments ?? c.arguments),
          ...(calls.length === 1 && observation !== undefined ? { result: observation } : {}),
        };
      });
      const timing = isRecord(s.timing) ? s.timing : {};
      const error = isRecord(s.error)
        ? `${String(s.error.type ?? 'Error')}: ${String(s.error.message ?? '')}`
        : undefined;
      const tu = isRecord(s.token_usage)
        ? usage({
            inputTokens: s.token_usage.input_tokens,
            outputTokens: s.token_usage.output_tokens,
          })
        : undefined;
      const start = num(timing.start_time ?? s.start_time);
      const duration = num(timing.duration ?? s.duration);
      steps.add(
        {
          kind: 'action',
          toolCalls,
          isFinal: s.is_final_answer === true,
          ...(typeof s.model_output === 'string' ? { modelOutput: s.model_output } : {}),
          ...(calls.length !== 1 && observation ? { observation } : {}),
          ...(error ? { error } : {}),
          ...(tu ? { usage: tu } : {}),
          ...(start === undefined ? {} : { timestamp: start }),
          ...(duration === undefined ? {} : { durationMs: Math.round(duration * 1000) }),
        },
        at,
      );
    }
  });
  return { id: fileName, title: fileName, format: 'smolagents', steps: steps.steps };
}

export const smolagentsImporter = defineImporter({
  id: 'smolagents',
  label: 'smolagents runs',
  near: {
    sniff: (v) => 'intermediate_steps' in (Array.isArray(v) && isRecord(v[0]) ? v[0] : {}),
    schema: runs,
  },
  detect: (
    value,
  ): { runs: Record<string, unknown>[] } | { steps: Record<string, unknown>[] } | undefined =>
    isRunList(value) ? { runs: value } : isFullSteps(value) ? { steps: value } : undefined,
  import(parsed, fileName) {
    if ('runs' in parsed) {
      const { histories, warnings } = importRuns(parsed.runs, fileName);
      return { file: { histories }, warnings };
    }
    return { file: { histories: [importFullSteps(parsed.steps, fileName)] }, warnings: [] };
  },
});
