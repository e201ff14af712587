/**
 * A summary a strategy wrote in Stepscope is not the summary its framework would send: frameworks
 * ask a model, and Stepscope summarizes offline and deterministically (summarizer.ts, and seed 003's
 * `extractive_summary` for plan steps). Wherever such a summary is shown, it says so, and says what
 * it keeps, so nobody reads its size or its wording as the framework's.
 */
import type { Step } from '../model/types';

export const STAND_IN_LABEL = 'extractive stand-in';

/** Why a summary is a stand-in and what it holds; undefined for a model's own (recorded) summary. */
export function standInNote(step: Step, strategyId: string): string | undefined {
  if (step.kind !== 'summary' || step.origin !== 'extractive') return undefined;
  if (strategyId === 'summarize-plan-steps')
    return "Extractive stand-in: the plan step's first and last turns and its tool results, as seed 003's `extractive_summary` builds it; a real framework asks a model for this summary.";
  return "Extractive stand-in: the first and latest tasks, one line per tool, the latest errors and answers (Stepscope's offline summarizer, in the sections Strands' summarization prompt asks for); a real framework asks a model for this summary.";
}

/** The note for a strategy's output when it holds summaries Stepscope wrote, else undefined. */
export function standInNoteOf(steps: readonly Step[], strategyId: string): string | undefined {
  const summary = steps.find((s) => s.kind === 'summary' && s.origin === 'extractive');
  return summary ? standInNote(summary, strategyId) : undefined;
}
