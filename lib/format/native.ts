/**
 * Conversion between the canonical model and the native format (see native-schema.ts). Export then
 * import gives back an equal history (property-tested), and re-export is byte-identical.
 */

import type { History, HistoryFile, JsonValue } from '../model/types';
import { describeZodError } from '../model/errors';
import {
  NATIVE_FORMAT,
  NATIVE_VERSION,
  nativeFileSchema,
  type NativeFile,
  type SerializedHistory,
} from './native-schema';
import {
  dropUndefined,
  StepFormatError,
  stepFromSerialized,
  stepToDict,
  usageFromDict,
  usageToDict,
} from './native-steps';

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

export { stepFromDict, StepFormatError, stepToDict } from './native-steps';
