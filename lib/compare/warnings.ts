/**
 * What a strategy's result breaks, each linked to a step: a tool result left without its call or a
 * call without its result, the system prompt or the task dropped, a context still over the window,
 * a summary over its length limit.
 */
import { isOmitted } from '../model/steps';
import type { Step } from '../model/types';
import { MAX_SUMMARY_LENGTH } from '../strategies/task-history';
import type { StrategyResult } from '../strategies/types';

export type WarningKind =
  | 'orphan-result'
  | 'orphan-call'
  | 'system-dropped'
  | 'task-dropped'
  | 'over-window'
  | 'summary-too-long';

export interface CompareWarning {
  readonly kind: WarningKind;
  readonly message: string;
  /** The original step it concerns, when there is one. */
  readonly stepId?: string;
}

/** Warnings for one strategy's result over `original`; `contextTokens` is the result's size. */
export function strategyWarnings(
  original: readonly Step[],
  result: StrategyResult,
  contextTokens: number,
  contextWindow: number,
  overflowCalls: number,
): CompareWarning[] {
  const out: CompareWarning[] = [];
  const shown = new Map(result.steps.map((s) => [s.id, s]));
  original.forEach((s, i) => {
    const fate = result.fates[i];
    const gone = fate?.kind === 'removed';
    if (s.kind === 'system-prompt' && (gone || isOmitted(shown.get(s.id) ?? s, 'content'))) {
      out.push({
        kind: 'system-dropped',
        message: `the system prompt (step ${s.stepNumber}) is dropped`,
        stepId: s.id,
      });
    }
    if (s.kind === 'task' && gone && !original.slice(0, i).some((x) => x.kind === 'task')) {
      out.push({
        kind: 'task-dropped',
        message: `the task (step ${s.stepNumber}) is dropped`,
        stepId: s.id,
      });
    }
    if (s.kind !== 'action') return;
    const kept = shown.get(s.id);
    if (!kept || kept.kind !== 'action') return;
    for (const call of s.toolCalls) {
      if (call.result === undefined) continue;
      const callGone =
        isOmitted(kept, `call:${call.id}`) || !kept.toolCalls.some((c) => c.id === call.id);
      const resultGone = isOmitted(kept, `result:${call.id}`);
      if (callGone && !resultGone)
        out.push({
          kind: 'orphan-result',
          message: `step ${s.stepNumber}: the result of ${call.name} (${call.id}) is sent without its call`,
          stepId: s.id,
        });
      if (resultGone && !callGone)
        out.push({
          kind: 'orphan-call',
          message: `step ${s.stepNumber}: the call ${call.name} (${call.id}) is sent without its result`,
          stepId: s.id,
        });
    }
  });
  if (contextTokens > contextWindow)
    out.push({
      kind: 'over-window',
      message: `the final context (${contextTokens.toLocaleString('en-US')} tokens) is over the ${contextWindow.toLocaleString('en-US')}-token window`,
    });
  if (overflowCalls > 0)
    out.push({
      kind: 'over-window',
      message: `${overflowCalls} model call(s) over the ${contextWindow.toLocaleString('en-US')}-token window during the run`,
    });
  // Long summaries are one warning: how many, the longest, and where the first one stands.
  const long = result.inserted.filter(
    (s) => s.kind === 'summary' && s.content.length > MAX_SUMMARY_LENGTH,
  );
  if (long.length > 0) {
    const longest = Math.max(...long.map((s) => (s.kind === 'summary' ? s.content.length : 0)));
    const first = long[0];
    out.push({
      kind: 'summary-too-long',
      message: `${long.length === 1 ? 'a summary is' : `${long.length} summaries are`} over the ${MAX_SUMMARY_LENGTH}-character limit (the longest ${longest.toLocaleString('en-US')} characters)`,
      ...(first?.kind === 'summary' && first.replaces[0] ? { stepId: first.replaces[0] } : {}),
    });
  }
  return out;
}
