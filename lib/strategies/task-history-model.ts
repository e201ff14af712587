/**
 * Seed 003's data: a turn, a plan step's history with its visibility, the task history. Shared by
 * the tools and grouping (task-history.ts) and the rendering (task-history-render.ts).
 */

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
