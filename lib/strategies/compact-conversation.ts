/**
 * Claude Code's auto-compaction: before a call whose context passes the compaction threshold, the
 * whole conversation (everything but the system prompt) is replaced by one summary, and the session
 * goes on from there. Claude Code's threshold is "the auto-compact window minus a fixed safety
 * buffer", about 83% of a 200k window (maintainer's answer in anthropics/claude-code#86863):
 * `reserveTokens` defaults to 33,000 below the model's window; `thresholdTokens` sets it directly.
 * The summary comes from the context's summarizer (extractive and offline by default). Run in
 * place before every call, it draws Claude Code's sawtooth.
 */
import { z } from 'zod';
import type { Step, SummaryStep } from '../model/types';
import { buildResult, keepAll } from './result';
import type { Strategy } from './types';

const params = z.object({
  reserveTokens: z
    .number()
    .int()
    .min(0)
    .default(33_000)
    .describe("Compact once the context is within this many tokens of the model's window."),
  thresholdTokens: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Compact once the context passes this many tokens (overrides the reserve).'),
});
type Params = z.infer<typeof params>;

export const compactConversation: Strategy<Params> = {
  id: 'compact-conversation',
  label: 'Compact conversation (Claude Code)',
  description:
    'Past a threshold near the window, replaces the whole conversation but the system prompt with one summary.',
  source: 'Claude Code auto-compact (window minus a safety buffer, ~83% of 200k)',
  paramsSchema: params,
  apply(history, p, ctx) {
    const steps = history.steps;
    const threshold = p.thresholdTokens ?? Math.max(0, ctx.contextWindow - p.reserveTokens);
    const used = ctx.tokens.context(steps);
    if (used <= threshold)
      return keepAll(steps, [`below the compaction threshold: ${used} ≤ ${threshold} tokens`]);
    const system = steps.filter((s) => s.kind === 'system-prompt');
    const covered = steps.filter((s) => s.kind !== 'system-prompt');
    if (covered.length === 0) return keepAll(steps, ['nothing to compact']);
    const first = covered[0] as Step;
    const summary: SummaryStep = {
      kind: 'summary',
      id: 'compact-summary',
      stepNumber: first.stepNumber,
      content: ctx.summarizer.summarize(covered),
      replaces: covered.map((s) => s.id),
      origin: ctx.summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
      ...(first.timestamp !== undefined ? { timestamp: first.timestamp } : {}),
    };
    const output = [...system, summary];
    return buildResult(steps, output, [
      `compacted ${covered.length} steps (${used} > ${threshold} tokens) into one summary of ${ctx.tokens.step(summary)} tokens`,
    ]);
  },
};
