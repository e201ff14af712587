/** The CLI's three commands over the core: inspect, prune, replay. Each returns its `--json` value. */
import { historyToDict } from '../lib/format/native';
import type { ImportResult } from '../lib/import';
import { DIALECT_REGISTRY, findDialect, toMessages, type Dialect } from '../lib/messages';
import { summarizeStep } from '../lib/model/inspect';
import { hasError, isModelCall, toolNamesOf } from '../lib/model/steps';
import type { History } from '../lib/model/types';
import { reportedUsage } from '../lib/model/usage';
import { replay } from '../lib/replay/replay';
import { priceSheetFor, runCost } from '../lib/simulate/cache';
import { DEFAULT_MODEL } from '../lib/tokens/models';
import { checkReportedUsage } from '../lib/simulate/reported';
import { describeRun, parseRunConfig, type RunConfig } from '../lib/simulate/run-config';
import { simulate } from '../lib/simulate/simulate';
import { getStrategy, parseParams, StrategyParamsError } from '../lib/strategies';
import { none } from '../lib/strategies/none';
import type { StrategyContext } from '../lib/strategies/types';

/**
 * `--params` may carry the run config too (`{"n": 3, "trigger": {...}, "mode": "in-place"}`), as
 * may `--trigger`/`--mode`; the rest are the strategy's parameters, checked strictly.
 */
export function splitRunParams(
  raw: unknown,
  flags: { trigger?: unknown; mode?: unknown },
): { params: unknown; run: RunConfig } {
  const record =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : undefined;
  const { trigger, mode, ...params } = record ?? {};
  if (
    (trigger !== undefined && flags.trigger !== undefined) ||
    (mode !== undefined && flags.mode !== undefined)
  ) {
    throw new StrategyParamsError('the trigger or mode is given twice: in --params and as a flag');
  }
  const run = parseRunConfig({
    ...((trigger ?? flags.trigger) !== undefined ? { trigger: trigger ?? flags.trigger } : {}),
    ...((mode ?? flags.mode) !== undefined ? { mode: mode ?? flags.mode } : {}),
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

export function inspectCommand(
  imported: ImportResult & { format: string },
  file: string,
  ctx: StrategyContext,
) {
  return {
    command: 'inspect' as const,
    file,
    format: imported.format,
    tokenizer: ctx.tokens.counter.id,
    warnings: imported.warnings.map((w) => w.message),
    histories: withSubAgents(imported.file.histories).map(({ h, parent }) => {
      const steps = h.steps.map((s, index) => ({
        index,
        id: s.id,
        stepNumber: s.stepNumber,
        kind: s.kind,
        tools: toolNamesOf(s),
        tokens: ctx.tokens.step(s),
        error: hasError(s),
        summary: summarizeStep(s),
      }));
      const byKind: Record<string, number> = {};
      for (const s of h.steps) byKind[s.kind] = (byKind[s.kind] ?? 0) + 1;
      const reported = reportedUsage(h);
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
          runInputTokens: replay(h, none, {}, ctx).totalInputTokens,
          ...(reported ? { reported } : {}),
        },
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
      // A history that names no known model is priced as the assumed default, as the app does.
      const known = priceSheetFor(modelId ?? h.model);
      const fallback = known ? undefined : priceSheetFor(DEFAULT_MODEL);
      const sheet =
        known ?? (fallback ? { ...fallback, label: `${fallback.label}, assumed` } : undefined);
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
