/**
 * A framework's compaction threshold is in its provider's tokens, counted over everything it sends
 * (system prompt and tool definitions included), while Stepscope counts the recorded history with
 * its own tokenizer. On a run that reports its usage, `reconcile` fits reported ≈ offset + scale ×
 * counted; a preset calibrated on that fit compacts where the framework's own count would cross
 * its threshold: the threshold becomes (T − offset) / scale counted tokens, and kept-token budgets
 * are divided by the scale. Only thresholds in tokens are calibrated (compact-conversation's); a
 * share of what is compacted (`keepRecentShare`) needs none.
 */
import type { StrategyChoice } from './config';

export interface UsageFit {
  /** Tokens per call the file does not record. */
  readonly offsetTokens: number;
  /** Provider tokens per counted token. */
  readonly scale: number;
}

/** A fit worth calibrating on: from at least three calls, and a scale a tokenizer explains. */
export function usableFit(
  fit: (UsageFit & { readonly reportedCalls: number }) | undefined,
): UsageFit | undefined {
  if (!fit || fit.reportedCalls < 3 || !(fit.scale >= 0.5 && fit.scale <= 2)) return undefined;
  return { offsetTokens: fit.offsetTokens, scale: fit.scale };
}

const numberOr = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

/**
 * The compaction threshold of a compact-conversation choice, in the provider's tokens, for a model
 * window (parameters as compact-conversation reads them: `thresholdTokens`, else a share, else the
 * window less the reserve, 33,000 by default).
 */
export function providerThreshold(choice: StrategyChoice, contextWindow: number): number {
  const p = choice.params;
  if (typeof p.thresholdTokens === 'number') return p.thresholdTokens;
  if (typeof p.thresholdShare === 'number') return Math.floor(p.thresholdShare * contextWindow);
  return Math.max(0, contextWindow - numberOr(p.reserveTokens, 33_000));
}

/** The choice with its token thresholds in counted tokens; undefined for a strategy it cannot calibrate. */
export function calibrateChoice(
  choice: StrategyChoice,
  fit: UsageFit,
  contextWindow: number,
): StrategyChoice | undefined {
  if (choice.strategyId !== 'compact-conversation') return undefined;
  const p = choice.params;
  const counted = (tokens: number) => Math.max(0, Math.round(tokens / fit.scale));
  const threshold = Math.max(
    0,
    Math.round((providerThreshold(choice, contextWindow) - fit.offsetTokens) / fit.scale),
  );
  const { thresholdShare: _share, reserveTokens: _reserve, ...rest } = p;
  return {
    ...choice,
    params: {
      ...rest,
      thresholdTokens: threshold,
      ...(typeof p.keepRecentTokens === 'number'
        ? { keepRecentTokens: counted(p.keepRecentTokens) }
        : {}),
      ...(typeof p.keepTaskTokens === 'number'
        ? { keepTaskTokens: counted(p.keepTaskTokens) }
        : {}),
    },
  };
}
