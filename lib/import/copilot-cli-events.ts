/**
 * Copilot CLI's events (`copilot-cli.ts` reads a session from them), as the Copilot SDK's generated
 * types define them (github/copilot-sdk `nodejs/src/generated/session-events.ts`): which events are
 * bookkeeping, what a user message, a tool result and a call's usage hold as the model read them,
 * `session.shutdown`'s tokens per model, `session.compaction_complete` read as a recorded
 * compaction, and each event's shape for refusals (`near`).
 */
import { z } from 'zod';
import type { RecordedCompaction, Step, Usage } from '../model/types';
import { kindOf, nearRecords } from './near';
import { declaredTotal } from './usage-conventions';
import { isRecord, num, str, usage, usageField } from './util';

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

/** `session.start` from the CLI: `producer: copilot-agent`, or a `copilotVersion` (older files). */
export const isStart = (e: unknown) =>
  isRecord(e) &&
  e.type === 'session.start' &&
  isRecord(e.data) &&
  (e.data.producer === 'copilot-agent' || typeof e.data.copilotVersion === 'string');

/** Every event's envelope: `{type, data, id, timestamp, parentId}`, `agentId` for a sub-agent's. */
const eventOf = (type: z.ZodType<string>, data: z.ZodType) =>
  z
    .object({
      type,
      data,
      id: z.string().optional(),
      timestamp: z.string().optional(),
      parentId: z.string().nullable().optional(),
      ephemeral: z.boolean().optional(),
      agentId: z.string().optional(),
    })
    .passthrough();
const dataOf = (shape: z.ZodRawShape) => z.object(shape).passthrough();
const EVENTS: Record<string, z.ZodType> = {
  'session.start': eventOf(
    z.literal('session.start'),
    dataOf({
      sessionId: z.string(),
      producer: z.string().optional(),
      copilotVersion: z.string().optional(),
    }),
  ),
  'user.message': eventOf(z.literal('user.message'), dataOf({ content: z.string() })),
  'assistant.message': eventOf(
    z.literal('assistant.message'),
    dataOf({
      content: z.string(),
      toolRequests: z
        .array(z.object({ toolCallId: z.string(), name: z.string() }).passthrough())
        .optional(),
    }),
  ),
  'tool.execution_complete': eventOf(
    z.literal('tool.execution_complete'),
    dataOf({ toolCallId: z.string(), success: z.boolean() }),
  ),
  'session.compaction_complete': eventOf(
    z.literal('session.compaction_complete'),
    dataOf({ success: z.boolean(), summaryContent: z.string().optional() }),
  ),
};
const anyEvent = eventOf(z.string(), z.record(z.string(), z.unknown()));

/** For refusals: the events as Copilot writes them, a `session.start` first. */
export const nearSession = nearRecords(
  [...Object.values(EVENTS), anyEvent],
  (r, i) => (i === 0 ? EVENTS['session.start'] : (kindOf(EVENTS, r.type) ?? anyEvent)),
  [
    [(es) => isStart(es[0]), 'a session.start event from copilot-agent first'],
    [
      (es) => es.some((e) => e.type === 'user.message' || e.type === 'assistant.message'),
      'a user.message or assistant.message event',
    ],
  ],
);

/** A count the file gives: a whole number a history can hold. */
const count = (v: unknown) => {
  const n = num(v);
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

/** How many of Copilot's messages a step was: a prompt one, a reply one and a result per call. */
const messagesOf = (s: Step) =>
  s.kind === 'task' || s.kind === 'summary'
    ? 1
    : s.kind === 'action'
      ? 1 + s.toolCalls.filter((c) => c.result !== undefined).length
      : 0;

/**
 * A successful `session.compaction_complete`: the summary (`summaryContent`) stands for the
 * conversation as it was when the compaction began (`session.compaction_start`; the background
 * compaction keeps what arrived meanwhile), since the previous summary, that one included; the
 * system message stays. Copilot's `messagesRemoved` is checked against the steps it replaces.
 */
export function compactionOf(
  d: Rec,
  steps: readonly Step[],
  before: number,
): { replaces: string[]; compaction: RecordedCompaction; warning?: string } {
  let from = 0;
  for (let i = before - 1; i >= 0; i--)
    if (steps[i]?.kind === 'summary') {
      from = i;
      break;
    }
  const dropped = steps.slice(from, before).filter((s) => s.kind !== 'system-prompt');
  const tokensBefore = count(d.preCompactionTokens);
  const tokensAfter = count(d.postCompactionTokens);
  // CompactionTrigger: `threshold` and `context_limit_retry` are Copilot's own, `manual` is /compact.
  const trigger =
    d.trigger === 'manual'
      ? 'manual'
      : d.trigger === 'threshold' || d.trigger === 'context_limit_retry'
        ? 'auto'
        : undefined;
  const removed = count(d.messagesRemoved);
  const counted = dropped.reduce((n, s) => n + messagesOf(s), 0);
  const compaction: RecordedCompaction = {
    recordedAs: 'session.compaction_complete',
    ...(tokensBefore !== undefined ? { tokensBefore } : {}),
    ...(tokensAfter !== undefined ? { tokensAfter } : {}),
    ...(trigger ? { trigger } : {}),
    ...(dropped.length === 0 ? { droppedInFile: false as const } : {}),
  };
  const warning =
    dropped.length === 0
      ? 'a compaction whose dropped messages are not in this file (a resumed session?): it replaces nothing'
      : removed !== undefined && removed !== counted
        ? `Copilot says the compaction removed ${removed} messages; the ${dropped.length} steps it replaces here hold ${counted}`
        : undefined;
  return { replaces: dropped.map((s) => s.id), compaction, ...(warning ? { warning } : {}) };
}
