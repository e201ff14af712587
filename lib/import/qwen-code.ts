/**
 * Qwen Code chat recordings (QwenLM/qwen-code, a Gemini CLI fork: `packages/core/src/services/
 * chatRecordingService.ts` writes them, `sessionService.ts` reads them back), saved as
 * `~/.qwen/projects/<project>/chats/<sessionId>.jsonl` (older versions: `~/.qwen/tmp/<hash>/chats`).
 * Each line is a `ChatRecord` `{uuid, parentUuid, sessionId, timestamp, type, subtype?, cwd, version,
 * message?: Content, usageMetadata?, model?, toolCallResult?, systemPayload?}`:
 *
 * - the records form a tree by `parentUuid`; the conversation is the chain from the file's last
 *   record back to the root (`sessionService.reconstructHistory`), so a rewound branch is not part
 *   of it. Records sharing a `uuid` are one message written in pieces (`aggregateRecords`): their
 *   parts concatenated, the latest `usageMetadata`, the first `model` and `toolCallResult`;
 * - `user` records are the turns the model read (a prompt, a background notification, a message sent
 *   mid-turn), `assistant` records its responses (`role: model`: text, `thought` parts, function
 *   calls), `tool_result` records the `functionResponse` parts sent back with the UI's
 *   `toolCallResult {callId, status, resultDisplay}`; `system` records (telemetry, titles, slash
 *   commands, file snapshots) never reach the model and are counted in the history's meta, as is a
 *   typed slash command whose `slash_command` result says it was not sent to the model; a
 *   `chat_compression` record is the compaction Qwen Code made (qwen-code-compression.ts);
 * - `usageMetadata` is Gemini's (`promptTokenCount` the whole prompt, `cachedContentTokenCount` part
 *   of it: `total`). Whether `candidatesTokenCount` includes the thinking tokens depends on the
 *   provider: Gemini reports them apart (`totalTokenCount` = prompt + candidates + thoughts), the
 *   OpenAI-compatible ones Qwen Code mostly talks to inside `completion_tokens` (agentsview's real
 *   record: 18009 + 47 = 18056 with 36 thoughts). The total decides; without one they are not added.
 */
import { z } from 'zod';
import type { History, JsonValue, OffBranchCall, Usage } from '../model/types';
import { functionCallsOf, partsText, responseText, textOf } from './gemini-parts';
import { compressionDraft } from './qwen-code-compression';
import { where } from './claude-code-entries';
import { defineImporter, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { declaredTotal } from './usage-conventions';
import { mayHaveKeys } from './guards';
import { sole } from './util';
import { actionDraft, isoToUnix, isRecord, num, StepList, str, usage } from './util';

const part = z.record(z.string(), z.unknown());
const content = z.object({ role: z.string(), parts: z.array(part).optional() }).passthrough();
const record = z
  .object({
    uuid: z.string(),
    parentUuid: z.string().nullable().optional(),
    sessionId: z.string(),
    type: z.enum(['user', 'assistant', 'tool_result', 'system']),
    subtype: z.string().optional(),
    message: content.optional(),
  })
  .passthrough();
type ChatRecord = z.infer<typeof record>;
/** A message record as Qwen Code writes it: Gemini `Content` with parts (`user` / `model`). */
const isMessage = (r: Record<string, unknown>) =>
  (r.type === 'user' || r.type === 'assistant') &&
  typeof r.uuid === 'string' &&
  typeof r.sessionId === 'string' &&
  isRecord(r.message) &&
  Array.isArray(r.message.parts);
const lines = z
  .array(z.record(z.string(), z.unknown()))
  .min(1)
  .refine((rs) => rs.some(isMessage), 'a user or assistant record with Gemini parts');

interface Merged {
  r: ChatRecord;
  parts: Record<string, unknown>[];
  index: number;
}

/** A chat record and its index among the file's records. */
interface Read {
  readonly r: ChatRecord;
  readonly index: number;
}

/** The conversation the file ends on: its last record's chain to the root, each uuid merged. */
function activeChain(records: readonly Read[]): { chain: Merged[]; off: Merged[] } {
  const byUuid = new Map<string, Merged>();
  records.forEach(({ r, index }) => {
    const parts = r.message?.parts ?? [];
    const m = byUuid.get(r.uuid);
    if (!m) {
      byUuid.set(r.uuid, { r, parts: [...parts], index });
      return;
    }
    // sessionService.aggregateRecords: parts appended, latest usage, first model and tool result.
    m.parts.push(...parts);
    m.r = {
      ...m.r,
      ...(r.usageMetadata ? { usageMetadata: r.usageMetadata } : {}),
      ...(!m.r.model && r.model ? { model: r.model } : {}),
      ...(!m.r.toolCallResult && r.toolCallResult ? { toolCallResult: r.toolCallResult } : {}),
      ...(str(r.timestamp ?? '') > str(m.r.timestamp ?? '') ? { timestamp: r.timestamp } : {}),
    };
  });
  const chain: Merged[] = [];
  const seen = new Set<string>();
  let at: string | null | undefined = records.at(-1)?.r.uuid;
  while (at && !seen.has(at)) {
    seen.add(at);
    const m = byUuid.get(at);
    if (!m) break;
    chain.push(m);
    at = m.r.parentUuid;
  }
  chain.reverse();
  return { chain, off: [...byUuid.values()].filter((m) => !seen.has(m.r.uuid)) };
}

/** Gemini `usageMetadata` as the provider counted it (see the head comment on thinking tokens). */
function usageOf(meta: unknown): Usage | undefined {
  if (!isRecord(meta)) return undefined;
  const prompt = num(meta.promptTokenCount);
  const candidates = num(meta.candidatesTokenCount);
  const thoughts = num(meta.thoughtsTokenCount) ?? 0;
  const total = num(meta.totalTokenCount);
  const apart =
    thoughts > 0 && total !== undefined && total === (prompt ?? 0) + (candidates ?? 0) + thoughts;
  return declaredTotal(
    usage({
      inputTokens: prompt,
      outputTokens: candidates === undefined ? undefined : candidates + (apart ? thoughts : 0),
      cacheReadInputTokens: meta.cachedContentTokenCount,
      totalTokens: total,
    }),
  );
}

function historyOf(
  records: readonly Read[],
  raw: readonly unknown[],
  fileName: string,
): { history: History; warnings: StepList['warnings'] } {
  const list = new StepList({ format: 'qwen-code', file: fileName });
  const { chain, off } = activeChain(records);
  const system = new Map<string, number>();
  const models = new Set<string>();
  let title: string | undefined;
  // The step after which the model read only the latest compression's history.
  let compactedUpTo = 0;
  // A slash command the user typed is kept as a user record, with its result in a `slash_command`
  // system record after it; unless that says `sentToModel`, the model never read it (sessionService
  // `buildApiHistoryFromConversation`).
  const commands = new Set(
    chain.flatMap((m, k) => {
      const next = chain[k + 1]?.r;
      const payload = isRecord(next?.systemPayload) ? next.systemPayload : {};
      return m.r.type === 'user' &&
        next?.subtype === 'slash_command' &&
        payload.sentToModel !== true &&
        str(payload.rawCommand ?? '').trim() === partsText(m.parts).trim()
        ? [m]
        : [];
    }),
  );
  for (const merged of chain) {
    const { r, parts, index } = merged;
    const pointer = `/${index}`;
    const at = { records: raw, index };
    const timestamp = isoToUnix(r.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    if (r.type === 'system') {
      const kind = r.subtype ?? 'system';
      system.set(kind, (system.get(kind) ?? 0) + 1);
      const payload = isRecord(r.systemPayload) ? r.systemPayload : {};
      if (kind === 'custom_title' && typeof payload.customTitle === 'string')
        title = payload.customTitle;
      if (kind === 'chat_compression') {
        const draft = compressionDraft(payload, list, compactedUpTo);
        if (draft) {
          list.add({ ...draft, ...time }, pointer, at);
          compactedUpTo = list.steps.length - 1;
        } else
          list.warn(
            `${where(raw, index)}: a chat compression with no compressedHistory; the steps before it are shown as recorded`,
            pointer,
          );
      }
      continue;
    }
    const responses = parts.flatMap((p) =>
      isRecord(p.functionResponse) ? [p.functionResponse] : [],
    );
    if (r.type === 'tool_result' || responses.length > 0) {
      const result = isRecord(r.toolCallResult) ? r.toolCallResult : {};
      const failed = result.status === 'error' || result.status === 'cancelled';
      for (const fr of responses) {
        const id = str(fr.id ?? result.callId ?? '');
        const { text, isError } = responseText(fr.response);
        if (!list.linkResult(id, text, isError || failed)) {
          list.updateLast((s) =>
            s.kind === 'action'
              ? { ...s, observation: s.observation ? `${s.observation}\n${text}` : text }
              : s,
          );
          list.warn(
            `${where(raw, index)}: a result for ${str(fr.name ?? 'a tool')} (${id || 'no id'}) answers no earlier call; kept as the last response's observation`,
            pointer,
          );
        }
      }
      if (responses.length === 0)
        list.warn(`${where(raw, index)}: a tool_result with no functionResponse; skipped`, pointer);
      continue;
    }
    if (r.type === 'user' && commands.has(merged)) continue;
    if (r.type === 'user') {
      list.add({ kind: 'task', task: partsText(parts), ...time }, pointer, at);
      continue;
    }
    const u = usageOf(r.usageMetadata);
    const model = typeof r.model === 'string' && r.model ? r.model : undefined;
    if (model) models.add(model);
    const draft = actionDraft({
      toolCalls: functionCallsOf(parts, index),
      thought: textOf(parts, true),
      usage: u,
      model,
      timestamp,
    });
    // The response's text as recorded, an empty one too (a response of function calls only).
    list.add({ ...draft, modelOutput: textOf(parts, false) }, pointer, at);
  }
  // Responses on a rewound branch were billed all the same.
  const offBranchCalls: OffBranchCall[] = off.flatMap(({ r }) => {
    const u = r.type === 'assistant' ? usageOf(r.usageMetadata) : undefined;
    const timestamp = isoToUnix(r.timestamp);
    return u
      ? [
          {
            usage: u,
            ...(typeof r.model === 'string' ? { model: r.model } : {}),
            ...(timestamp === undefined ? {} : { timestamp }),
          },
        ]
      : [];
  });
  if (off.length > 0)
    list.warn(
      `${off.length} record${off.length === 1 ? ' is' : 's are'} on a branch the session left (a rewind): not shown`,
    );
  const first = chain[0]?.r ?? records[0]?.r;
  const id = str(first?.sessionId ?? fileName);
  const shortId = /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? id.slice(0, 8) : id;
  const meta: Record<string, JsonValue> = { sessionId: id };
  for (const k of ['cwd', 'version', 'gitBranch'] as const)
    if (typeof first?.[k] === 'string') meta[k] = first[k];
  if (models.size > 1) meta.models = [...models];
  if (system.size > 0) meta.systemRecords = Object.fromEntries(system);
  if (commands.size > 0)
    meta.slashCommands = [...commands].map(({ parts }) => partsText(parts).trim());
  const only = sole(models);
  const history: History = {
    id,
    title: `qwen session ${shortId}${title ? ` · ${title}` : ''}`,
    format: 'qwen-code',
    ...(only ? { model: only } : {}),
    steps: list.markFinal(),
    ...(offBranchCalls.length > 0 ? { offBranchCalls } : {}),
    meta,
  };
  return { history, warnings: list.warnings };
}

export const qwenCodeImporter = defineImporter<Record<string, unknown>[]>({
  id: 'qwen-code',
  label: 'Qwen Code chat recording',
  // A list holding no Qwen message record is not parsed (a cheap signature first).
  detect: (value) =>
    Array.isArray(value) &&
    mayHaveKeys(value, 'type', 'uuid', 'sessionId', 'message') &&
    value.some((r) => isRecord(r) && isMessage(r))
      ? parsedBy(lines, value)
      : undefined,
  import(parsed, fileName, raw) {
    const read: readonly unknown[] = Array.isArray(raw) ? raw : parsed;
    const records: Read[] = [];
    const skipped: number[] = [];
    parsed.forEach((r, index) => {
      const ok = record.safeParse(r);
      if (ok.success) records.push({ r: ok.data, index });
      else skipped.push(index + 1);
    });
    const { history, warnings } = historyOf(records, read, fileName);
    if (history.steps.length === 0)
      throw new ImportError(`${fileName}: the Qwen Code recording holds no turn the model saw`);
    if (skipped.length > 0)
      warnings.unshift({
        message: `${skipped.length} line${skipped.length === 1 ? '' : 's'} not a chat record (records ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', …' : ''}); skipped`,
      });
    return { file: { histories: [history] }, warnings };
  },
  near: {
    sniff: (v) =>
      Array.isArray(v) &&
      v.some(
        (r) => isRecord(r) && 'parentUuid' in r && isRecord(r.message) && 'parts' in r.message,
      ),
    // Each record as Qwen Code writes it, so a refusal points at the record and field that does not fit.
    schema: z.array(
      record.extend({
        message: content.extend({ parts: z.array(part) }).optional(),
        timestamp: z.string().optional(),
        cwd: z.string().optional(),
        version: z.string().optional(),
        gitBranch: z.string().optional(),
        model: z.string().optional(),
        usageMetadata: z.record(z.string(), z.unknown()).optional(),
        systemPayload: z.record(z.string(), z.unknown()).optional(),
      }),
    ),
  },
});
