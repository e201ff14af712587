/**
 * Pieces of the Copilot CLI events reader (`copilot-cli.ts`): which events are bookkeeping, a user
 * message and a tool result as the model read them, and `session.shutdown`'s tokens per model.
 */
import type { Usage } from '../model/types';
import { declaredTotal } from './usage-conventions';
import { isRecord, str, usage, usageField } from './util';

type Rec = Record<string, unknown>;

/** Events that record the session's bookkeeping, never what the model was sent. */
export const BOOKKEEPING = new Set([
  'session.start',
  'session.resume',
  'session.info',
  'session.warning',
  'session.idle',
  'session.title_changed',
  'session.mode_changed',
  'session.usage_checkpoint',
  'session.usage_info',
  'session.auto_mode_resolved',
  'session.context_changed',
  'session.workspace_file_changed',
  'session.remote_steerable_changed',
  'assistant.turn_start',
  'assistant.turn_end',
  'assistant.intent',
  'assistant.idle',
  'tool.execution_start',
  'tool.execution_progress',
  'tool.execution_partial_result',
  'tool.user_requested',
  'hook.start',
  'hook.end',
  'hook.progress',
  'subagent.started',
  'subagent.completed',
  'subagent.failed',
  'subagent.selected',
  'subagent.deselected',
  'permission.requested',
  'permission.completed',
  'pending_messages.modified',
]);

export const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A user message as the model was sent it, its attachments named. */
export function userText(d: Rec): string {
  const body = text(d.transformedContent) || text(d.content);
  const files = (Array.isArray(d.attachments) ? d.attachments : [])
    .filter(isRecord)
    .map((a) => `[attachment: ${str(a.displayName ?? a.path ?? a.type ?? '')}]`);
  return [body, ...files].filter(Boolean).join('\n');
}

/**
 * What a finished tool returned to the model. A shell command that exited non-zero is an error
 * though the tool `success`fully ran it (1.0.9x: `shellExecution.exitCode`).
 */
export function resultOf(d: Rec): { result: string; isError: boolean } {
  const r = isRecord(d.result) ? d.result : {};
  const e = isRecord(d.error) ? d.error : {};
  const failed = d.success === false;
  const exit = isRecord(d.shellExecution) ? d.shellExecution.exitCode : undefined;
  const result = failed
    ? text(e.message) || text(r.content) || 'failed'
    : text(r.content) || text(r.detailedContent);
  return { result, isError: failed || (typeof exit === 'number' && exit !== 0) };
}

/** `modelMetrics` of `session.shutdown`: each model's tokens for the run (request counts apart). */
export function usageByModelOf(metrics: unknown): Record<string, Usage> | undefined {
  if (!isRecord(metrics)) return undefined;
  const out: Record<string, Usage> = {};
  for (const [model, m] of Object.entries(metrics)) {
    const u = isRecord(m) && isRecord(m.usage) ? m.usage : undefined;
    const read = u
      ? declaredTotal(
          usage({
            inputTokens: u.inputTokens,
            outputTokens: u.outputTokens,
            cacheReadInputTokens: u.cacheReadTokens,
            cacheCreationInputTokens: u.cacheWriteTokens,
          }),
        )
      : undefined;
    if (read) out[model] = read;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export function sum(us: readonly Usage[]): Usage {
  const out: { -readonly [K in keyof Usage]: Usage[K] } = {};
  for (const u of us)
    for (const [k, v] of Object.entries(u)) {
      const field = usageField(k);
      if (field !== undefined && typeof v === 'number') out[field] = (out[field] ?? 0) + v;
    }
  return declaredTotal(out) ?? {};
}

/**
 * A model call's usage (`session.usage_record`'s `usage`, the ephemeral `assistant.usage`):
 * `inputTokens` is the whole prompt, cache reads and writes included (a real 1.0.95 record:
 * 25213 = 4 uncached + 17836 read + 7373 written), so `total`; `cost` is the premium-request
 * multiplier, not dollars, and is not read.
 */
export function callUsage(u: Rec): Usage | undefined {
  return declaredTotal(
    usage({
      inputTokens: u.inputTokens,
      outputTokens: u.outputTokens,
      cacheReadInputTokens: u.cacheReadTokens,
      cacheCreationInputTokens: u.cacheWriteTokens,
    }),
  );
}
