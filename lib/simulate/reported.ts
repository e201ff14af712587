/**
 * The `none` replay checked against the usage a file reports (Claude Code, Codex, OpenAI and
 * OpenHands usage per call): what the model was really billed for, next to what the simulation
 * says. Files do not record everything the model read (Claude Code's system prompt and tool
 * definitions, ~12-20k tokens) and our tokenizer is the provider's only for OpenAI models, so the
 * simulation is calibrated on the file itself: reported context ≈ offset + scale × simulated
 * context (least squares over the calls with usage), the offset standing for what was sent but not
 * recorded (at the start of every request, so it is part of the cached prefix). The same
 * calibration is then applied to the cache model and the bills compared, raw and calibrated. The
 * unrecorded prefix may already be cached when the transcript starts (Claude Code's system prompt
 * is shared by its other requests): the first call's reported cache read says how much was warm.
 */
import type { ActionStep, History, PlanningStep, Usage } from '../model/types';
import { promptTokensOf } from '../model/usage';
import { callCost, type PriceSheet } from './cache';
import type { SimCall, SimulatedRun } from './simulate';

export interface ReportedCheck {
  /** Calls whose reported usage was compared. */
  readonly calls: number;
  /** The run's model calls, with usage or not (the `none` row of a comparison counts them all). */
  readonly totalCalls: number;
  readonly reported: {
    readonly input: number;
    readonly cached: number;
    readonly written: number;
    readonly costUsd: number;
  };
  readonly simulated: { readonly input: number; readonly cached: number; readonly costUsd: number };
  readonly calibrated: {
    readonly input: number;
    readonly cached: number;
    readonly costUsd: number;
  };
  /** Tokens the file did not record, sent with every request (fit). */
  readonly offsetTokens: number;
  /** Provider tokens per counted token (fit). */
  readonly scale: number;
  /** (simulated - reported) / reported cost, raw and calibrated. */
  readonly rawGap: number;
  readonly calibratedGap: number;
}

const perM = (tokens: number, usd: number) => (tokens / 1_000_000) * usd;

/** Ordinary least squares y ≈ a + b·x (b = 1 when every x is the same, or there is none). */
export function leastSquares(
  xs: readonly number[],
  ys: readonly number[],
): { a: number; b: number } {
  const n = xs.length;
  const mean = (v: readonly number[]) => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    sxx += ((xs[i] as number) - mx) ** 2;
  }
  const b = sxx > 0 ? sxy / sxx : 1;
  return { a: my - b * mx, b };
}

/**
 * The calibration's fit: least squares, but with one point, or a scale outside [0.5, 2] (not a
 * tokenizer ratio), only the offset.
 */
export function fitLine(xs: readonly number[], ys: readonly number[]): { a: number; b: number } {
  const fit = leastSquares(xs, ys);
  if (xs.length >= 2 && fit.b >= 0.5 && fit.b <= 2) return fit;
  // b = 1 through the means: the fit's line passes through them, so a = ȳ − x̄ = fit.a + (fit.b − 1)·x̄.
  const mx = xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  return { a: fit.a + (fit.b - 1) * mx, b: 1 };
}

export function checkReportedUsage(
  history: History,
  baseline: SimulatedRun,
  sheet: PriceSheet,
): ReportedCheck | undefined {
  const usageAt = new Map<number, Usage>();
  for (const call of baseline.calls) {
    const step = history.steps[call.stepIndex] as ActionStep | PlanningStep | undefined;
    const u = step && 'usage' in step ? step.usage : undefined;
    if (u && (u.inputTokens !== undefined || u.cacheReadInputTokens !== undefined))
      usageAt.set(call.stepIndex, u);
  }
  if (usageAt.size === 0) return undefined;
  const used: { call: SimCall; prev?: SimCall; u: Usage }[] = [];
  baseline.calls.forEach((call, i) => {
    const u = usageAt.get(call.stepIndex);
    if (u) used.push({ call, ...(i > 0 ? { prev: baseline.calls[i - 1] as SimCall } : {}), u });
  });
  const reported = { input: 0, cached: 0, written: 0, costUsd: 0 };
  const xs: number[] = [];
  const ys: number[] = [];
  for (const { call, u } of used) {
    // In the file's own convention (Anthropic's input excludes cache reads and writes, OpenAI's
    // includes its cached part): the parts are never counted twice.
    const p = promptTokensOf(u);
    if (!p) continue;
    // A long-context tier prices the whole request, as the provider bills it.
    const long = sheet.longContext;
    const prices = long && p.total > long.aboveInputTokens ? long : sheet;
    reported.input += p.total;
    reported.cached += p.cacheRead;
    reported.written += p.cacheWrite;
    reported.costUsd +=
      perM(p.uncached, prices.inputUsdPerMTok) +
      perM(p.cacheRead, prices.cachedInputUsdPerMTok) +
      perM(p.cacheWrite - p.cacheWrite1h, prices.cacheWriteUsdPerMTok) +
      perM(p.cacheWrite1h, prices.cacheWrite1hUsdPerMTok ?? prices.cacheWriteUsdPerMTok);
    xs.push(call.contextTokens);
    ys.push(p.total);
  }
  const { a, b } = fitLine(xs, ys);
  const simulated = { input: 0, cached: 0, costUsd: 0 };
  const calibrated = { input: 0, cached: 0, costUsd: 0 };
  const first = used[0];
  const warm = first && !first.prev ? Math.max(0, first.u.cacheReadInputTokens ?? 0) : 0;
  for (const { call, prev } of used) {
    const gap =
      prev?.timestamp !== undefined && call.timestamp !== undefined
        ? call.timestamp - prev.timestamp
        : undefined;
    const raw = callCost(call.contextTokens, call.sharedPrefixTokens, sheet, gap);
    simulated.input += call.contextTokens;
    simulated.cached += raw.cached;
    simulated.costUsd += raw.costUsd;
    const context = Math.round(a + b * call.contextTokens);
    const shared = prev
      ? Math.round(a + b * call.sharedPrefixTokens)
      : Math.min(warm, Math.max(0, Math.round(a)));
    const cal = callCost(context, shared, sheet, gap);
    calibrated.input += context;
    calibrated.cached += cal.cached;
    calibrated.costUsd += cal.costUsd;
  }
  const gap = (x: number) => (reported.costUsd > 0 ? (x - reported.costUsd) / reported.costUsd : 0);
  return {
    calls: used.length,
    totalCalls: baseline.calls.length,
    reported,
    simulated,
    calibrated,
    offsetTokens: Math.round(a),
    scale: b,
    rawGap: gap(simulated.costUsd),
    calibratedGap: gap(calibrated.costUsd),
  };
}
