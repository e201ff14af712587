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
import { isModelCall } from '../model/steps';
import type { Step, SummaryStep } from '../model/types';
import { contextPressure } from '../tokens/pressure';
import { listContext, listMemo } from './replay-kit';
import { buildResult, KEPT_FATE, summarizedFate } from './result';
import type { StepTokens } from '../tokens/step-tokens';
import {
  buildTaskHistory,
  expandStep,
  extractiveSummary,
  renderStepHistory,
  ToolValidationError,
  type PlanGroup,
  type TaskHistory,
} from './task-history';
import { planStepsReplay } from './plan-steps-shared';
import type { StepFate, Strategy, StrategyContext, StrategyResult } from './types';

const LEVELS = ['full', 'condensed', 'summary', 'title'] as const;

/** Each group's summary step at a level, made once per list (array slots filled as asked). */
function planSummaries(
  steps: readonly Step[],
  plan: Plan,
  level: Level,
): (SummaryStep | undefined)[] {
  return listMemo(steps, PLAN, `summaries:${level}`, () =>
    new Array<SummaryStep | undefined>(plan.groups.length).fill(undefined),
  );
}

/**
 * Each group's fate once compacted (summarized into its summary, whose id is the same at every
 * level), made once per list and shared by the applies, as `listVariants`' fates are: one object
 * per plan step at every apply was most of what a first apply on 100,000 steps allocated.
 */
function summaryFates(steps: readonly Step[], plan: Plan): (StepFate | undefined)[] {
  return listMemo(steps, PLAN, 'summary-fates', () =>
    new Array<StepFate | undefined>(plan.groups.length).fill(undefined),
  );
}

/** What `summaryTokensAt` reads: a list's summaries at a level and their counts. */
interface SummaryTokens {
  readonly steps: readonly Step[];
  readonly plan: Plan;
  readonly tokens: StepTokens;
  readonly level: Level;
  readonly counts: (number | undefined)[];
  readonly summaries: (SummaryStep | undefined)[];
}

/** Each group's summary tokens at a level, counted once per list and counter. */
function summaryTokensOf(
  steps: readonly Step[],
  plan: Plan,
  tokens: StepTokens,
  level: Level,
): SummaryTokens {
  const counts = listMemo(steps, tokens, `plan-summary:${level}`, () =>
    new Array<number | undefined>(plan.groups.length).fill(undefined),
  );
  return { steps, plan, tokens, level, counts, summaries: planSummaries(steps, plan, level) };
}

/** Group g's summary tokens (a function of the module, not a closure per apply: see `markCompacted`). */
function summaryTokensAt(t: SummaryTokens, g: number): number {
  return (t.counts[g] ??= t.tokens.step(
    (t.summaries[g] ??= summaryStepFor(t.plan.groups[g] as PlanGroup, t.steps, t.level)),
  ));
}

/** Each group's own tokens (the sum of its steps'), once per list and counter. */
function ownTokens(steps: readonly Step[], plan: Plan, tokens: StepTokens): readonly number[] {
  return listMemo(steps, tokens, 'plan-own', () =>
    plan.groups.map((g) => g.indices.reduce((n, i) => n + tokens.step(steps[i] as Step), 0)),
  );
}

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

/**
 * The steps with each compacted plan step (`compacted[g]`, a level or undefined) replaced by its
 * summary step, and their fates: a step of a compacted plan step is summarized into its summary.
 */
function compose(
  steps: readonly Step[],
  plan: Plan,
  compacted: readonly (Level | undefined)[],
  notes: readonly string[],
): StrategyResult {
  const { groups, groupOf } = plan;
  // The output's length is known before it is built (each compacted plan step's steps become one
  // summary): allocated once, not grown by pushing (on 100,000 steps the pushes re-allocated and
  // copied it in the large-object space, issue 26's 100k / 20k row).
  let length = steps.length;
  let summaries = 0;
  for (let g = 0; g < groups.length; g++)
    if (compacted[g] !== undefined) {
      length -= (groups[g] as PlanGroup).indices.length - 1;
      summaries++;
    }
  const out = new Array<Step>(length);
  let o = 0;
  const fates = new Array<StepFate>(steps.length);
  const inserted = new Array<Step>(summaries);
  let s = 0;
  const intoFates = summaryFates(steps, plan);
  let into: StepFate = KEPT_FATE;
  // The summaries of the level last met, looked up again only when the level changes (overrides);
  // no closure per call (see `markCompacted`).
  let listLevel: Level | undefined;
  let list: (SummaryStep | undefined)[] = [];
  for (let i = 0; i < steps.length; i++) {
    const g = groupOf[i] as number;
    const level = g < 0 ? undefined : compacted[g];
    if (level === undefined) {
      out[o++] = steps[i] as Step;
      fates[i] = KEPT_FATE;
      continue;
    }
    if (plan.starts[i] === 1) {
      if (level !== listLevel) {
        list = planSummaries(steps, plan, level);
        listLevel = level;
      }
      const summary = (list[g] ??= summaryStepFor(groups[g] as PlanGroup, steps, level));
      out[o++] = summary;
      inserted[s++] = summary;
      into = intoFates[g] ??= summarizedFate(summary.id);
    }
    fates[i] = into;
  }
  // The same lengths, whatever the groups' indices hold.
  out.length = o;
  inserted.length = s;
  return { steps: out, fates, inserted, notes };
}

/**
 * Marks group g compacted at `level`: 1 when it was not compacted before, else 0. A function of the
 * module, not a closure made per apply: a closure called in a loop ties the loop's optimized code
 * to it, so the collector discards the code with it and every first apply ran its loops in the
 * interpreter until a new compile finished (--trace-deopt: "reason: weak objects"; issue 26's
 * 100k / 20k row).
 */
function markCompacted(compacted: (Level | undefined)[], g: number, level: Level): number {
  const fresh = compacted[g] === undefined ? 1 : 0;
  compacted[g] = level;
  return fresh;
}

/** A step list's task history and groups, with each step's group (-1: none), made once per list. */
interface Plan {
  readonly history: TaskHistory;
  readonly groups: readonly PlanGroup[];
  readonly groupOf: Int32Array;
  /** 1 where a step is the first of its group. */
  readonly starts: Uint8Array;
  /** The completed groups' indices. */
  readonly completed: readonly number[];
  /** Model calls in the list. */
  readonly calls: number;
  /**
   * Whether fates follow from the groups alone (`compose`): ids are unique and none reads as one of
   * our summaries'. Otherwise `buildResult` derives them by id, as it always did.
   */
  readonly plainIds: boolean;
}

function planOf(steps: readonly Step[]): Plan {
  return listMemo(steps, PLAN, 'plan', () => {
    const { history, groups } = buildTaskHistory(steps);
    const groupOf = new Int32Array(steps.length).fill(-1);
    const starts = new Uint8Array(steps.length);
    groups.forEach((g, gi) => {
      for (const i of g.indices) groupOf[i] = gi;
      starts[g.indices[0] as number] = 1;
    });
    const ids = new Set(steps.map((s) => s.id));
    return {
      history,
      groups,
      groupOf,
      starts,
      completed: groups.flatMap((g, i) => (g.stepHistory.completed ? [i] : [])),
      calls: steps.filter(isModelCall).length,
      plainIds: ids.size === steps.length && !steps.some((s) => s.id.startsWith('plan-summary-')),
    };
  });
}

const PLAN = {};

/**
 * The replay of a history from the strategy's own decisions (plan-steps-shared.ts). Overrides,
 * expand calls and manual mode take the exact path (apply per call).
 */
function replayOf(steps: readonly Step[], p: Params, ctx: StrategyContext) {
  if (
    p.mode === 'manual' ||
    p.expand.length > 0 ||
    (p.overrides && Object.keys(p.overrides).length > 0)
  )
    return undefined;
  const mode = p.mode;
  const max = p.maxTokens ?? ctx.contextWindow;
  const key = JSON.stringify([mode, p.threshold, max, p.compactTo]);
  return planStepsReplay(steps, ctx, key, () => ({
    mode,
    threshold: p.threshold,
    max,
    summaryStep: (group) => summaryStepFor(group, steps, p.compactTo),
  }));
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
    const plan = planOf(steps);
    const { history: taskHistory, groups } = plan;
    const expandNotes: string[] = [];
    // Applied before call k, the number of model calls in the prefix + 1 (seed 003: the model calls
    // expand_step at call k, and the prompt is re-rendered with the step in full from then on).
    const call = plan.calls + 1;
    const expanded = expandedBy(taskHistory, p.expand, call, expandNotes);
    const compacted = new Array<Level | undefined>(groups.length);
    let compactedCount = 0;
    const max = p.maxTokens ?? ctx.contextWindow;
    // An override wins over the mode: `full` keeps a plan step whole, another level compacts it. An
    // expanded plan step is `full` over both: expand_step resets the visibility summarize_step (the
    // plan view's SUMMARY toggle) stored.
    const overrides = p.overrides ?? {};
    const override = (g: number) => {
      const id = (groups[g] as PlanGroup).stepHistory.stepId;
      return expanded.has(id) ? 'full' : overrides[id];
    };
    let free = plan.completed;
    if (expanded.size > 0 || Object.keys(overrides).length > 0) {
      for (const g of plan.completed) {
        const level = override(g);
        if (level !== undefined && level !== 'full')
          compactedCount += markCompacted(compacted, g, level);
      }
      free = plan.completed.filter((g) => override(g) === undefined);
    }
    let used: number | undefined;
    if (p.mode === 'all-completed') {
      for (const g of free) compactedCount += markCompacted(compacted, g, p.compactTo);
    } else if (p.mode === 'pressure') {
      // Compacting a plan step changes the context by (its summary − its steps): keep a running total
      // instead of recomposing the history for every plan step.
      used =
        compactedCount === 0
          ? listContext(steps, ctx.tokens)
          : ctx.tokens.context(compose(steps, plan, compacted, []).steps);
      const own = ownTokens(steps, plan, ctx.tokens);
      const summaryTokens = summaryTokensOf(steps, plan, ctx.tokens, p.compactTo);
      // `contextPressure(used, max).utilization` without an object per plan step (the call
      // checks the window once).
      if (free.length > 0) contextPressure(used, max);
      for (const g of free) {
        if (used / max <= p.threshold) break;
        used += summaryTokensAt(summaryTokens, g) - (own[g] as number);
        compactedCount += markCompacted(compacted, g, p.compactTo);
      }
    }
    const notesOf = (output: readonly Step[]) => {
      // In pressure mode the running total is the output's context (the same sum, kept as it went).
      const pressure = contextPressure(used ?? ctx.tokens.context(output), max);
      return [
        `${groups.length} plan steps, ${compactedCount} compacted to ${p.compactTo}; pressure ${(pressure.utilization * 100).toFixed(1)}% (${pressure.recommendation})`,
        ...expandNotes,
      ];
    };
    const composed = compose(steps, plan, compacted, []);
    if (!plan.plainIds) return buildResult(steps, composed.steps, notesOf(composed.steps));
    return { ...composed, notes: notesOf(composed.steps) };
  },
  replayTokens: (history, calls, p, ctx) => replayOf(history.steps, p, ctx)?.tokens(calls),
  replayShared: (history, calls, p, ctx) => replayOf(history.steps, p, ctx)?.shared(calls),
  replayContexts: (history, p, ctx) => replayOf(history.steps, p, ctx)?.contextAt,
  replayViews: (history, p, ctx) => replayOf(history.steps, p, ctx)?.views(),
};

/**
 * What the first apply with the default parameters builds on a loaded list (load-index.ts): its
 * plan steps, each one's tokens, the list's context, and each completed plan step's summary at the
 * default level with its tokens. All depend on the steps and the counter alone; pressure compacts
 * completed plan steps oldest first until the context fits, which on a history over the window is
 * all of them but the last few (all-completed mode takes every one).
 */
export function preparePlanSteps(steps: readonly Step[], tokens: StepTokens): void {
  const plan = planOf(steps);
  ownTokens(steps, plan, tokens);
  listContext(steps, tokens);
  const summaryTokens = summaryTokensOf(steps, plan, tokens, DEFAULT_LEVEL);
  for (const g of plan.completed) summaryTokensAt(summaryTokens, g);
  const summaries = planSummaries(steps, plan, DEFAULT_LEVEL);
  const fates = summaryFates(steps, plan);
  for (const g of plan.completed) fates[g] ??= summarizedFate((summaries[g] as SummaryStep).id);
}

const DEFAULT_LEVEL: Level = params.shape.compactTo.parse(undefined);
