/** What a file itself reports about tokens and cost, next to Stepscope's own counts. */
import type { History, Usage } from './types';

/** Every field of a Usage, in display order. */
export const USAGE_FIELDS = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'cacheReadInputTokens',
  'cacheCreationInputTokens',
  'costUsd',
] as const;

/** The run's reported usage, else the sum over its model calls; undefined when the file reports none. */
export function reportedUsage(h: History): Usage | undefined {
  if (h.usage) return h.usage;
  const calls = h.steps.flatMap((s) =>
    (s.kind === 'action' || s.kind === 'planning') && s.usage ? [s.usage] : [],
  );
  if (calls.length === 0) return undefined;
  const out: Record<string, number> = {};
  for (const k of USAGE_FIELDS)
    if (calls.some((u) => u[k] !== undefined)) out[k] = calls.reduce((n, u) => n + (u[k] ?? 0), 0);
  return out as Usage;
}
