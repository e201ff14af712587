/**
 * A strategy run the way its framework runs it: steps arrive one by one, the trigger decides when
 * the strategy runs, and the mode decides on what (run-config.ts). The context of a model call is
 * always "the view the last application returned, plus the steps appended since":
 * - in place, the next application runs on that context (seeds 001/004 `prune`: cut steps never
 *   come back), so a threshold trigger draws a sawtooth;
 * - stateless, the next application runs on the full history.
 * Stateless before every call (the default run) is by definition the strategy applied to the steps
 * before each call, and equals it (tested; every-call.ts takes it in linear time when the strategy
 * has a fast replay). For every call the engine also records the longest prefix of steps shared with
 * the previous call's context, which prompt caching bills at a fraction of fresh input (cache.ts).
 */
import { isModelCall, modelCallIndices, stepText as stepTextOf } from '../model/steps';
import type { Step, SummaryStep } from '../model/types';
import type {
  ContextChanges,
  HistoryLike,
  ReplacedStep,
  StepFate,
  Strategy,
  StrategyContext,
  StrategyResult,
} from '../strategies/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { sameStep, sharedTokens, unchangedPrefix, type StepsAt } from './prefix';
import {
  contextEvents,
  recordedCompactionSummaries,
  recordedView,
  type ContextEvent,
} from './recorded';
import { DEFAULT_RUN, ranTimes, type RunConfig } from './run-config';
import { EXACT_PREFIX_BUDGET, replayedRun, runContexts } from './every-call';
import {
  callTotals,
  type Application,
  type RunContexts,
  type SimCall,
  type SimulatedRun,
  type SimulateOptions,
} from './types';

export type { Application, RunContexts, SimCall, SimulatedRun, SimulateOptions } from './types';
export { sameStep, sharedPrefixTokens } from './prefix';
export { EXACT_PREFIX_BUDGET } from './every-call';

/**
 * The context after a recorded event at step `at`: hidden steps leave it; restored ones come back at
 * their place in the original order (a step the strategy had cut stays cut unless restored).
 */
function afterEvent(context: readonly Step[], steps: readonly Step[], event: ContextEvent): Step[] {
  if (event.kind !== 'expand') {
    const hide = new Set(event.stepIds);
    return context.filter((s) => !hide.has(s.id));
  }
  const indexOf = new Map(steps.map((s, i) => [s.id, i]));
  const present = new Set(context.map((s) => s.id));
  const restored = event.stepIds
    .filter((id) => !present.has(id))
    .map((id) => indexOf.get(id) as number);
  const out: Step[] = [];
  let last = -1;
  let r = 0;
  restored.sort((a, b) => a - b);
  for (const s of context) {
    const k = indexOf.get(s.id) ?? last;
    while (r < restored.length && (restored[r] as number) < k)
      out.push(steps[restored[r++] as number] as Step);
    out.push(s);
    last = k;
  }
  while (r < restored.length) out.push(steps[restored[r++] as number] as Step);
  return out;
}

/**
 * The final context's fates against the original steps. Summaries inserted by one application may
 * be summarized again by a later one (in place): a summary's `replaces` is followed back to
 * original steps, and the summaries in the final context list the originals they stand for.
 */
function finalResult(
  original: readonly Step[],
  context: readonly Step[],
  created: ReadonlyMap<string, SummaryStep>,
  notes: string[],
): StrategyResult {
  const originalIds = new Set(original.map((s) => s.id));
  const originalsOf = (id: string, seen = new Set<string>()): string[] => {
    if (originalIds.has(id)) return [id];
    const summary = created.get(id);
    if (!summary || seen.has(id)) return [];
    seen.add(id);
    return summary.replaces.flatMap((r) => originalsOf(r, seen));
  };
  const steps = context.map((s): Step =>
    s.kind === 'summary' && !originalIds.has(s.id)
      ? { ...s, replaces: [...new Set(s.replaces.flatMap((r) => originalsOf(r)))] }
      : s,
  );
  const byId = new Map(steps.map((s) => [s.id, s]));
  const summaryOf = new Map<string, string>();
  const inserted = steps.filter((s) => !originalIds.has(s.id));
  for (const s of inserted)
    if (s.kind === 'summary') for (const id of s.replaces) summaryOf.set(id, s.id);
  const fates = original.map((step): StepFate => {
    const out = byId.get(step.id);
    if (out === undefined) {
      const summaryId = summaryOf.get(step.id);
      return summaryId === undefined ? { kind: 'removed' } : { kind: 'summarized', summaryId };
    }
    if (out === step || sameStep(out, step)) return { kind: 'kept' };
    return { kind: 'truncated', before: stepTextOf(step), after: stepTextOf(out) };
  });
  return { steps, fates, inserted, notes };
}

/**
 * The strategy run over the history under `run` (default: stateless, before every call). With
 * `contextsOnly`, each call's context and the run's totals only.
 */
export function simulate<P>(
  history: HistoryLike,
  strategy: Strategy<P>,
  params: P,
  ctx: StrategyContext,
  run: RunConfig | undefined,
  options: SimulateOptions & { readonly contextsOnly: true },
): RunContexts;
export function simulate<P>(
  history: HistoryLike,
  strategy: Strategy<P>,
  params: P,
  ctx: StrategyContext,
  run?: RunConfig,
  options?: SimulateOptions & { readonly contextsOnly?: false },
): SimulatedRun;
export function simulate<P>(
  history: HistoryLike,
  strategy: Strategy<P>,
  params: P,
  ctx: StrategyContext,
  run: RunConfig = DEFAULT_RUN,
  options: SimulateOptions = {},
): SimulatedRun | RunContexts {
  const steps = history.steps;
  const n = steps.length;
  const { trigger, mode } = run;
  // Run instead of the run's own context changes: they are not applied, their summaries not sent.
  const replacing = run.recorded === 'replace';
  const events = replacing ? [] : contextEvents(steps);
  const skipped = new Set(replacing ? recordedCompactionSummaries(steps).map((s) => s.id) : []);
  if (
    skipped.size === 0 &&
    mode === 'stateless' &&
    trigger.kind === 'every-call' &&
    !trigger.onOverflow &&
    events.length === 0 &&
    options.until === undefined &&
    !options.exactPrefixes &&
    strategy.replayTokens
  ) {
    const callIdx = modelCallIndices(steps);
    if (options.contextsOnly || callIdx.length * n > EXACT_PREFIX_BUDGET) {
      const tokens = strategy.replayTokens(history, callIdx, params, ctx);
      if (tokens && options.contextsOnly) return runContexts(callIdx, tokens, ctx);
      // Shared prefixes exact or not at all: without a replayShared, the engine bills each call.
      const shares = tokens && strategy.replayShared?.(history, callIdx, params, ctx);
      if (tokens && shares)
        return replayedRun(history, strategy, params, ctx, run, callIdx, tokens, shares, options);
    }
  }
  const sim = engine(history, strategy, params, ctx, run, options, events, skipped);
  return options.contextsOnly ? contextsOf(sim) : sim;
}

/** A simulated run's contexts and totals alone (what `contextsOnly` returns whichever path ran). */
function contextsOf(sim: SimulatedRun): RunContexts {
  const calls = sim.calls.map((c) => ({ stepIndex: c.stepIndex, contextTokens: c.contextTokens }));
  const { totalInputTokens, peakContextTokens, overflowCalls } = sim;
  return { calls, totalInputTokens, peakContextTokens, overflowCalls };
}

/** The call-by-call engine: every trigger and mode, recorded events, exact shared prefixes. */
function engine<P>(
  history: HistoryLike,
  strategy: Strategy<P>,
  params: P,
  ctx: StrategyContext,
  run: RunConfig,
  options: SimulateOptions,
  events: readonly ContextEvent[],
  skipped: ReadonlySet<string>,
): SimulatedRun {
  const steps = history.steps;
  const n = steps.length;
  const { trigger, mode } = run;
  const stepTokens = (s: Step) => (skipped.has(s.id) ? 0 : ctx.tokens.step(s));
  const sums = [0];
  for (let i = 0; i < n; i++) sums.push((sums[i] as number) + stepTokens(steps[i] as Step));

  // The context at prefix length i is view ++ steps[from, i).
  let view: readonly Step[] = [];
  let viewTokens = 0;
  let from = 0;
  const contextTokensAt = (i: number) =>
    REPLY_PRIMING_TOKENS + viewTokens + (sums[i] as number) - (sums[from] as number);
  const slice = (f: number, i: number) =>
    skipped.size === 0 ? steps.slice(f, i) : steps.slice(f, i).filter((s) => !skipped.has(s.id));
  const materialize = (v: readonly Step[], f: number, i: number): Step[] => [...v, ...slice(f, i)];
  // A call's context, read in place where no recorded summary is left out. An in-place carrier
  // changes the view after the call (types.ts `Carrier`): `replaced` then gives the steps the view
  // held at the call where it has since overwritten them.
  const contextOf = (
    v: readonly Step[],
    f: number,
    i: number,
    replaced?: ReadonlyMap<number, Step>,
    held = v.length,
  ): readonly Step[] | StepsAt => {
    if (skipped.size > 0) return materialize(v, f, i);
    const at = replaced
      ? (j: number) => (j < held ? (replaced.get(j) ?? v[j]) : steps[f + j - held])
      : (j: number) => (j < held ? v[j] : steps[f + j - held]);
    return { length: held + i - f, at };
  };

  const eventsAt = new Map<number, ContextEvent[]>();
  for (const e of events) eventsAt.set(e.at, [...(eventsAt.get(e.at) ?? []), e]);
  // Stateless strategies see the history the agent really held (recorded compactions honoured).
  const fullPrefix = (i: number) =>
    events.length === 0 ? slice(0, i) : recordedView(steps, events, i);
  const applications: Application[] = [];
  const created = new Map<string, SummaryStep>();
  let lastNotes: readonly string[] = [];
  // Applied in place again and again, a strategy with a carrier answers from what changed.
  const carrier = mode === 'in-place' ? strategy.carry?.(params, ctx) : undefined;
  // Since the previous call, the context's steps before this index are still that call's objects.
  let unchangedSinceCall = Infinity;
  // The previous call's context, as it was at the call (`prev` below): its view, and the steps of
  // that view an in-place carrier has overwritten since, by position, as they were.
  let prev:
    | {
        view: readonly Step[];
        held: number;
        from: number;
        end: number;
        tokens: number;
        version: number;
        context: readonly Step[] | StepsAt;
        replaced?: Map<number, Step>;
      }
    | undefined;
  // Each application or recorded change of the context makes a new version of it.
  let version = 0;
  // Whether an application changed the view in place (from then on every call hands the fold
  // what left and entered its context: the previous call's context is no longer its view).
  let changedInPlace = false;
  const applyAt = (i: number) => {
    const before = contextTokensAt(i);
    let inputAt: (j: number) => Step;
    let inputLength: number;
    let result: Pick<StrategyResult, 'steps' | 'inserted' | 'notes'>;
    let unchanged = 0;
    // Changed in place: each overwritten position and the step it held (types.ts `CarriedResult`).
    let replaced: readonly ReplacedStep[] | undefined;
    version++;
    if (carrier) {
      const v = view;
      const held = v.length;
      const appended = slice(from, i);
      inputAt = (j) => (j < held ? v[j] : appended[j - held]) as Step;
      inputLength = held + appended.length;
      const carried = carrier.next(v, appended);
      result = carried;
      unchanged = carried.unchangedBefore;
      replaced = carried.replaced;
      if (replaced) {
        changedInPlace = true;
        // The previous call read this view: keep what it held where it is overwritten.
        if (prev?.view === v) {
          const kept = (prev.replaced ??= new Map());
          for (const { at, before: was } of replaced)
            if (at < prev.held && !kept.has(at)) kept.set(at, was);
        }
      }
    } else {
      const input = mode === 'in-place' ? materialize(view, from, i) : fullPrefix(i);
      inputAt = (j) => input[j] as Step;
      inputLength = input.length;
      result = strategy.apply({ ...history, steps: input }, params, ctx);
      if (mode === 'in-place') unchanged = unchangedPrefix(input, result.steps);
    }
    let out = result.steps;
    // A summary made by one application keeps a name of its own, so a later one can summarize it.
    if (result.inserted.length > 0) {
      const inserted = new Set(result.inserted.map((s) => s.id));
      out = out.map((s, j) => {
        if (!inserted.has(s.id)) return s;
        unchanged = Math.min(unchanged, j);
        const renamed =
          mode === 'in-place' ? { ...s, id: `${s.id}@${applications.length + 1}` } : s;
        if (renamed.kind === 'summary') created.set(renamed.id, renamed);
        return renamed;
      });
    }
    if (replaced) {
      // The tokens that changed: the overwritten steps' (the input itself now holds the new ones).
      let tokens = before - REPLY_PRIMING_TOKENS;
      for (const { at, before: was } of replaced)
        tokens += stepTokens(out[at] as Step) - stepTokens(was);
      viewTokens = tokens;
    } else if (mode === 'in-place') {
      // The tokens that changed: those of the steps from the first changed one on.
      let tokens = before - REPLY_PRIMING_TOKENS;
      for (let j = unchanged; j < inputLength; j++) tokens -= stepTokens(inputAt(j));
      for (let j = unchanged; j < out.length; j++) tokens += stepTokens(out[j] as Step);
      viewTokens = tokens;
    } else {
      viewTokens = 0;
      for (const s of out) viewTokens += stepTokens(s);
    }
    unchangedSinceCall = Math.min(unchangedSinceCall, unchanged);
    view = out;
    from = i;
    lastNotes = result.notes;
    applications.push({ atStep: i, beforeTokens: before, afterTokens: contextTokensAt(i) });
  };

  const calls: SimCall[] = [];
  const contexts = new Map<number, readonly Step[]>();
  let appliedSinceCall = false;
  let callNo = 0;
  let sinceTask = false;
  const beforeCall = (i: number, number: number) => {
    const used = contextTokensAt(i);
    const fires =
      trigger.kind === 'every-call' ||
      (trigger.kind === 'token-limit' && used > trigger.tokens) ||
      (trigger.kind === 'every-k-calls' && number % trigger.k === 0) ||
      (trigger.onOverflow && used > ctx.contextWindow);
    if (fires) applyAt(i);
  };

  for (let i = 0; i <= n; i++) {
    if (options.until !== undefined && i > options.until) break;
    const step = steps[i];
    if (step && !isModelCall(step) && options.keepContextsAt?.has(i))
      contexts.set(i, materialize(view, from, i));
    if (i === n || (step && step.kind === 'task')) {
      // An invocation ends when the next user task arrives (or the run ends).
      if (trigger.kind === 'after-invocation' && sinceTask) applyAt(i);
      sinceTask = false;
    }
    if (i === n) {
      // The context a next call would receive: the final result, not one of the run's calls.
      const before = applications.length;
      if (trigger.kind !== 'after-invocation') beforeCall(n, callNo + 1);
      if (applications.length > before)
        applications[applications.length - 1] = {
          ...(applications.at(-1) as Application),
          afterRun: true,
        };
      break;
    }
    if (isModelCall(step as Step)) {
      callNo++;
      const lengthBefore = applications.length;
      beforeCall(i, callNo);
      if (applications.length > lengthBefore) appliedSinceCall = true;
      const tokens = contextTokensAt(i);
      const context = contextOf(view, from, i);
      // What the previous call received, as it was then (a materialized context is a copy).
      const before =
        prev && (prev.replaced === undefined || skipped.size > 0)
          ? prev.context
          : prev && contextOf(prev.view, prev.from, prev.end, prev.replaced, prev.held);
      let shared = 0;
      if (prev && before) {
        shared =
          prev.version === version
            ? prev.tokens - REPLY_PRIMING_TOKENS
            : sharedTokens(
                before,
                context,
                unchangedSinceCall,
                prev.tokens - REPLY_PRIMING_TOKENS,
                stepTokens,
              );
      }
      if (options.onCall)
        if (changedInPlace)
          options.onCall(
            i,
            context,
            unchangedSinceCall,
            changesBetween(before, context, unchangedSinceCall),
          );
        else options.onCall(i, context, unchangedSinceCall);
      unchangedSinceCall = Infinity;
      const ts = (step as Step).timestamp;
      calls.push({
        stepIndex: i,
        contextTokens: tokens,
        sharedPrefixTokens: shared,
        applied: appliedSinceCall,
        ...(ts !== undefined ? { timestamp: ts } : {}),
      });
      appliedSinceCall = false;
      prev = { view, held: view.length, from, end: i, tokens, version, context };
      if (options.keepContextsAt?.has(i)) contexts.set(i, materialize(view, from, i));
      if (options.until !== undefined && i >= options.until) break;
    }
    // Step i joins the history; after-step triggers see the prefix [0, i + 1).
    if ((step as Step).kind !== 'task' && (step as Step).kind !== 'system-prompt') sinceTask = true;
    const length = i + 1;
    for (const event of eventsAt.get(i) ?? []) {
      // The run itself changed its context here: every strategy's context follows.
      view = afterEvent(materialize(view, from, length), steps, event);
      version++;
      unchangedSinceCall = 0;
      viewTokens = 0;
      for (const x of view) viewTokens += stepTokens(x);
      from = length;
    }
    const before = applications.length;
    if (trigger.kind === 'after-step') applyAt(length);
    else if (trigger.kind === 'step-count') {
      const held = mode === 'in-place' ? view.length + (length - from) : length;
      if (held > trigger.threshold) applyAt(length);
    }
    if (applications.length > before) appliedSinceCall = true;
  }

  const end = options.until === undefined ? n : Math.min(n, options.until);
  const notes = [ranTimes(applications.filter((a) => !a.afterRun).length, run), ...lastNotes];
  return {
    run,
    calls,
    ...callTotals(calls, ctx.contextWindow),
    applications,
    final: finalResult(steps.slice(0, end), materialize(view, from, end), created, notes),
    contexts,
  };
}

/**
 * The steps that left a call's context since the previous call's and those that entered it: from
 * the first position at or after `unchanged` where the two differ, to their ends.
 */
function changesBetween(
  previous: StepsAt | undefined,
  next: StepsAt,
  unchanged: number,
): ContextChanges {
  const a = previous ?? { length: 0, at: () => undefined };
  const n = Math.min(a.length, next.length);
  let d = Math.min(Math.max(0, unchanged), n);
  while (d < n && a.at(d) === next.at(d)) d++;
  const leaving: Step[] = [];
  const entering: Step[] = [];
  for (let j = d; j < a.length; j++) leaving.push(a.at(j) as Step);
  for (let j = d; j < next.length; j++) entering.push(next.at(j) as Step);
  return { leaving, entering };
}

/** The context the model receives at the call that produced step `stepIndex`, under a simulated run. */
export function simulatedContextAt<P>(
  history: HistoryLike,
  strategy: Strategy<P>,
  params: P,
  ctx: StrategyContext,
  run: RunConfig,
  stepIndex: number,
): readonly Step[] {
  const sim = simulate(history, strategy, params, ctx, run, {
    keepContextsAt: new Set([stepIndex]),
    until: stepIndex,
  });
  return sim.contexts.get(stepIndex) ?? history.steps.slice(0, stepIndex);
}
