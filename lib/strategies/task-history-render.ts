/**
 * Seed 003's text: a task history rendered as the seed's `render`, and the TaskHistorySection a model
 * sees (`### 1.n. title [active]`, summaries with their `expand_step` hints), with per-step SUMMARY/FULL
 * overrides. Part of seed 003's task history (task-history.ts), which re-exports these.
 */
import type { StepHistory, StepVisibility, TaskHistory, Turn } from './task-history-model';

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
