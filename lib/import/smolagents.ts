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
import type { History } from '../model/types';
import { isJsonValue, mayHaveKeys } from './guards';
import { recordLine } from './read';
import { readRuns, runPlace, type RunRead } from './runs';
import { defineImporter, type ImportWarning, fits, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { withInputCounts } from './usage-conventions';
import { actionDraft, isRecord, num, parseArguments, StepList, str, usage } from './util';
import { chatMessage, fromMessages, fromReprSteps } from './smolagents-steps';

const run = z.object({ intermediate_steps: z.array(z.unknown()) }).passthrough();
const runs = z.array(run).min(1);
// What detection takes: every record an object, one of them a run of steps; a record whose
// `intermediate_steps` is not a list is skipped with a warning (runs.ts), not the file.
const looseRuns = z.array(z.record(z.string(), z.unknown())).min(1);
const stepDicts = z.array(z.record(z.string(), z.unknown())).min(1);
const STEP_KEYS = ['system_prompt', 'task', 'plan', 'step_number', 'output'];

function isFullSteps(value: unknown): value is Record<string, unknown>[] {
  // Every step dict has one of the keys: a list whose first record has none is not one.
  if (Array.isArray(value) && isRecord(value[0]) && !STEP_KEYS.some((k) => k in value[0]))
    return false;
  const parsed = parsedBy(stepDicts, value);
  return (
    parsed !== undefined &&
    parsed.every((s) => STEP_KEYS.some((k) => k in s)) &&
    parsed.some((s) => 'step_number' in s && ('model_output' in s || 'tool_calls' in s))
  );
}

function isRunList(value: unknown): value is Record<string, unknown>[] {
  if (
    !Array.isArray(value) ||
    !mayHaveKeys(value, 'intermediate_steps') ||
    !value.some((r) => isRecord(r) && 'intermediate_steps' in r)
  )
    return false;
  const parsed = parsedBy(looseRuns, value);
  if (parsed === undefined) return false;
  return (
    parsed.every((r) => 'question' in r || 'augmented_question' in r || 'task' in r) &&
    parsed.some(
      (r) =>
        Array.isArray(r.intermediate_steps) &&
        (r.intermediate_steps.length === 0 ||
          r.intermediate_steps.every((s) => typeof s === 'string' || fits(chatMessage, s))),
    )
  );
}

/** A value as one short line (answers can hold whole error messages). */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

function outcomeOf(r: Record<string, unknown>): string | undefined {
  const answer = r.answer ?? r.prediction;
  if (answer === undefined) return undefined;
  const expected = r.true_answer === undefined ? '' : ` · expected ${oneLine(str(r.true_answer))}`;
  return `answer ${oneLine(str(answer))}${expected}`;
}

/**
 * smolagents' TokenUsage: its models write the provider's `prompt_tokens` as `input_tokens`
 * (smolagents `models.py`, OpenAIServerModel and LiteLLMModel), the whole prompt.
 */
function totalUsage(fields: Parameters<typeof usage>[0]) {
  return withInputCounts(usage(fields), 'total');
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
  let reprRuns = 0;
  let empty = 0;
  const read = (r: Record<string, unknown>, i: number): RunRead => {
    const line = recordLine(records, i);
    const steps = new StepList({ format: 'smolagents', file: fileName });
    const pointer = `/${i}/intermediate_steps`;
    if (!Array.isArray(r.intermediate_steps))
      throw new ImportError(
        r.intermediate_steps === undefined
          ? 'it has no intermediate_steps'
          : `its intermediate_steps is ${r.intermediate_steps === null ? 'null' : typeof r.intermediate_steps}, not a list of steps`,
      );
    const list: unknown[] = r.intermediate_steps;
    if (list.length === 0) {
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
        { kind: 'final-answer', answer: str(answer) },
        `/${i}/${'answer' in r ? 'answer' : 'prediction'}`,
      );
    // A run with no step, question or answer is skipped (readRuns), not counted here.
    if (list.length === 0 && steps.steps.length > 0) empty++;
    const warnings = steps.warnings.map((w) => ({
      ...w,
      message: `${line ? `line ${line}` : `run ${i}`}: ${w.message}`,
    }));
    const counts = isRecord(r.token_counts) ? r.token_counts : {};
    const u = totalUsage({
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
        ['source', 'agent_action_type', 'start_time', 'end_time', 'task', 'agent_error'].flatMap(
          (k) => {
            const v = r[k];
            return v !== undefined && v !== null && isJsonValue(v) ? [[k, v]] : [];
          },
        ),
      ),
    };
    return { history, warnings };
  };
  const { histories, warnings } = readRuns(
    records,
    read,
    (r, i) => runPlace(records, i, typeof r.task_id === 'string' ? `task ${r.task_id}` : undefined),
    fileName,
  );
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
        ? totalUsage({
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
          id: str(c.id ?? `call_${j}`),
          name: str(fn.name ?? c.name ?? ''),
          arguments: parseArguments(fn.arguments ?? c.arguments),
          ...(calls.length === 1 && observation !== undefined ? { result: observation } : {}),
        };
      });
      const timing = isRecord(s.timing) ? s.timing : {};
      const error = isRecord(s.error)
        ? `${str(s.error.type ?? 'Error')}: ${str(s.error.message ?? '')}`
        : undefined;
      const tu = isRecord(s.token_usage)
        ? totalUsage({
            inputTokens: s.token_usage.input_tokens,
            outputTokens: s.token_usage.output_tokens,
          })
        : undefined;
      const start = num(timing.start_time ?? s.start_time);
      const duration = num(timing.duration ?? s.duration);
      const draft = actionDraft({
        toolCalls,
        isFinal: s.is_final_answer === true,
        observation: calls.length !== 1 && observation ? observation : undefined,
        error,
        usage: tu,
        timestamp: start,
        durationMs: duration === undefined ? undefined : Math.round(duration * 1000),
      });
      // The step's model output as recorded, an empty one too.
      steps.add(
        typeof s.model_output === 'string' ? { ...draft, modelOutput: s.model_output } : draft,
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
