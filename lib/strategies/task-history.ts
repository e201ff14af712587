/**
 * Seed 003's plan-aligned history: `Turn`, `StepHistory`, `TaskHistory`, their `render()` strings
 * and the TaskHistorySection a model sees (`### 1.n. title [active]`, summaries with their
 * `expand_step` hints, per-step SUMMARY/FULL overrides), the `summarize_step` / `expand_step` tools
 * with the seed's validation messages, `extractive_summary(step, max_turns=3)`, and a step list
 * grouped into plan steps. Values are immutable; tools return a new history. "Future Directions:
 * Multi-Level Summarization" adds the levels full, condensed, summary, title.
 */
import { assistantText, isCritical } from '../model/steps';
import type { PlanItem, Step } from '../model/types';
import { pyLen, pyPrefix } from '../text/python-string';

export interface Turn {
  readonly turnId: number;
  readonly role: 'user' | 'assistant' | 'tool';
  readonly content: string;
  readonly toolName?: string;
}

export type StepVisibility = 'full' | 'condensed' | 'summary' | 'title';

export interface StepHistory {
  readonly stepId: string;
  readonly stepTitle: string;
  readonly turns: readonly Turn[];
  readonly summary?: string;
  readonly visibility: StepVisibility;
  readonly completed: boolean;
  /** Ids of the original steps whose turns these are. */
  readonly sourceStepIds: readonly string[];
}

export interface TaskHistory {
  readonly objective: string;
  readonly activeStepId?: string;
  readonly steps: readonly StepHistory[];
}

/** Seed `Turn.render()`. */
export function renderTurn(turn: Turn): string {
  const prefix = turn.toolName ? `[tool:${turn.toolName}]` : `[${turn.role}]`;
  return `${prefix} ${turn.content}`;
}

/** Seed `StepHistory.render()`, extended with the condensed and title-only levels. */
export function renderStepHistory(step: StepHistory, includeTurns = true): string {
  const lines = [`Step ${step.stepId}: ${step.stepTitle}`];
  if (step.visibility === 'summary' && step.summary) {
    lines.push(`[Summary] ${step.summary}`);
    lines.push('[Call `expand_step` with this step_id for full history]');
  } else if (step.visibility === 'condensed') {
    lines.push(extractiveSummary(step));
  } else if (step.visibility === 'title') {
    // Title only: just the heading.
  } else if (includeTurns) {
    for (const turn of step.turns) lines.push(`  ${renderTurn(turn)}`);
  }
  return lines.join('\n');
}

/** Seed `TaskHistory.render()`. */
export function renderTaskHistory(history: TaskHistory): string {
  const lines = [`Task: ${history.objective}`, ''];
  if (history.steps.length === 0) lines.push('<no history recorded>');
  for (const step of history.steps) {
    lines.push(renderStepHistory(step));
    lines.push('');
  }
  return lines.join('\n');
}

/** Seed `TaskHistorySection._render_turn`. */
export function renderSectionTurn(turn: Turn): string {
  if (turn.role === 'tool') return `**[${turn.toolName ?? 'tool'}]**: ${turn.content}`;
  return `**${turn.role.charAt(0).toUpperCase()}${turn.role.slice(1)}**: ${turn.content}`;
}

/**
 * Seed `TaskHistorySection._render_step`: `### 1.2. Title [active]`, then the turns, or (summary
 * visibility) the summary and `_Call \`expand_step(<id>)\` for full conversation._`.
 */
export function renderSectionStep(
  step: StepHistory,
  active: boolean,
  depth: number,
  number: string,
): string {
  const heading =
    `${'#'.repeat(depth + 2)} ${number}. ${step.stepTitle} ${active ? '[active]' : ''}`.trim();
  if (
    step.visibility === 'summary' ||
    step.visibility === 'condensed' ||
    step.visibility === 'title'
  ) {
    const body =
      step.visibility === 'title'
        ? ''
        : step.visibility === 'condensed'
          ? extractiveSummary(step)
          : (step.summary ?? extractiveSummary(step));
    return `${heading}\n\n${body}\n\n_Call \`expand_step(${step.stepId})\` for full conversation._`;
  }
  return [heading, '', ...step.turns.map(renderSectionTurn)].join('\n');
}

/**
 * Seed `TaskHistorySection.render`: the section heading, `**Objective**: …`, and every plan step
 * numbered under the section (`number.i`), each at the visibility the resolver gives it (an
 * override wins over the stored one, seed `StepVisibilityResolver.resolve`).
 */
export function renderTaskHistorySection(
  history: TaskHistory,
  overrides: Readonly<Record<string, StepVisibility>> = {},
  depth = 0,
  number = '1',
  title = 'Task History',
): string {
  const lines = [
    `${'#'.repeat(depth + 2)} ${number}. ${title}`,
    `**Objective**: ${history.objective}`,
    '',
  ];
  history.steps.forEach((step, i) => {
    const visibility = overrides[step.stepId] ?? step.visibility;
    lines.push(
      renderSectionStep(
        { ...step, visibility },
        history.activeStepId === step.stepId,
        depth + 1,
        `${number}.${i + 1}`,
      ),
    );
  });
  return lines.join('\n');
}

/** Seed `extractive_summary`: first turn, tool turns, last turn; deduplicated; at most `maxTurns`. */
export function extractiveSummary(step: Pick<StepHistory, 'turns'>, maxTurns = 3): string {
  if (step.turns.length <= maxTurns) return step.turns.map(renderTurn).join('\n');
  const key: Turn[] = [
    step.turns[0] as Turn,
    ...step.turns.filter((t) => t.role === 'tool'),
    step.turns[step.turns.length - 1] as Turn,
  ];
  const seen = new Set<number>();
  const unique: Turn[] = [];
  for (const t of key) {
    if (seen.has(t.turnId)) continue;
    seen.add(t.turnId);
    unique.push(t);
  }
  return unique.slice(0, maxTurns).map(renderTurn).join('\n');
}

export class ToolValidationError extends Error {
  override name = 'ToolValidationError';
}

export const MAX_SUMMARY_LENGTH = 1000;

/** Seed `summarize_step_handler`: validates, then marks the step summarized. */
export function summarizeStep(
  history: TaskHistory | undefined,
  stepId: string,
  summary: string,
): { history: TaskHistory; message: string } {
  if (history === undefined) throw new ToolValidationError('No task history to summarize.');
  const step = history.steps.find((s) => s.stepId === stepId);
  if (step === undefined) throw new ToolValidationError(`Step ${stepId} not found.`);
  const text = summary.trim();
  if (!text) throw new ToolValidationError('Summary must not be empty.');
  if (pyLen(text) > MAX_SUMMARY_LENGTH)
    throw new ToolValidationError('Summary must be <= 1000 characters.');
  const steps = history.steps.map((s) =>
    s.stepId === stepId ? { ...s, summary: text, visibility: 'summary' as const } : s,
  );
  return { history: { ...history, steps }, message: `Step ${stepId} summarized.` };
}

/** Seed `expand_step`: restores the full history of a step. */
export function expandStep(
  history: TaskHistory | undefined,
  stepId: string,
): { history: TaskHistory; step: StepHistory } {
  if (history === undefined) throw new ToolValidationError('No task history to expand.');
  const step = history.steps.find((s) => s.stepId === stepId);
  if (step === undefined) throw new ToolValidationError(`Step ${stepId} not found.`);
  const expanded: StepHistory = { ...step, visibility: 'full' };
  return {
    history: { ...history, steps: history.steps.map((s) => (s.stepId === stepId ? expanded : s)) },
    step: expanded,
  };
}

function clipTitle(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return pyLen(flat) > 80 ? `${pyPrefix(flat, 80)}…` : flat;
}

function turnsOf(step: Step, nextId: () => number): Turn[] {
  switch (step.kind) {
    case 'task':
      return [{ turnId: nextId(), role: 'user', content: step.task }];
    case 'action': {
      const turns: Turn[] = [];
      const text = assistantText(step);
      if (text) turns.push({ turnId: nextId(), role: 'assistant', content: text });
      for (const c of step.toolCalls) {
        if (c.result !== undefined)
          turns.push({ turnId: nextId(), role: 'tool', content: c.result, toolName: c.name });
      }
      if (step.observation)
        turns.push({
          turnId: nextId(),
          role: 'tool',
          content: step.observation,
          toolName: 'observation',
        });
      if (step.error)
        turns.push({
          turnId: nextId(),
          role: 'tool',
          content: `Error: ${step.error}`,
          toolName: 'error',
        });
      return turns;
    }
    case 'scratchpad':
      return [{ turnId: nextId(), role: 'assistant', content: step.content }];
    case 'planning':
      return [{ turnId: nextId(), role: 'assistant', content: step.plan }];
    case 'final-answer':
      return [{ turnId: nextId(), role: 'assistant', content: step.answer }];
    case 'summary':
    case 'system-prompt':
      return [];
  }
}

export interface PlanGroup {
  readonly stepHistory: StepHistory;
  /** Indices (into the step list) of the steps in this plan step. */
  readonly indices: readonly number[];
}

/** A plan step's id, its title when fixed by the grouping (task-split mode), and its steps. */
export interface GroupDraft {
  readonly id: string;
  readonly title?: string;
  readonly indices: number[];
}

/**
 * Which plan step each step belongs to. Planned: by `planStepId`, steps without one joining the plan
 * step before them, steps before any plan step (the objective and the plan) left out. Unplanned:
 * split at tasks. Either way a step's group depends only on the steps before it, so the grouping of
 * a prefix is the prefix of the grouping (replay relies on it).
 */
export function groupSteps(steps: readonly Step[], planned: boolean): GroupDraft[] {
  const groups: GroupDraft[] = [];
  const byId = new Map<string, GroupDraft>();
  steps.forEach((s, i) => {
    if (s.kind === 'system-prompt') return;
    let id: string;
    let title: string | undefined;
    const last = groups[groups.length - 1];
    if (planned) {
      const current = s.planStepId ?? last?.id;
      if (current === undefined) return;
      id = current;
    } else if (s.kind === 'task' || last === undefined) {
      id = String(groups.length + 1);
      title = s.kind === 'task' ? clipTitle(s.task) : 'Before the first task';
    } else {
      id = last.id;
    }
    let group = byId.get(id);
    if (!group) {
      group = title === undefined ? { id, indices: [] } : { id, title, indices: [] };
      byId.set(id, group);
      groups.push(group);
    }
    group.indices.push(i);
  });
  return groups;
}

/** Plan items as the planning steps among `steps` left them (a later plan overrides an earlier one). */
export function planItemsOf(steps: readonly Step[]): Map<string, PlanItem> {
  const items = new Map<string, PlanItem>();
  for (const s of steps)
    if (s.kind === 'planning') for (const it of s.planItems ?? []) items.set(it.id, it);
  return items;
}

export function titleOf(group: GroupDraft, items: ReadonlyMap<string, PlanItem>): string {
  return group.title ?? items.get(group.id)?.title ?? `Plan step ${group.id}`;
}

/** A plan step's history from its steps; a model-written summary step among them is its summary. */
export function stepHistoryOf(
  id: string,
  title: string,
  groupSteps: readonly Step[],
  completed: boolean,
): StepHistory {
  let turnId = 0;
  const nextId = () => turnId++;
  const modelSummary = [...groupSteps]
    .reverse()
    .find((s) => s.kind === 'summary' && s.origin === 'model');
  return {
    stepId: id,
    stepTitle: title,
    turns: groupSteps.flatMap((s) => turnsOf(s, nextId)),
    visibility: 'full',
    completed,
    sourceStepIds: groupSteps.map((s) => s.id),
    ...(modelSummary?.kind === 'summary' ? { summary: modelSummary.content } : {}),
  };
}

/**
 * The task history of a step list (see `groupSteps`), titled from the plan's items or the tasks. A
 * plan step is completed when a later one started or its plan item is `done`.
 */
export function buildTaskHistory(steps: readonly Step[]): {
  history: TaskHistory;
  groups: PlanGroup[];
} {
  const planned = steps.some((s) => s.planStepId !== undefined);
  const items = planItemsOf(steps);
  const drafts = groupSteps(steps, planned);
  const groups: PlanGroup[] = drafts.map((g, gi) => {
    const completed = gi < drafts.length - 1 || items.get(g.id)?.status === 'done';
    const groupSteps = g.indices.map((i) => steps[i] as Step);
    return {
      stepHistory: stepHistoryOf(g.id, titleOf(g, items), groupSteps, completed),
      indices: g.indices,
    };
  });
  const objectiveStep = steps.find((s) => s.kind === 'task');
  const objective =
    objectiveStep?.kind === 'task'
      ? objectiveStep.task
      : steps.find((s) => !isCritical(s))
        ? 'Untitled task'
        : '';
  const last = groups[groups.length - 1];
  const history: TaskHistory = {
    objective,
    steps: groups.map((r) => r.stepHistory),
    ...(last ? { activeStepId: last.stepHistory.stepId } : {}),
  };
  return { history, groups };
}
