/** Seed 000's debugging helpers: `filter_steps`, `summarize_step`, `visualize_timeline`. */
import { assertUnreachable, hasError, toolName } from './steps';
import type { Step, StepKind } from './types';

export interface StepFilter {
  types?: readonly StepKind[];
  afterStep?: number;
  beforeStep?: number;
  /** Seed: when set, only actions whose error status matches (other kinds drop out). */
  withError?: boolean;
}

/** Seed `filter_steps(steps, step_types, after_step, before_step, with_error)`. */
export function filterSteps(steps: readonly Step[], filter: StepFilter = {}): Step[] {
  let out = [...steps];
  if (filter.types && filter.types.length > 0)
    out = out.filter((s) => filter.types?.includes(s.kind));
  if (filter.afterStep !== undefined)
    out = out.filter((s) => s.stepNumber > (filter.afterStep as number));
  if (filter.beforeStep !== undefined)
    out = out.filter((s) => s.stepNumber < (filter.beforeStep as number));
  if (filter.withError !== undefined)
    out = out.filter((s) => s.kind === 'action' && hasError(s) === filter.withError);
  return out;
}

/** Python `text[:50]`, code-point based. */
function first50(text: string): string {
  return Array.from(text).slice(0, 50).join('');
}

/** Seed `summarize_step`: one line per step. */
export function summarizeStep(step: Step): string {
  switch (step.kind) {
    case 'system-prompt':
      return `SystemPrompt: ${first50(step.content)}...`;
    case 'task':
      return `Task: ${first50(step.task)}...`;
    case 'action':
      return `Action: ${toolName(step) ?? 'None'} (${hasError(step) ? 'ERROR' : 'OK'})`;
    case 'scratchpad':
      return `Scratchpad: ${first50(step.content)}...`;
    case 'planning':
      return `Planning: ${first50(step.plan)}...`;
    case 'final-answer':
      return `FinalAnswer: ${first50(step.answer)}...`;
    case 'summary':
      return `Summary: ${first50(step.content)}...`;
    default:
      return assertUnreachable(step);
  }
}

function clock(timestamp: number | undefined): string {
  if (timestamp === undefined) return '--:--:--';
  return new Date(timestamp * 1000).toISOString().slice(11, 19);
}

/** Seed `visualize_timeline`, returned as text (UTC clock times) instead of printed. */
export function visualizeTimeline(steps: readonly Step[]): string {
  const lines = ['Conversation Timeline:', '-'.repeat(60)];
  for (const s of steps)
    lines.push(`[${clock(s.timestamp)}] [${s.stepNumber}] ${summarizeStep(s)}`);
  return lines.join('\n');
}
