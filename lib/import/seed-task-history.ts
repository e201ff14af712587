/**
 * Seed 003's plan-aligned `TaskHistory` serialized (dataclasses as JSON): `{objective,
 * active_step_id, steps: [{step_id, step_title, turns: [{turn_id, role, content, tool_name,
 * created_at}], summary, visibility}], subtasks?}`. The objective is the task, the plan steps a
 * planning step, each turn a step tagged with its plan step; a step the agent summarized
 * (`visibility: "summary"`) adds its summary, which stands for that plan step's turns. Subtasks
 * become child histories.
 */
import { z } from 'zod';
import type { History, PlanItem } from '../model/types';
import { defineImporter, type ImportWarning, parsedBy } from './types';
import { actionDraft, isoToUnix, isRecord, StepList, str } from './util';

const turn = z.object({
  turn_id: z.number(),
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.string(),
  tool_name: z.string().nullable().optional(),
  created_at: z.union([z.string(), z.number()]).optional(),
});
const stepHistory = z.object({
  step_id: z.number(),
  step_title: z.string(),
  turns: z.array(turn).default([]),
  summary: z.string().nullable().optional(),
  visibility: z.string().default('full'),
});
type TaskHistory = {
  objective: string;
  active_step_id?: number | null;
  steps: z.infer<typeof stepHistory>[];
  subtasks?: TaskHistory[];
};
const taskHistory: z.ZodType<TaskHistory> = z.lazy(() =>
  z.object({
    objective: z.string(),
    active_step_id: z.number().nullable().optional(),
    steps: z.array(stepHistory),
    subtasks: z.array(taskHistory).optional(),
  }),
);

function importTask(
  t: TaskHistory,
  id: string,
  fileName: string,
  pointer: string,
  warnings: ImportWarning[],
): History {
  const list = new StepList({ format: 'seed-task-history', file: fileName });
  list.add({ kind: 'task', task: t.objective }, `${pointer}/objective`);
  const active = t.active_step_id ?? undefined;
  const activeIndex = t.steps.findIndex((s) => s.step_id === active);
  const planItems: PlanItem[] = t.steps.map((s, i) => ({
    id: str(s.step_id),
    title: s.step_title,
    status:
      s.step_id === active
        ? 'in_progress'
        : activeIndex >= 0 && i < activeIndex
          ? 'done'
          : activeIndex < 0
            ? 'done'
            : 'pending',
  }));
  const planning =
    t.steps.length > 0
      ? list.add(
          {
            kind: 'planning',
            plan: t.steps.map((s) => `${s.step_id}. ${s.step_title}`).join('\n'),
            planItems,
          },
          `${pointer}/steps`,
        )
      : undefined;
  t.steps.forEach((s, si) => {
    const planStepId = str(s.step_id);
    const ids: string[] = [];
    s.turns.forEach((tu, ti) => {
      const at = `${pointer}/steps/${si}/turns/${ti}`;
      const ts = isoToUnix(tu.created_at);
      const base = { planStepId, ...(ts === undefined ? {} : { timestamp: ts }) };
      const last = list.steps.at(-1);
      if (tu.role === 'user')
        ids.push(list.add({ kind: 'task', task: tu.content, ...base }, at).id);
      else if (tu.role === 'assistant')
        // The turn's content as the seed wrote it, an empty one too.
        ids.push(list.add({ ...actionDraft(base), modelOutput: tu.content }, at).id);
      else if (
        last?.kind === 'action' &&
        last.planStepId === planStepId &&
        last.toolCalls.length === 0 &&
        last.observation === undefined
      ) {
        // A tool turn answers the assistant turn before it: seed 003 records no call ids.
        const call = {
          id: `turn-${s.step_id}-${tu.turn_id}`,
          name: tu.tool_name ?? 'tool',
          arguments: {},
          result: tu.content,
        };
        list.updateLast((st) => (st.kind === 'action' ? { ...st, toolCalls: [call] } : st));
      } else ids.push(list.addAction({ observation: tu.content, ...base }, at).id);
    });
    if (s.summary)
      list.add(
        { kind: 'summary', content: s.summary, replaces: ids, origin: 'model', planStepId },
        `${pointer}/steps/${si}/summary`,
      );
    if (s.visibility === 'summary' && !s.summary)
      warnings.push({ message: `plan step ${s.step_id} is marked summarized but has no summary` });
  });
  const children = (t.subtasks ?? []).map((sub, i) => ({
    parentStepId: planning?.id ?? 's0',
    history: importTask(sub, `${id}-subtask-${i}`, fileName, `${pointer}/subtasks/${i}`, warnings),
  }));
  return {
    id,
    title: t.objective.length > 80 ? `${t.objective.slice(0, 79)}…` : t.objective,
    format: 'seed-task-history',
    steps: list.steps,
    ...(children.length > 0 ? { children } : {}),
  };
}

export const seedTaskHistoryImporter = defineImporter({
  id: 'seed-task-history',
  label: 'Seed 003 task history',
  near: { sniff: (v) => isRecord(v) && 'objective' in v && 'steps' in v, schema: taskHistory },
  detect: (value) => parsedBy(taskHistory, value),
  import(parsed, fileName) {
    const warnings: ImportWarning[] = [];
    const history = importTask(parsed, fileName, fileName, '', warnings);
    return { file: { histories: [history] }, warnings };
  },
});
