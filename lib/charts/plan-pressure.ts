/**
 * The plan view's chart (seed 003's context pressure, lib/tokens/pressure.ts): at each model call,
 * the context as a percentage of the model's window with every plan step in full (`none`, the
 * comparison's baseline) and as the user toggled them (its first column: summarize-plan-steps with
 * the SUMMARY / FULL overrides and expand calls).
 */
import type { Comparison } from '../compare/compare';

export interface PressurePoint {
  /** 1-based model call number. */
  readonly call: number;
  /** Percent of the context window, every plan step in full. */
  readonly none: number;
  /** Percent of the context window as toggled (the baseline's where the column has no run). */
  readonly toggled: number;
}

export function preparePlanPressure(cmp: Comparison, contextWindow: number): PressurePoint[] {
  const toggled = cmp.columns[0]?.replay;
  const percent = (tokens: number) => (100 * tokens) / contextWindow;
  return cmp.baseline.calls.map((c, i) => ({
    call: i + 1,
    none: percent(c.contextTokens),
    toggled: percent(toggled?.calls[i]?.contextTokens ?? c.contextTokens),
  }));
}
