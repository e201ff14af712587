/** The CLI's three commands over the core: inspect, prune, replay. Each returns its `--json` value. */
import { historyToDict } from '../lib/format/native';
import type { ImportResult } from '../lib/import';
import { DIALECT_REGISTRY, findDialect, toMessages, type Dialect } from '../lib/messages';
import { summarizeStep } from '../lib/model/inspect';
import { hasError, isModelCall, toolNamesOf } from '../lib/model/steps';
import type { History } from '../lib/model/types';
import { reportedUsage } from '../lib/model/usage';
import { whatYouPaid } from '../lib/pricing/paid';
import type { PriceOverrides } from '../lib/pricing/overrides';
import { pyLen, pyPrefix } from '../lib/text/python-string';
import { priceSheetFor, runCost } from '../lib/simulate/cache';
import { reconcile } from '../lib/simulate/reconcile';
import { compactionMarkers, describeCompaction } from '../lib/simulate/compactions';
import { checkReportedUsage } from '../lib/simulate/reported';
import { describeRun, parseRunConfig, type RunConfig } from '../lib/simulate/run-config';
import { simulate } from '../lib/simulate/simulate';
import { getStrategy, parseParams, StrategyParamsError } from '../lib/strategies';
import { none } from '../lib/strategies/none';
import type { StrategyContext } from '../lib/strategies/types';
import { REPLY_PRIMING_TOKENS } from '../lib/tokens/messages';

/**
 * `--params` may carry the run config too (`{"n": 3, "trigger": {...}, "mode": "in-place",
 * "recorded": "replace"}`: `recorded` runs it instead of the run's own compactions), as
 * may `--trigger`/`--mode`; the rest are the strategy's parameters, checked strictly. A key the
 * strategy itself has (summarize-plan-steps' own `mode`) stays the strategy's: its run mode is then
 * given with `--mode`.
 */
export function splitRunParams(
  raw: unknown,
  flags: { trigger?: unknown; mode?: unknown },
  strategyKeys: readonly string[] = [],
): { params: unknown; run: RunConfig } {
  const record =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : undefined;
  const own = (key: string) => strategyKeys.includes(key);
  const params: Record<string, unknown> = {};
  let trigger: unknown;
  let mode: unknown;
  let recorded: unknown;
  for (const [key, value] of Object.entries(record ?? {})) {
    if (key === 'trigger' && !own(key)) trigger = value;
    else if (key === 'mode' && !own(key)) mode = value;
    else if (key === 'recorded' && !own(key)) recorded = value;
    else params[key] = value;
  }
  if (
    (trigger !== undefined && flags.trigger !== undefined) ||
    (mode !== undefined && flags.mode !== undefined)
  ) {
    throw new StrategyParamsError('the trigger or mode is given twice: in --params and as a flag');
  }
  const run = parseRunConfig({
    ...((trigger ?? flags.trigger) !== undefined ? { trigger: trigger ?? flags.trigger } : {}),
    ...((mode ?? flags.mode) !== undefined ? { mode: mode ?? flags.mode } : {}),
    ...(recorded !== undefined ? { recorded } : {}),
  });
  return { params: record ? params : raw, run };
}

/** Every history with its sub-agents after it, each sub-agent naming the step that started it. */
function withSubAgents(
  histories: readonly History[],
): { h: History; parent?: { historyId: string; stepId: string } }[] {
  return histories.flatMap((h) => [
    { h },
    ...withSubAgents((h.children ?? []).map((c) => c.history)).map((x, i) =>
      x.parent
        ? x
        : { ...x, parent: { historyId: h.id, stepId: (h.children ?? [])[i]?.parentStepId ?? '' } },
    ),
  ]);
}

/** What a run cost, as `--json` gives it: recorded, priced from its usage, or why not. */
function paidOf(h: History, prices?: PriceOverrides) {
  const paid = whatYouPaid(h, prices ? { overrides: prices } : {});
  switch (paid.kind) {
    case 'recorded':
      return { kind: paid.kind, usd: paid.usd, from: paid.from };
    case 'priced':
      return {
        kind: paid.kind,
        usd: paid.usd,
        basis: paid.basis,
        calls: paid.calls,
        models: paid.models.map((m) => ({
          model: m.model ?? null,
          source: m.source,
          calls: m.calls,
          usd: m.usd,
        })),
        unpriced: paid.unpriced.map((u) => u.reason),
        ...(paid.offBranch ? { offBranchCalls: paid.offBranch.calls } : {}),
      };
    case 'none':
      return { kind: paid.kind, reason: paid.reason };
  }
}

/** `none` against the file's reported usage, call by call, with the gap explained. */
function reconciliationOf(h: History, tokens: readonly number[], ctx: StrategyContext) {
  const r = reconcile(h.steps, tokens, {
    ...(h.model ? { model: h.model } : {}),
    tokenizer: ctx.tokens.counter.id,
  });
  if (!r) return undefined;
  return {
    reportedCalls: r.reportedCalls,
    simulatedTokens: r.simulatedTotal,
    reportedTokens: r.reportedTotal,
    offsetTokens: r.offsetTokens,
    scale: r.scale,
    residualMedian: r.residual.median,
    residualMax: r.residual.max,
    explanations: [...r.explanations],
    calls: r.calls.map((c) => ({
      call: c.call,
      stepIndex: c.stepIndex,
      simulatedTokens: c.simulated,
      ...(c.reported
        ? {
            reportedTokens: c.reported.total,
            uncachedTokens: c.reported.uncached,
            cacheReadTokens: c.reported.cacheRead,
            cacheWriteTokens: c.reported.cacheWrite,
            cacheWrite1hTokens: c.reported.cacheWrite1h,
            outputTokens: c.reported.output,
          }
        : {}),
      ...(c.recordedCostUsd !== undefined ? { recordedCostUsd: c.recordedCostUsd } : {}),
    })),
  };
}

/** The first non-empty line of a summary, cut to `max` code points with an ellipsis. */
function firstLine(text: string, max = 100): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  const trimmed = line.trim();
  return pyLen(trimmed) > max ? `${pyPrefix(trimmed, max - 1)}…` : trimmed;
}

/**
 * The compactions the run made, recorded by the file or probable from its reported usage, as the
 * app's timeline marks them (lib/simulate/compactions.ts), over the same counts as the step rows.
 */
function compactionsOf(h: History, tokens: readonly number[]) {
  return compactionMarkers(h.steps, tokens).map((m) => ({
    kind: m.kind,
    stepId: m.stepId,
    stepIndex: m.stepIndex,
    ...(m.callBefore !== undefined ? { callBefore: m.callBefore } : {}),
    ...(m.callAfter !== undefined ? { callAfter: m.callAfter } : {}),
    ...(m.compaction ? { recordedAs: m.compaction.recordedAs } : {}),
    ...(m.compaction?.trigger ? { trigger: m.compaction.trigger } : {}),
    ...(m.before ? { before: { tokens: m.before.tokens, source: m.before.source } } : {}),
    ...(m.after ? { after: { tokens: m.after.tokens, source: m.after.source } } : {}),
    dropped: m.dropped.length,
    droppedTokens: m.droppedTokens,
    summaryTokens: m.summaryTokens,
    laterCalls: m.laterCalls,
    savedPerCall: m.savedPerCall,
    description: describeCompaction(m),
    ...(m.summary !== '' ? { summaryStart: firstLine(m.summary) } : {}),
  }));
}

/**
 * The run's input without pruning: every call resends every step the file holds before it, its
 * recorded compactions not applied (what `none` before every call gives on the steps as listed).
 */
function resentInput(h: History, tokens: readonly number[]): number {
  let before = REPLY_PRIMING_TOKENS;
  let total = 0;
  h.steps.forEach((s, i) => {
    if (isModelCall(s)) total += before;
    before += tokens[i] as number;
  });
  return total;
}

export function inspectCommand(
  imported: ImportResult & { format: string },
  file: string,
  ctx: StrategyContext,
  prices?: PriceOverrides,
) {
  return {
    command: 'inspect' as const,
    file,
    format: imported.format,
    tokenizer: ctx.tokens.counter.id,
    warnings: imported.warnings.map((w) => w.message),
    histories: withSubAgents(imported.file.histories).map(({ h, parent }) => {
      // Counted once: the step rows, the reconciliation and the compactions share these.
      const tokens = h.steps.map((s) => ctx.tokens.step(s));
      const steps = h.steps.map((s, index) => ({
        index,
        id: s.id,
        stepNumber: s.stepNumber,
        kind: s.kind,
        tools: toolNamesOf(s),
        tokens: tokens[index] as number,
        error: hasError(s),
        summary: summarizeStep(s),
      }));
      const byKind: Record<string, number> = {};
      for (const s of h.steps) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
      const reported = reportedUsage(h);
      const reconciliation = reconciliationOf(h, tokens, ctx);
      const compactions = compactionsOf(h, tokens);
      return {
        id: h.id,
        ...(h.title ? { title: h.title } : {}),
        ...(parent ? { parent } : {}),
        ...(h.model ? { model: h.model } : {}),
        ...(h.outcome ? { outcome: h.outcome } : {}),
        steps,
        totals: {
          steps: h.steps.length,
          byKind,
          toolCalls: steps.reduce((n, s) => n + s.tools.length, 0),
          errors: steps.filter((s) => s.error).length,
          tokens: ctx.tokens.context(h.steps),
          modelCalls: h.steps.filter(isModelCall).length,
          runInputTokens: resentInput(h, tokens),
          ...(reported ? { reported } : {}),
        },
        paid: paidOf(h, prices),
        ...(reconciliation ? { reconciliation } : {}),
        ...(compactions.length > 0 ? { compactions } : {}),
      };
    }),
  };
}

export function parseDialect(raw: string): Dialect {
  if (!findDialect(raw))
    throw new StrategyParamsError(
      `Unknown dialect "${raw}". Known: ${DIALECT_REGISTRY.map((d) => d.id).join(', ')}`,
    );
  return raw as Dialect;
}

export function pruneCommand(
  histories: readonly History[],
  strategyId: string,
  rawParams: unknown,
  ctx: StrategyContext,
  dialect?: Dialect,
  run?: RunConfig,
) {
  const strategy = getStrategy(strategyId);
  const params = parseParams(strategy, rawParams);
  // With a run config, the history after the whole run under its trigger and mode; without, one application.
  const results = histories.map((h) => ({
    h,
    r: run ? simulate(h, strategy, params, ctx, run).final : strategy.apply(h, params, ctx),
  }));
  return {
    command: 'prune' as const,
    strategy: strategy.id,
    params: params as Record<string, unknown>,
    ...(run ? { run: describeRun(run) } : {}),
    histories: results.map(({ h, r }) => ({
      id: h.id,
      fates: r.fates.map((f, i) => ({
        stepId: (h.steps[i] as { id: string }).id,
        fate: f.kind,
        ...(f.kind === 'summarized' ? { summaryId: f.summaryId } : {}),
      })),
      notes: [...r.notes],
      tokensBefore: ctx.tokens.context(h.steps),
      tokensAfter: ctx.tokens.context(r.steps),
      ...(dialect ? { messages: toMessages(r.steps, dialect) } : {}),
    })),
    result: dialect
      ? undefined
      : {
          format: 'stepscope',
          version: 1,
          histories: results.map(({ h, r }) => historyToDict({ ...h, steps: r.steps })),
        },
  };
}

export function replayCommand(
  histories: readonly History[],
  strategyId: string,
  rawParams: unknown,
  ctx: StrategyContext,
  run: RunConfig,
  modelId?: string,
  prices?: PriceOverrides,
) {
  const strategy = getStrategy(strategyId);
  const params = parseParams(strategy, rawParams);
  return {
    command: 'replay' as const,
    strategy: strategy.id,
    params: params as Record<string, unknown>,
    run: { ...run, description: describeRun(run) },
    contextWindow: ctx.contextWindow,
    histories: histories.map((h) => {
      const r = simulate(h, strategy, params, ctx, run);
      const base = simulate(h, none, {}, ctx);
      // Priced as the model the run used (or --model): never another model (issue 21).
      const model = modelId ?? h.model;
      const sheet = model ? priceSheetFor(model, prices) : undefined;
      const cost = sheet ? runCost(r.calls, sheet) : undefined;
      const baseCost = sheet ? runCost(base.calls, sheet) : undefined;
      const check = sheet ? checkReportedUsage(h, base, sheet) : undefined;
      return {
        id: h.id,
        calls: r.calls.map((c, i) => ({
          call: i + 1,
          stepIndex: c.stepIndex,
          contextTokens: c.contextTokens,
          sharedPrefixTokens: c.sharedPrefixTokens,
          applied: c.applied,
          ...(cost
            ? {
                cachedTokens: (cost.calls[i] as { cached: number }).cached,
                costUsd: (cost.calls[i] as { costUsd: number }).costUsd,
              }
            : {}),
        })),
        applications: r.applications.filter((a) => !a.afterRun).length,
        totalInputTokens: r.totalInputTokens,
        peakContextTokens: r.peakContextTokens,
        overflowCalls: r.overflowCalls,
        baselineInputTokens: base.totalInputTokens,
        paid: paidOf(h, prices),
        ...(sheet
          ? {}
          : {
              unpriced:
                model === undefined
                  ? 'the file names no model: give one with --model, or prices with --prices'
                  : `"${model}" is not in the price catalog: give its prices with --prices '{"${model}": {"input": …, "output": …}}'`,
            }),
        ...(cost && baseCost && sheet
          ? {
              cost: {
                model: sheet.label,
                cachedTokens: cost.cachedTokens,
                costUsd: cost.costUsd,
                uncachedCostUsd: cost.uncachedCostUsd,
                baselineCostUsd: baseCost.costUsd,
                baselineUncachedCostUsd: baseCost.uncachedCostUsd,
              },
            }
          : {}),
        ...(check
          ? {
              reportedCheck: {
                calls: check.calls,
                reportedCostUsd: check.reported.costUsd,
                simulatedCostUsd: check.simulated.costUsd,
                calibratedCostUsd: check.calibrated.costUsd,
                offsetTokens: check.offsetTokens,
                scale: check.scale,
                rawGap: check.rawGap,
                calibratedGap: check.calibratedGap,
              },
            }
          : {}),
      };
    }),
  };
}
