/**
 * Seed 003's plan-aligned history as a strategy: history grouped by plan step (or split at tasks),
 * and "Automatic Context Budget": while context pressure passes 0.8, the oldest completed plan step
 * still shown in full is compacted — to its summary (the model's own `summarize_step` summary when
 * the history holds one, else the seed's extractive summary), to its key turns (condensed), or to its
 * title (the multi-level visibility of "Future Directions"). `all-completed` compacts every completed
 * step at once. The active (last) plan step is never compacted.
 * `expand` asks "what if the model had called seed 003's `expand_step(step_id)` at call N?": from that
 * call on the plan step is shown in full again, whatever the mode or its override says.
 */
import { z } from 'zod';
import { isModelCall } from '../../lib/model/steps';
import type { Step, SummaryStep } from '../../lib/model/types';
import { contextPressure } from '../../lib/tokens/pressure';
import { firstTrue } from '../../lib/strategies/replay-kit';
import { buildResult } from '../../lib/strategies/result';
import type { PlanItem } from '../../lib/model/types';
import { REPLY_PRIMING_TOKENS } from '../../lib/tokens/messages';
import {
  buildTaskHistory,
  expandStep,
  extractiveSummary,
  groupSteps,
  planItemsOf,
  renderStepHistory,
  stepHistoryOf,
  titleOf,
  ToolValidationError,
  type GroupDraft,
  type PlanGroup,
  type TaskHistory,
} from '../../lib/strategies/task-history';
import type { Strategy } from '../../lib/strategies/types';

const LEVELS = ['full', 'condensed', 'summary', 'title'] as const;

const EXPAND_KEYS = ['step', 'atCall'];
const unknownKeys = (keys: readonly string[]) =>
  `unknown ${keys.length === 1 ? 'key' : 'keys'} ${keys.map((k) => `"${k}"`).join(', ')} (expected: ${EXPAND_KEYS.join(', ')})`;

/**
 * One simulated seed 003 `expand_step(step_id)` call: the plan step and the model call making it.
 * A misspelled key is named before anything else (as `parseParams` does for the top level).
 */
const expandCall = z.preprocess(
  (value, ctx) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const unknown = Object.keys(value).filter((k) => !EXPAND_KEYS.includes(k));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownKeys(unknown) });
    }
    return value;
  },
  z.strictObject({
    step: z
      .union([z.string().min(1), z.number().int()])
      .transform(String)
      .describe("The plan step's id, as seed 003's expand_step(step_id) names it."),
    atCall: z
      .number()
      .int()
      .min(1)
      .describe('The model call (1-based) from which the plan step is shown in full.'),
  }),
);

const params = z.object({
  mode: z
    .enum(['pressure', 'all-completed', 'manual'])
    .default('pressure')
    .describe('Compact on context pressure, every completed plan step, or only the overrides.')
    .meta({ title: 'When to compact' }),
  threshold: z
    .number()
    .gt(0)
    .max(1)
    .default(0.8)
    .describe('Context pressure above which the oldest completed step is compacted.')
    .meta({ title: 'Pressure that compacts', upstream: 'context_pressure' }),
  maxTokens: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Context size for the pressure; defaults to the model's window.")
    .meta({ title: 'Window for the pressure (tokens)', upstream: 'context_pressure(max_tokens)' }),
  compactTo: z
    .enum(['summary', 'condensed', 'title'])
    .default('summary')
    .describe('What a compacted plan step shows.')
    .meta({ title: 'A compacted step shows', upstream: 'Visibility' }),
  overrides: z
    .record(z.string(), z.enum(LEVELS))
    .optional()
    .describe(
      'Per plan-step id, a visibility that wins over the mode (seed 003 StepVisibilityResolver): full keeps it, the others compact it once completed.',
    )
    .meta({ title: 'Per-step visibility', upstream: 'StepVisibilityResolver' }),
  expand: z
    .array(expandCall)
    .default([])
    .describe(
      'Seed 003 expand_step calls to simulate, [{"step": "3", "atCall": 20}]: from that call on the plan step is shown in full, over the mode and its override.',
    )
    .meta({ title: 'expand_step calls', upstream: 'expand_step(step_id)' }),
});
type Params = z.infer<typeof params>;

type Level = Params['compactTo'];

/**
 * The plan steps the model has expanded by call `call` (seed 003 `expand_step`: visibility `full`
 * again), each checked as the seed's handler checks it ("Step 9 not found."), with the known ids.
 * Calls still to come are left for a later call, with a note.
 */
function expandedBy(
  history: TaskHistory,
  expand: Params['expand'],
  call: number,
  notes: string[],
): Set<string> {
  const expanded = new Set<string>();
  for (const e of expand) {
    if (e.atCall > call) {
      notes.push(`expand_step(${e.step}) at call ${e.atCall} not reached (this is call ${call})`);
      continue;
    }
    try {
      expandStep(history, e.step);
    } catch (error) {
      if (!(error instanceof ToolValidationError)) throw error;
      // The plan view and the rendered section number plan steps 1.1, 1.2, …: name the id meant.
      const ids = history.steps.map((s) => s.stepId);
      const heading = /^1\.(\d+)$/.exec(e.step);
      const meant = heading ? ids[Number(heading[1]) - 1] : undefined;
      throw new ToolValidationError(
        `expand: ${error.message} (seed 003 expand_step(${e.step}) at call ${e.atCall}, before call ${call}; known plan-step ids: ${ids.join(', ') || 'none'}${meant === undefined ? '' : `; heading 1.${heading?.[1] ?? ''} is plan step "${meant}"`})`,
      );
    }
    if (!expanded.has(e.step)) notes.push(`expand_step(${e.step}) since call ${e.atCall}: in full`);
    expanded.add(e.step);
  }
  return expanded;
}

function summaryStepFor(group: PlanGroup, steps: readonly Step[], level: Level): SummaryStep {
  const sh = group.stepHistory;
  const summary = sh.summary ?? extractiveSummary(sh);
  const first = steps[group.indices[0] as number] as Step;
  return {
    kind: 'summary',
    id: `plan-summary-${sh.stepId}`,
    stepNumber: first.stepNumber,
    planStepId: sh.stepId,
    content: renderStepHistory({ ...sh, visibility: level, summary }),
    replaces: sh.sourceStepIds,
    origin: sh.summary !== undefined && level === 'summary' ? 'model' : 'extractive',
    ...(first.timestamp !== undefined ? { timestamp: first.timestamp } : {}),
  };
}

/** The steps with each compacted plan step (group index → level) replaced by its summary step. */
function compose(
  steps: readonly Step[],
  groups: readonly PlanGroup[],
  compacted: ReadonlyMap<number, Level>,
): Step[] {
  const replacedBy = new Map<number, number>();
  for (const g of compacted.keys())
    for (const i of (groups[g] as PlanGroup).indices) replacedBy.set(i, g);
  const out: Step[] = [];
  steps.forEach((s, i) => {
    const g = replacedBy.get(i);
    if (g === undefined) out.push(s);
    else if ((groups[g] as PlanGroup).indices[0] === i)
      out.push(summaryStepFor(groups[g] as PlanGroup, steps, compacted.get(g) as Level));
  });
  return out;
}

export const summarizePlanSteps: Strategy<Params> = {
  id: 'summarize-plan-steps',
  label: 'Plan-step summaries (seed 003)',
  description:
    'Groups the history by plan step (or task) and compacts completed steps to summaries under context pressure.',
  source:
    'seed 003 TaskHistorySection: summarize_step, extractive_summary, auto-compaction on context pressure',
  paramsSchema: params,
  acts: (p) =>
    p.mode === 'pressure'
      ? `compacts a completed plan step only once the context passes ${Math.round(p.threshold * 100)}% of ${p.maxTokens === undefined ? 'the window' : `${p.maxTokens.toLocaleString('en-US')} tokens`}`
      : p.mode === 'manual'
        ? 'compacts only the plan steps its overrides name'
        : 'compacts every completed plan step',
  apply(history, p, ctx) {
    const steps = history.steps;
    const { history: taskHistory, groups } = buildTaskHistory(steps);
    const expandNotes: string[] = [];
    // Applied before call k, the number of model calls in the prefix + 1 (seed 003: the model calls
    // expand_step at call k, and the prompt is re-rendered with the step in full from then on).
    const call = steps.filter(isModelCall).length + 1;
    const expanded = expandedBy(taskHistory, p.expand, call, expandNotes);
    const completed = groups
      .map((g, i) => (g.stepHistory.completed ? i : -1))
      .filter((i) => i >= 0);
    const compacted = new Map<number, Level>();
    const max = p.maxTokens ?? ctx.contextWindow;
    // An override wins over the mode: `full` keeps a plan step whole, another level compacts it. An
    // expanded plan step is `full` over both: expand_step resets the visibility summarize_step (the
    // plan view's SUMMARY toggle) stored.
    const override = (g: number) => {
      const id = (groups[g] as PlanGroup).stepHistory.stepId;
      return expanded.has(id) ? 'full' : p.overrides?.[id];
    };
    for (const g of completed) {
      const level = override(g);
      if (level !== undefined && level !== 'full') compacted.set(g, level);
    }
    const free = completed.filter((g) => override(g) === undefined);
    if (p.mode === 'all-completed') {
      for (const g of free) compacted.set(g, p.compactTo);
    } else if (p.mode === 'pressure') {
      // Compacting a plan step changes the context by (its summary − its steps): keep a running total
      // instead of recomposing the history for every plan step.
      let used = ctx.tokens.context(compose(steps, groups, compacted));
      for (const g of free) {
        if (contextPressure(used, max).utilization <= p.threshold) break;
        const group = groups[g] as PlanGroup;
        const own = group.indices.reduce((n, i) => n + ctx.tokens.step(steps[i] as Step), 0);
        used += ctx.tokens.step(summaryStepFor(group, steps, p.compactTo)) - own;
        compacted.set(g, p.compactTo);
      }
    }
    const output = compose(steps, groups, compacted);
    const pressure = contextPressure(ctx.tokens.context(output), max);
    const notes = [
      `${groups.length} plan steps, ${compacted.size} compacted to ${p.compactTo}; pressure ${(pressure.utilization * 100).toFixed(1)}% (${pressure.recommendation})`,
      ...expandNotes,
    ];
    return buildResult(steps, output, notes);
  },
  replayTokens(history, calls, p, ctx) {
    // Overrides, expand calls and manual mode take the exact path (apply per call).
    if (
      p.mode === 'manual' ||
      p.expand.length > 0 ||
      (p.overrides && Object.keys(p.overrides).length > 0)
    )
      return undefined;
    const steps = history.steps;
    const max = p.maxTokens ?? ctx.contextWindow;
    const firstPlanned = steps.findIndex((s) => s.planStepId !== undefined);
    // Both groupings are prefix-stable (see groupSteps); a prefix uses the planned one once it
    // holds a step with a plan-step id.
    const groupings = { planned: groupSteps(steps, true), unplanned: groupSteps(steps, false) };
    const stepSums = [0];
    steps.forEach((s, i) => stepSums.push((stepSums[i] as number) + ctx.tokens.step(s)));
    const cumulative = new Map<GroupDraft, number[]>();
    const cumOf = (g: GroupDraft) => {
      let cum = cumulative.get(g);
      if (!cum) {
        cum = [0];
        for (const i of g.indices)
          cum.push((cum[cum.length - 1] as number) + ctx.tokens.step(steps[i] as Step));
        cumulative.set(g, cum);
      }
      return cum;
    };
    const below = (sorted: readonly number[], k: number) =>
      firstTrue(0, sorted.length, (i) => (sorted[i] as number) >= k);
    const planning = steps.map((s, i) => (s.kind === 'planning' ? i : -1)).filter((i) => i >= 0);
    const itemsByCount = new Map<number, Map<string, PlanItem>>();
    const itemsAt = (k: number) => {
      const n = below(planning, k);
      let items = itemsByCount.get(n);
      if (!items) {
        items = planItemsOf(planning.slice(0, n).map((i) => steps[i] as Step));
        itemsByCount.set(n, items);
      }
      return items;
    };
    const summaries = new Map<string, number>();
    const summaryTokens = (g: GroupDraft, count: number, title: string) => {
      const key = `${g.id}\u0000${count}\u0000${title}`;
      let n = summaries.get(key);
      if (n === undefined) {
        const indices = g.indices.slice(0, count);
        const group: PlanGroup = {
          stepHistory: stepHistoryOf(
            g.id,
            title,
            indices.map((i) => steps[i] as Step),
            true,
          ),
          indices,
        };
        n = ctx.tokens.step(summaryStepFor(group, steps, p.compactTo));
        summaries.set(key, n);
      }
      return n;
    };
    const firsts = new Map(
      [groupings.planned, groupings.unplanned].map((d) => [
        d,
        d.map((g) => g.indices[0] as number),
      ]),
    );
    // Split at tasks, every plan step but the last is complete and titled by its task, so its change
    // (summary minus steps) is fixed: prefix sums of the changes, and their running minimum, find the
    // first point where pressure is low enough by binary search.
    const change = (g: GroupDraft, k: number, items: ReadonlyMap<string, PlanItem>) => {
      const count = below(g.indices, k);
      return summaryTokens(g, count, titleOf(g, items)) - (cumOf(g)[count] as number);
    };
    const sums = [0];
    const minSums = [0];
    const grow = (n: number) => {
      while (sums.length <= n) {
        const g = groupings.unplanned[sums.length - 1] as GroupDraft;
        const next = (sums[sums.length - 1] as number) + change(g, Infinity, new Map());
        sums.push(next);
        minSums.push(Math.min(minSums[minSums.length - 1] as number, next));
      }
    };
    return calls.map((k) => {
      const drafts =
        firstPlanned !== -1 && firstPlanned < k ? groupings.planned : groupings.unplanned;
      const present = below(firsts.get(drafts) as number[], k);
      const items = itemsAt(k);
      let used = REPLY_PRIMING_TOKENS + (stepSums[k] as number);
      if (drafts === groupings.unplanned && present > 0) {
        const fixed = present - 1;
        grow(fixed);
        const low = (m: number) => (used + (minSums[m] as number)) / max <= p.threshold;
        if (p.mode === 'pressure' && low(fixed)) {
          return used + (sums[firstTrue(0, fixed, low)] as number);
        }
        used += sums[fixed] as number;
        const last = drafts[fixed] as GroupDraft;
        if (
          items.get(last.id)?.status === 'done' &&
          !(p.mode === 'pressure' && used / max <= p.threshold)
        )
          used += change(last, k, items);
        return used;
      }
      for (let gi = 0; gi < present; gi++) {
        const g = drafts[gi] as GroupDraft;
        if (!(gi < present - 1 || items.get(g.id)?.status === 'done')) continue;
        if (p.mode === 'pressure' && used / max <= p.threshold) break;
        used += change(g, k, items);
      }
      return used;
    });
  },
};
