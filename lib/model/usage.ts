/** What a file itself reports about tokens and cost, next to Stepscope's own counts. */
import type { History, Usage } from './types';

/** Every numeric field of a Usage, in display order. */
export const USAGE_FIELDS = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'cacheReadInputTokens',
  'cacheCreationInputTokens',
  'cacheCreation1hInputTokens',
  'costUsd',
] as const;

/** The convention a usage record's `inputTokens` follows (see `Usage.inputCounts`). */
export function inputCountsOf(u: Usage): 'uncached' | 'total' {
  return u.inputCounts ?? (u.cacheCreationInputTokens !== undefined ? 'uncached' : 'total');
}

/** One request's prompt as the provider billed it, whatever the file's convention. */
export interface PromptTokens {
  /** Every prompt token: uncached input, cache reads and cache writes. */
  readonly total: number;
  /** Input neither read from nor written to the cache. */
  readonly uncached: number;
  readonly cacheRead: number;
  /** Cache writes, both lifetimes. */
  readonly cacheWrite: number;
  /** Of `cacheWrite`, the 1-hour writes. */
  readonly cacheWrite1h: number;
  readonly output: number;
}

/**
 * A usage record's prompt split into its billed parts, or undefined when it reports no input. With
 * `inputCounts: 'total'` the cached parts are taken out of `inputTokens` (never counted twice: the
 * mistake behind langfuse#10592 and #12306); with `uncached` they are added to it.
 */
export function promptTokensOf(u: Usage): PromptTokens | undefined {
  if (
    u.inputTokens === undefined &&
    u.cacheReadInputTokens === undefined &&
    u.cacheCreationInputTokens === undefined
  )
    return undefined;
  const input = Math.max(0, u.inputTokens ?? 0);
  const cacheRead = Math.max(0, u.cacheReadInputTokens ?? 0);
  const cacheWrite = Math.max(0, u.cacheCreationInputTokens ?? 0);
  const cacheWrite1h = Math.min(cacheWrite, Math.max(0, u.cacheCreation1hInputTokens ?? 0));
  const output = Math.max(0, u.outputTokens ?? 0);
  if (inputCountsOf(u) === 'uncached')
    return {
      total: input + cacheRead + cacheWrite,
      uncached: input,
      cacheRead,
      cacheWrite,
      cacheWrite1h,
      output,
    };
  const total = Math.max(input, cacheRead + cacheWrite);
  return {
    total,
    uncached: total - cacheRead - cacheWrite,
    cacheRead,
    cacheWrite,
    cacheWrite1h,
    output,
  };
}

/**
 * The run's reported usage, with the sum over its model calls for what the run's own record leaves
 * out (a run that records only its cost still shows its calls' tokens); undefined when the file
 * reports none. The run's own figures win where both exist.
 */
export function reportedUsage(h: History): Usage | undefined {
  const summed = summedCalls(h);
  if (!h.usage) return summed;
  if (!summed) return h.usage;
  const own = USAGE_FIELDS.some((k) => k !== 'costUsd' && h.usage?.[k] !== undefined);
  // A run total of tokens is not mixed with the calls' tokens; only its missing cost or tokens are filled.
  return own
    ? { ...(summed.costUsd !== undefined ? { costUsd: summed.costUsd } : {}), ...h.usage }
    : { ...summed, ...h.usage };
}

function summedCalls(h: History): Usage | undefined {
  const calls = h.steps.flatMap((s) =>
    (s.kind === 'action' || s.kind === 'planning') && s.usage ? [s.usage] : [],
  );
  if (calls.length === 0) return undefined;
  const out: Record<string, number | string> = {};
  for (const k of USAGE_FIELDS)
    if (calls.some((u) => u[k] !== undefined)) out[k] = calls.reduce((n, u) => n + (u[k] ?? 0), 0);
  // A sum keeps its parts' convention when they share one; mixed, it is summed part by part
  // (uncached, cache read, cache write) and says so, never adding one convention's input to another's.
  const conventions = new Set(calls.map(inputCountsOf));
  if (conventions.size === 1) out.inputCounts = [...conventions][0] as string;
  else {
    const parts = calls.map(promptTokensOf).filter((p): p is PromptTokens => p !== undefined);
    out.inputTokens = parts.reduce((n, p) => n + p.uncached, 0);
    out.cacheReadInputTokens = parts.reduce((n, p) => n + p.cacheRead, 0);
    out.cacheCreationInputTokens = parts.reduce((n, p) => n + p.cacheWrite, 0);
    out.inputCounts = 'uncached';
  }
  return out as Usage;
}
