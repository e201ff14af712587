/**
 * Context changes a run itself recorded, which every replay must honour so that `none` sends what
 * the model really saw:
 * - a compaction the framework wrote (Claude Code's `isCompactSummary` line): a summary step written
 *   by the model that replaces the steps it lists;
 * - seed 003's model-managed context: an action calling `summarize_step(step_id, summary)` hides that
 *   plan step's earlier turns behind the summary it carries; `expand_step(step_id, reason)` restores
 *   them (visibility `full` again).
 * Plan steps are grouped as seed 003 does (`groupSteps`: by plan-step id, or split at tasks).
 */
import type { JsonValue, Step, SummaryStep } from '../model/types';
import { groupSteps } from '../strategies/task-history';

export interface ContextEvent {
  /** Index of the step that records the event; it takes effect for the calls after it. */
  readonly at: number;
  readonly kind: 'compaction' | 'summarize' | 'expand';
  /** Ids of the steps it hides (compaction, summarize) or restores (expand). */
  readonly stepIds: readonly string[];
  /** The plan step it names (summarize, expand). */
  readonly planStepId?: string;
}

const argOf = (args: JsonValue, key: string): string | undefined => {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const v = args[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
};

const isRecordedCompaction = (s: Step): s is SummaryStep =>
  s.kind === 'summary' && s.origin === 'model' && s.replaces.length > 0;

/** The summary steps that record a compaction the run made (whether or not the file holds what it dropped). */
export function recordedCompactionSummaries(steps: readonly Step[]): SummaryStep[] {
  return steps.filter(
    (s): s is SummaryStep =>
      s.kind === 'summary' &&
      (s.compaction !== undefined || (s.origin === 'model' && s.replaces.length > 0)),
  );
}

/**
 * Found once per step list: step lists are immutable once loaded (lib/README.md, "Performance
 * choices"), and a comparison simulates the same run once per column and per checked call.
 */
const eventsOf = new WeakMap<readonly Step[], readonly ContextEvent[]>();

export function contextEvents(steps: readonly Step[]): readonly ContextEvent[] {
  let events = eventsOf.get(steps);
  if (!events) eventsOf.set(steps, (events = findEvents(steps)));
  return events;
}

function findEvents(steps: readonly Step[]): ContextEvent[] {
  // Plan-step groups only when a summarize or expand call needs them (most runs have none).
  let groupOf: Map<string, number[]> | undefined;
  const groups = () => {
    if (!groupOf) {
      groupOf = new Map();
      const planned = steps.some((s) => s.planStepId !== undefined);
      for (const g of groupSteps(steps, planned)) groupOf.set(g.id, g.indices);
    }
    return groupOf;
  };
  let index: Map<string, number> | undefined;
  const indexOf = () => {
    if (!index) {
      index = new Map();
      // The first step of an id (sanitize makes ids unique; a duplicate keeps its first place).
      steps.forEach((s, i) => {
        if (!index?.has(s.id)) index?.set(s.id, i);
      });
    }
    return index;
  };
  const out: ContextEvent[] = [];
  steps.forEach((s, at) => {
    if (isRecordedCompaction(s)) {
      // Only steps before it can be replaced (a file may name later or unknown ids).
      const stepIds = s.replaces.filter((id) => (indexOf().get(id) ?? Infinity) < at);
      if (stepIds.length > 0) out.push({ at, kind: 'compaction', stepIds });
    }
    if (s.kind !== 'action') return;
    for (const call of s.toolCalls) {
      if (call.name !== 'summarize_step' && call.name !== 'expand_step') continue;
      const planStepId = argOf(call.arguments, 'step_id');
      if (planStepId === undefined) continue;
      // The plan step's turns before this call (never the call itself: it carries the summary).
      const stepIds = (groups().get(planStepId) ?? [])
        .filter((i) => i < at && steps[i]?.kind !== 'system-prompt')
        .map((i) => (steps[i] as Step).id);
      out.push({
        at,
        kind: call.name === 'summarize_step' ? 'summarize' : 'expand',
        stepIds,
        planStepId,
      });
    }
  });
  return out;
}

/** The ids hidden after the events recorded in steps [0, upTo). */
export function hiddenAfter(events: readonly ContextEvent[], upTo: number): Set<string> {
  const hidden = new Set<string>();
  for (const e of events) {
    if (e.at >= upTo) break;
    for (const id of e.stepIds) {
      if (e.kind === 'expand') hidden.delete(id);
      else hidden.add(id);
    }
  }
  return hidden;
}

/** What the agent's history really held before step `upTo`: its steps less what recorded events hid. */
export function recordedView(
  steps: readonly Step[],
  events: readonly ContextEvent[],
  upTo: number,
): Step[] {
  const hidden = hiddenAfter(events, upTo);
  const prefix = steps.slice(0, upTo);
  return hidden.size === 0 ? prefix : prefix.filter((s) => !hidden.has(s.id));
}
