/**
 * Claude Code's auto-compaction: before a call whose context passes the compaction threshold, the
 * whole conversation (everything but the system prompt) is replaced by one summary, and the session
 * goes on from there. Claude Code's threshold is "the auto-compact window minus a fixed safety
 * buffer", about 83% of a 200k window (maintainer's answer in anthropics/claude-code#86863):
 * `reserveTokens` defaults to 33,000 below the model's window; `thresholdTokens` sets it directly.
 * The summary comes from the context's summarizer (extractive and offline by default). Run in
 * place before every call, it draws Claude Code's sawtooth.
 *
 * The other coding agents compact the same way and differ in where the threshold is and what they
 * keep beside the summary, which the optional parameters model (all off by default, Claude Code):
 * - `thresholdShare`: a share of the window (Codex `auto_compact_token_limit`, 90% of the window for
 *   its models; Gemini CLI's compression threshold);
 * - `keepRecentTokens`: pi keeps the newest steps, walking back until about that many tokens
 *   (`keepRecentTokens`, 20,000; the step that crosses it is kept);
 * - `keepRecentShare`: Gemini CLI keeps the newest share of the history (`COMPRESSION_PRESERVE_THRESHOLD`, 0.3);
 * - `keepTaskTokens`: Codex keeps the user's messages, newest first, up to that many tokens
 *   (`COMPACT_USER_MESSAGE_MAX_TOKENS`, 20,000; the one that does not fit is cut there, here left out
 *   whole), before the summary.
 * Kept steps are whole steps, so a tool call never loses its result.
 */
import { z } from 'zod';
import type { Step, SummaryStep } from '../../lib/model/types';
import { buildResult, keepAll } from '../../lib/strategies/result';
import type { Strategy } from '../../lib/strategies/types';

const params = z
  .object({
    reserveTokens: z
      .number()
      .int()
      .min(0)
      .default(33_000)
      .describe("Compact once the context is within this many tokens of the model's window.")
      .meta({
        title: 'Room kept below the window (tokens)',
        upstream: "Claude Code's buffer; pi reserveTokens",
      }),
    thresholdTokens: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Compact once the context passes this many tokens (overrides the reserve).')
      .meta({ title: 'Compact past (tokens)', upstream: 'Codex auto_compact_token_limit' }),
    thresholdShare: z
      .number()
      .gt(0)
      .max(1)
      .optional()
      .describe(
        "Compact once the context passes this share of the model's window (overrides the reserve).",
      )
      .meta({
        title: 'Compact past (share of the window)',
        upstream: 'Gemini CLI compressionThreshold',
      }),
    keepRecentTokens: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe('Keep the newest steps, back to about this many tokens, after the summary (pi).')
      .meta({ title: 'Newest tokens kept', upstream: 'pi keepRecentTokens' }),
    keepRecentShare: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe(
        'Keep the newest steps, up to this share of the tokens compacted, after the summary (Gemini CLI).',
      )
      .meta({ title: 'Newest share kept', upstream: 'Gemini CLI COMPRESSION_PRESERVE_THRESHOLD' }),
    keepTaskTokens: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe(
        "Keep the user's messages, newest first, up to this many tokens, before the summary (Codex).",
      )
      .meta({
        title: 'User messages kept (tokens)',
        upstream: 'Codex COMPACT_USER_MESSAGE_MAX_TOKENS',
      }),
  })
  // One threshold and one way to keep the newest steps: given both, one would be silently ignored.
  .refine((p) => p.thresholdTokens === undefined || p.thresholdShare === undefined, {
    message: 'give thresholdTokens or thresholdShare, not both',
    path: ['thresholdShare'],
  })
  .refine((p) => p.keepRecentTokens === 0 || p.keepRecentShare === 0, {
    message: 'give keepRecentTokens or keepRecentShare, not both',
    path: ['keepRecentShare'],
  });
type Params = z.infer<typeof params>;

export const compactConversation: Strategy<Params> = {
  id: 'compact-conversation',
  label: 'Compact conversation',
  description:
    'Past a threshold near the window, replaces the conversation but the system prompt (and what the framework keeps) with one summary.',
  source: 'Claude Code auto-compact; pi, Codex and Gemini CLI compaction',
  paramsSchema: params,
  acts: (p, window) => {
    const at =
      p.thresholdTokens ??
      (p.thresholdShare !== undefined
        ? Math.floor(p.thresholdShare * window)
        : Math.max(0, window - p.reserveTokens));
    const why =
      p.thresholdTokens !== undefined
        ? ''
        : p.thresholdShare !== undefined
          ? ` (${Math.round(p.thresholdShare * 100)}% of the window)`
          : ` (the window minus ${p.reserveTokens.toLocaleString('en-US')})`;
    return `compacts only once the context passes ${at.toLocaleString('en-US')} tokens${why}`;
  },
  apply(history, p, ctx) {
    const steps = history.steps;
    const threshold =
      p.thresholdTokens ??
      (p.thresholdShare !== undefined
        ? Math.floor(p.thresholdShare * ctx.contextWindow)
        : Math.max(0, ctx.contextWindow - p.reserveTokens));
    const used = ctx.tokens.context(steps);
    if (used <= threshold)
      return keepAll(steps, [`below the compaction threshold: ${used} ≤ ${threshold} tokens`]);
    const system = steps.filter((s) => s.kind === 'system-prompt');
    const rest = steps.filter((s) => s.kind !== 'system-prompt');
    const recent = keptRecent(rest, p, (s) => ctx.tokens.step(s));
    const tasks = keptTasks(rest.slice(0, rest.length - recent.length), p.keepTaskTokens, (s) =>
      ctx.tokens.step(s),
    );
    const kept = new Set([...recent, ...tasks]);
    const covered = rest.filter((s) => !kept.has(s));
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
    const output = [...system, ...tasks, summary, ...recent];
    const keeping = [
      tasks.length > 0 && `kept ${tasks.length} user message(s)`,
      recent.length > 0 && `kept the newest ${recent.length} step(s)`,
    ].filter(Boolean);
    return buildResult(steps, output, [
      `compacted ${covered.length} steps (${used} > ${threshold} tokens) into one summary of ${ctx.tokens.step(summary)} tokens${keeping.length > 0 ? `; ${keeping.join(', ')}` : ''}`,
    ]);
  },
};

/**
 * The newest steps kept after the summary: walking back until `keepRecentTokens` is reached (the
 * step that reaches it is kept), or within `keepRecentShare` of the steps' tokens; never them all.
 */
function keptRecent(steps: readonly Step[], p: Params, tokensOf: (s: Step) => number): Step[] {
  if (p.keepRecentTokens === 0 && p.keepRecentShare === 0) return [];
  const total = steps.reduce((n, s) => n + tokensOf(s), 0);
  const share = p.keepRecentShare * total;
  let sum = 0;
  let start = steps.length;
  while (start > 1) {
    const t = tokensOf(steps[start - 1] as Step);
    if (p.keepRecentShare > 0 && sum + t > share) break;
    sum += t;
    start--;
    if (p.keepRecentTokens > 0 && sum >= p.keepRecentTokens) break;
  }
  return steps.slice(start);
}

/** The user's messages kept before the summary, newest first up to `limit` tokens, in their order. */
function keptTasks(steps: readonly Step[], limit: number, tokensOf: (s: Step) => number): Step[] {
  if (limit === 0) return [];
  const out: Step[] = [];
  let sum = 0;
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i] as Step;
    if (s.kind !== 'task') continue;
    const t = tokensOf(s);
    if (sum + t > limit) break;
    sum += t;
    out.unshift(s);
  }
  return out;
}
