/**
 * Conversion between the canonical model and the native format (see native-schema.ts): steps to
 * seed 000's `{type, data}` dicts and back with usage and source, histories and files. Export then
 * import gives back an equal history (property-tested), and re-export is byte-identical.
 */
import { describeZodError, ImportError } from '../model/errors';
import { assertUnreachable } from '../model/steps';
import type {
  ActionStep,
  History,
  HistoryFile,
  JsonValue,
  Step,
  StepSource,
  ToolCall,
  Usage,
} from '../model/types';
import {
  NATIVE_FORMAT,
  NATIVE_VERSION,
  nativeFileSchema,
  STEP_TYPE_NAMES,
  serializedStepSchema,
  type NativeFile,
  type SerializedHistory,
  type SerializedStep,
} from './native-schema';

type SerializedUsage = NonNullable<SerializedHistory['usage']>;

function usageToDict(u: Usage): SerializedUsage {
  return dropUndefined({
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    total_tokens: u.totalTokens,
    cache_read_input_tokens: u.cacheReadInputTokens,
    cache_creation_input_tokens: u.cacheCreationInputTokens,
    cache_creation_1h_input_tokens: u.cacheCreation1hInputTokens,
    input_counts: u.inputCounts,
    cost_usd: u.costUsd,
  });
}

function usageFromDict(u: SerializedUsage): Usage {
  return dropUndefined({
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    totalTokens: u.total_tokens,
    cacheReadInputTokens: u.cache_read_input_tokens,
    cacheCreationInputTokens: u.cache_creation_input_tokens,
    cacheCreation1hInputTokens: u.cache_creation_1h_input_tokens,
    inputCounts: u.input_counts,
    costUsd: u.cost_usd,
  });
}

function dropUndefined<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out as T;
}

function sourceFromDict(s: StepSource | undefined): StepSource | undefined {
  return s === undefined
    ? undefined
    : dropUndefined({ format: s.format, file: s.file, line: s.line, pointer: s.pointer });
}

// ---- steps -------------------------------------------------------------------------------------------

/** Seed 000: `{"type": "ActionStep", "data": asdict(step)}`. */
export function stepToDict(step: Step): SerializedStep {
  const base = dropUndefined({
    id: step.id,
    step_number: step.stepNumber,
    timestamp: step.timestamp,
    plan_step_id: step.planStepId,
    source: sourceFromDict(step.source),
    omitted: step.omitted ? [...step.omitted] : undefined,
  });
  switch (step.kind) {
    case 'system-prompt':
      return { type: 'SystemPromptStep', data: { ...base, content: step.content } };
    case 'task':
      return { type: 'TaskStep', data: { ...base, task: step.task } };
    case 'action':
      return { type: 'ActionStep', data: actionToDict(step, base) };
    case 'scratchpad':
      return {
        type: 'ScratchpadStep',
        data: { ...base, content: step.content, raw_llm_response: step.modelOutput },
      };
    case 'planning':
      return {
        type: 'PlanningStep',
        data: dropUndefined({
          ...base,
          plan: step.plan,
          plan_items: step.planItems?.map((p) => dropUndefined({ ...p })),
          usage: step.usage && usageToDict(step.usage),
        }),
      };
    case 'final-answer':
      return { type: 'FinalAnswerStep', data: { ...base, output: step.answer } };
    case 'summary':
      return {
        type: 'SummaryStep',
        data: dropUndefined({
          ...base,
          content: step.content,
          replaces: [...step.replaces],
          origin: step.origin,
          compaction:
            step.compaction &&
            dropUndefined({
              recorded_as: step.compaction.recordedAs,
              tokens_before: step.compaction.tokensBefore,
              tokens_after: step.compaction.tokensAfter,
              trigger: step.compaction.trigger,
              dropped_in_file: step.compaction.droppedInFile,
            }),
        }),
      };
    default:
      return assertUnreachable(step);
  }
}

function actionToDict(step: ActionStep, base: object) {
  const first = step.toolCalls[0];
  return dropUndefined({
    ...base,
    thought: step.thought,
    // Seed view of the first call, for readers that only know seed 000.
    tool_name: first?.name,
    tool_args: first?.arguments,
    // The reader takes an empty observation for none (seed 000 writes ""), so one is not written.
    observation: step.observation === '' ? undefined : step.observation,
    error: step.error,
    is_final: step.isFinal,
    raw_llm_response: step.modelOutput,
    tool_calls: step.toolCalls.map((c) =>
      dropUndefined({
        id: c.id,
        name: c.name,
        arguments: c.arguments,
        result: c.result,
        is_error: c.isError,
      }),
    ),
    usage: step.usage && usageToDict(step.usage),
    duration_ms: step.durationMs,
    model: step.model,
  });
}

/**
 * Seed 000 `step_from_dict`, extended to every kind. Throws `Unknown step type: X` for a type it does
 * not know, and names the field for invalid data. `index` fills in a missing id and step number.
 */
export function stepFromDict(dict: unknown, index = 0): Step {
  const type = (dict as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !(STEP_TYPE_NAMES as readonly string[]).includes(type)) {
    throw new StepFormatError(
      `Unknown step type: ${typeof type === 'string' ? type : JSON.stringify(type)}`,
    );
  }
  const parsed = serializedStepSchema.safeParse(dict);
  if (!parsed.success)
    throw new StepFormatError(
      `Invalid ${type} at step ${index}: ${describeZodError(parsed.error)}`,
    );
  return stepFromSerialized(parsed.data, index);
}

function stepFromSerialized(s: SerializedStep, index: number): Step {
  const d = s.data;
  const base = dropUndefined({
    id: d.id ?? `step-${index}`,
    stepNumber: d.step_number ?? index,
    timestamp: d.timestamp ?? undefined,
    planStepId: d.plan_step_id,
    source: sourceFromDict(d.source),
    omitted: d.omitted,
  });
  switch (s.type) {
    case 'SystemPromptStep':
      return { ...base, kind: 'system-prompt', content: s.data.content };
    case 'TaskStep':
      return { ...base, kind: 'task', task: s.data.task };
    case 'ActionStep':
      return actionFromDict(s.data, base);
    case 'ScratchpadStep':
      return {
        ...base,
        kind: 'scratchpad',
        content: s.data.content,
        modelOutput: s.data.raw_llm_response,
      };
    case 'PlanningStep':
      return dropUndefined({
        ...base,
        kind: 'planning' as const,
        plan: s.data.plan,
        planItems: s.data.plan_items?.map((p) => dropUndefined({ ...p })),
        usage: s.data.usage && usageFromDict(s.data.usage),
      });
    case 'FinalAnswerStep':
      return { ...base, kind: 'final-answer', answer: s.data.output };
    case 'SummaryStep':
      return {
        ...base,
        kind: 'summary',
        content: s.data.content,
        replaces: s.data.replaces,
        origin: s.data.origin,
        ...(s.data.compaction
          ? {
              compaction: dropUndefined({
                recordedAs: s.data.compaction.recorded_as,
                tokensBefore: s.data.compaction.tokens_before,
                tokensAfter: s.data.compaction.tokens_after,
                trigger: s.data.compaction.trigger,
                droppedInFile: s.data.compaction.dropped_in_file,
              }),
            }
          : {}),
      };
    default:
      return assertUnreachable(s);
  }
}

type ActionData = Extract<SerializedStep, { type: 'ActionStep' }>['data'];

function actionFromDict(
  d: ActionData,
  base: Omit<ActionStep, 'kind' | 'toolCalls' | 'isFinal'>,
): ActionStep {
  let toolCalls: ToolCall[];
  let observation = d.observation ?? undefined;
  if (d.tool_calls) {
    toolCalls = d.tool_calls.map((c) =>
      dropUndefined({
        id: c.id,
        name: c.name,
        arguments: c.arguments as JsonValue,
        result: c.result,
        isError: c.is_error,
      }),
    );
  } else if (d.tool_name) {
    // A seed 000 action: its one call, with the observation as that call's result.
    const call: ToolCall = {
      id: `${base.id}-call`,
      name: d.tool_name,
      arguments: (d.tool_args ?? {}) as JsonValue,
    };
    toolCalls = [observation ? { ...call, result: observation } : call];
    observation = undefined;
  } else {
    toolCalls = [];
  }
  return dropUndefined({
    ...base,
    kind: 'action' as const,
    thought: d.thought ?? undefined,
    modelOutput: d.raw_llm_response ?? undefined,
    toolCalls,
    observation: observation === '' ? undefined : observation,
    error: d.error ?? undefined,
    isFinal: d.is_final ?? false,
    usage: d.usage && usageFromDict(d.usage),
    durationMs: d.duration_ms,
    model: d.model,
  });
}

// ---- histories and files -------------------------------------------------------------------------------

/** A native file that does not fit the schema: the user's file, so an import error like any other. */
export class StepFormatError extends ImportError {
  override name = 'StepFormatError';
}

// ---- usage / source ----------------------------------------------------------------------------

export function historyToDict(history: History): SerializedHistory {
  return dropUndefined({
    id: history.id,
    title: history.title,
    format: history.format,
    model: history.model,
    outcome: history.outcome,
    usage: history.usage && usageToDict(history.usage),
    usage_by_model:
      history.usageByModel &&
      Object.fromEntries(Object.entries(history.usageByModel).map(([k, u]) => [k, usageToDict(u)])),
    off_branch_calls: history.offBranchCalls?.map((c) =>
      dropUndefined({ model: c.model, timestamp: c.timestamp, usage: usageToDict(c.usage) }),
    ),
    meta: history.meta as Record<string, unknown> | undefined,
    steps: history.steps.map(stepToDict),
    children: history.children?.map((c) => ({
      parent_step_id: c.parentStepId,
      history: historyToDict(c.history),
    })),
  });
}

export function historyFromDict(h: SerializedHistory): History {
  return dropUndefined({
    id: h.id,
    title: h.title,
    format: h.format,
    model: h.model,
    outcome: h.outcome,
    usage: h.usage && usageFromDict(h.usage),
    usageByModel:
      h.usage_by_model &&
      Object.fromEntries(Object.entries(h.usage_by_model).map(([k, u]) => [k, usageFromDict(u)])),
    offBranchCalls: h.off_branch_calls?.map((c) =>
      dropUndefined({ model: c.model, timestamp: c.timestamp, usage: usageFromDict(c.usage) }),
    ),
    meta: h.meta as Record<string, JsonValue> | undefined,
    steps: h.steps.map((s, i) => stepFromSerialized(s, i)),
    children: h.children?.map((c) => ({
      parentStepId: c.parent_step_id,
      history: historyFromDict(c.history),
    })),
  });
}

export function toNativeFile(file: HistoryFile): NativeFile {
  return {
    format: NATIVE_FORMAT,
    version: NATIVE_VERSION,
    histories: file.histories.map(historyToDict),
  };
}

/** The native file as text: two-space JSON with a trailing newline (deterministic, diff-friendly). */
export function serializeNative(file: HistoryFile): string {
  return `${JSON.stringify(toNativeFile(file), null, 2)}\n`;
}

/** Parse a native-format value; throws `StepFormatError` naming the first invalid field. */
export function parseNative(value: unknown): HistoryFile {
  const parsed = nativeFileSchema.safeParse(value);
  if (!parsed.success)
    throw new StepFormatError(`Not a valid Stepscope file: ${describeZodError(parsed.error)}`);
  return { histories: parsed.data.histories.map(historyFromDict) };
}
