/**
 * Seed 003 `context_pressure`: used tokens against the window, and a recommendation. The seed names
 * the three recommendations without thresholds; its "Automatic Context Budget" compacts when pressure
 * passes 0.8, so above 0.8 is `urgent`, and from 0.6 we suggest summarizing (lib/README.md).
 */
export type PressureRecommendation = 'ok' | 'consider_summarizing' | 'urgent';

export interface ContextPressure {
  readonly usedTokens: number;
  readonly maxTokens: number;
  /** 0.0 to 1.0 (may exceed 1.0 when the context already overflows). */
  readonly utilization: number;
  readonly recommendation: PressureRecommendation;
}

export const CONSIDER_SUMMARIZING_AT = 0.6;
export const URGENT_ABOVE = 0.8;

export function contextPressure(usedTokens: number, maxTokens: number): ContextPressure {
  if (!(maxTokens > 0)) throw new Error(`maxTokens must be positive, got ${maxTokens}`);
  const utilization = usedTokens / maxTokens;
  const recommendation: PressureRecommendation =
    utilization > URGENT_ABOVE
      ? 'urgent'
      : utilization >= CONSIDER_SUMMARIZING_AT
        ? 'consider_summarizing'
        : 'ok';
  return { usedTokens, maxTokens, utilization, recommendation };
}
