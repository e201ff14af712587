/**
 * Gemini CLI chat sessions (google-gemini/gemini-cli `packages/core/src/services/chatRecordingTypes.ts`,
 * `chatRecordingService.ts`), saved under `~/.gemini/tmp/<project>/chats/session-*.json(l)`:
 * - JSON: a `ConversationRecord` `{sessionId, projectHash, startTime, lastUpdated, messages, summary?,
 *   kind?: main | subagent}`;
 * - JSONL (newer versions append): a metadata line `{sessionId, projectHash, …}`, message records,
 *   and control lines: `{$set: {…}}` updates the metadata (a `messages` list replaces them all),
 *   `{$rewindTo: <message id>}` drops that message and every later one (an unknown id drops all),
 *   `{$patch: {updates | id+content, removeIds, orderIds}}` edits messages; a message written again
 *   with the same id replaces the earlier copy where it stood (the CLI re-appends a reply as its tool
 *   calls finish).
 *
 * Qwen Code, a fork, wrote the same JSON sessions before its JSONL chat records (qwen-code.ts), its
 * replies typed `qwen`: read as `gemini` replies.
 *
 * Messages: `user` (a task step), `gemini` (an action: its text, `thoughts` as the thought, its
 * `toolCalls` with their own `result` parts (`functionResponse.response.output` or `.error`) and
 * `status`, the model, and `tokens`), and `info`/`error`/`warning` notices the CLI showed but never
 * sent to the model (listed in the history's `meta.notices`, not steps). Tokens are as Gemini reports
 * them: `input` is the whole prompt (`cached` is part of it), thinking tokens are billed as output.
 */
import { z } from 'zod';
import type { History, JsonValue, ToolCall } from '../model/types';
import { recordLine } from './read';
import { defineImporter, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { partsText } from './gemini-parts';
import { withInputCounts } from './usage-conventions';
import { mayHaveKeys } from './guards';
import { isoToUnix, isRecord, num, parseArguments, StepList, str, usage } from './util';

const MESSAGE_TYPES = ['user', 'gemini', 'qwen', 'info', 'error', 'warning'] as const;
/** The model's replies: `gemini`, or `qwen` in Qwen Code's JSON sessions before its JSONL records. */
const isReply = (type: unknown) => type === 'gemini' || type === 'qwen';
const message = z
  .object({ id: z.string(), type: z.string(), content: z.unknown().optional() })
  .passthrough();
const conversation = z
  .object({
    sessionId: z.string(),
    projectHash: z.string(),
    messages: z.array(message),
  })
  .passthrough();
const isMeta = (r: Record<string, unknown>) =>
  typeof r.sessionId === 'string' && typeof r.projectHash === 'string' && !('type' in r);
// The keys the lines carry (metadata, messages, control lines), named for refusals (refusal.ts).
const line = z
  .object(
    Object.fromEntries(
      [
        ...['sessionId', 'projectHash', 'startTime', 'lastUpdated', 'summary', 'kind'],
        ...['id', 'timestamp', 'type', 'content', '$set', '$rewindTo', '$patch'],
      ].map((k) => [k, z.unknown().optional()]),
    ),
  )
  .passthrough();
const lines = z
  .array(line)
  .min(1)
  .refine((rs) => rs.some(isMeta), 'a session metadata line {sessionId, projectHash}')
  .refine((rs) => rs.some((r) => r.type === 'user' || isReply(r.type)), 'a user or gemini message');

type Message = Record<string, unknown> & { id: string; type: string };

/** A record that is a message: it has an id and a type. */
function messageOf(r: unknown): Message | undefined {
  if (!isRecord(r)) return undefined;
  const { id, type } = r;
  return typeof id === 'string' && typeof type === 'string' ? { ...r, id, type } : undefined;
}
type Parsed =
  | { form: 'json'; record: z.infer<typeof conversation> }
  | { form: 'jsonl'; records: Record<string, unknown>[] };

const META_KEYS = ['sessionId', 'projectHash', 'startTime', 'lastUpdated', 'summary', 'kind'];
/** The metadata fields of a record, copied by name (never `Object.assign` of a file's keys). */
function setMeta(meta: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const k of META_KEYS) if (Object.hasOwn(from, k)) meta[k] = from[k];
}

/** Folds JSONL records into the session's metadata and its messages as they last stood. */
function foldLines(
  records: readonly Record<string, unknown>[],
  read: readonly unknown[],
  warn: (message: string, pointer: string) => void,
): { meta: Record<string, unknown>; messages: { m: Message; index: number }[] } {
  const meta: Record<string, unknown> = {};
  let slots: { m: Message; index: number }[] = [];
  records.forEach((r, index) => {
    const pointer = `/${index}`;
    if ('$rewindTo' in r) {
      const at = slots.findIndex((s) => s.m.id === r.$rewindTo);
      if (at < 0)
        warn(
          `line ${recordLine(read, index) ?? index + 1}: a rewind to ${str(r.$rewindTo)}, which no message has; every earlier message was dropped, as the CLI does`,
          pointer,
        );
      slots = slots.slice(0, Math.max(0, at));
    } else if (isRecord(r.$set)) {
      setMeta(meta, r.$set);
      const set = r.$set.messages;
      if (Array.isArray(set))
        slots = set.flatMap((s) => {
          const m = messageOf(s);
          return m ? [{ m, index }] : [];
        });
    } else if (isRecord(r.$patch)) {
      const patch = r.$patch;
      const updates = Array.isArray(patch.updates) ? patch.updates : [patch];
      for (const u of updates) {
        const slot = isRecord(u) ? slots.find((s) => s.m.id === u.id) : undefined;
        if (slot && isRecord(u) && 'content' in u) slot.m = { ...slot.m, content: u.content };
      }
      const { removeIds: removed, orderIds: order } = patch;
      if (Array.isArray(removed)) slots = slots.filter((s) => !removed.includes(s.m.id));
      if (Array.isArray(order)) {
        slots = [
          ...slots.filter((s) => !order.includes(s.m.id)),
          ...order.flatMap((id) => slots.filter((s) => s.m.id === id)),
        ];
      }
    } else if (isMeta(r)) setMeta(meta, r);
    else {
      const m = messageOf(r);
      const at = m ? slots.findIndex((s) => s.m.id === m.id) : -1;
      if (m && at >= 0) slots[at] = { m, index };
      else if (m) slots.push({ m, index });
      else
        warn(
          `line ${recordLine(read, index) ?? index + 1}: not a message or control line; skipped`,
          pointer,
        );
    }
  });
  return { meta, messages: slots };
}

function toolCallOf(c: Record<string, unknown>, index: number): ToolCall {
  const status = str(c.status ?? '');
  const failed = status === 'error' || status === 'cancelled';
  const result =
    c.result === undefined || c.result === null ? undefined : partsText(c.result) || undefined;
  return {
    id: str(c.id ?? `call_${index}`),
    name: str(c.name ?? 'tool'),
    arguments: parseArguments(isRecord(c.args) ? c.args : undefined),
    ...(result !== undefined
      ? { result }
      : failed
        ? { result: `[${status}]${c.resultDisplay ? ` ${str(c.resultDisplay)}` : ''}` }
        : {}),
    ...(failed ? { isError: true } : {}),
  };
}

function historyOf(
  meta: Record<string, unknown>,
  messages: readonly { m: Message; index: number }[],
  fileName: string,
  records: readonly unknown[] | undefined,
): { history: History; warnings: StepList['warnings'] } {
  const list = new StepList({ format: 'gemini-cli', file: fileName });
  const notices: JsonValue[] = [];
  const models = new Set<string>();
  for (const { m, index } of messages) {
    const pointer = records ? `/${index}` : `/messages/${index}`;
    const at = records ? { records, index } : undefined;
    const timestamp = isoToUnix(m.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    if (m.type === 'user')
      list.add({ kind: 'task', task: partsText(m.content), ...time }, pointer, at);
    else if (isReply(m.type)) {
      const thoughts = Array.isArray(m.thoughts)
        ? m.thoughts
            .filter(isRecord)
            .map((t) => [t.subject, t.description].filter(Boolean).map(str).join(': '))
            .filter(Boolean)
        : [];
      const t = isRecord(m.tokens) ? m.tokens : undefined;
      // Gemini's usageMetadata as the CLI keeps it (gemini-cli `chatRecordingService.ts` `tokens`):
      // `input` is promptTokenCount, `cached` (cachedContentTokenCount) a part of it. Qwen Code's
      // OpenAI-compatible providers count thinking inside the output: added only where the total
      // says it was apart (see qwen-code.ts).
      const thinking = typeof t?.thoughts === 'number' ? t.thoughts : 0;
      const apart =
        m.type !== 'qwen' ||
        num(t?.total) ===
          (num(t?.input) ?? 0) + (num(t?.output) ?? 0) + thinking + (num(t?.tool) ?? 0);
      const u = t
        ? withInputCounts(
            usage({
              inputTokens: t.input,
              outputTokens:
                typeof t.output === 'number' ? t.output + (apart ? thinking : 0) : undefined,
              cacheReadInputTokens: t.cached,
              totalTokens: t.total,
            }),
            'total',
          )
        : undefined;
      const toolCalls = Array.isArray(m.toolCalls)
        ? m.toolCalls.filter(isRecord).map(toolCallOf)
        : [];
      const model = typeof m.model === 'string' ? m.model : undefined;
      if (model) models.add(model);
      list.addAction(
        {
          toolCalls,
          modelOutput: partsText(m.content),
          thought: thoughts.join('\n'),
          usage: u,
          model,
          timestamp,
          keepEmptyOutput: true,
        },
        pointer,
        at,
      );
    } else
      notices.push({
        type: m.type,
        text: partsText(m.content),
        ...(typeof m.timestamp === 'string' ? { timestamp: m.timestamp } : {}),
      });
    if (!MESSAGE_TYPES.some((t) => t === m.type))
      list.warn(
        `message ${m.id}: an unknown message type "${m.type}"; listed as a notice`,
        pointer,
      );
  }
  const id = str(meta.sessionId ?? 'session');
  const shortId = /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? id.slice(0, 8) : id;
  const summary = typeof meta.summary === 'string' && meta.summary ? meta.summary : undefined;
  const [model] = models;
  const history: History = {
    id,
    title: `${messages.some(({ m }) => m.type === 'qwen') ? 'qwen' : 'gemini'} ${meta.kind === 'subagent' ? 'sub-agent' : 'session'} ${shortId}${summary ? ` · ${summary}` : ''}`,
    format: 'gemini-cli',
    ...(models.size === 1 && model ? { model } : {}),
    steps: list.markFinal(),
    meta: {
      sessionId: id,
      projectHash: str(meta.projectHash ?? ''),
      ...(typeof meta.startTime === 'string' ? { startTime: meta.startTime } : {}),
      ...(typeof meta.lastUpdated === 'string' ? { lastUpdated: meta.lastUpdated } : {}),
      ...(typeof meta.kind === 'string' ? { kind: meta.kind } : {}),
      ...(models.size > 1 ? { models: [...models] } : {}),
      ...(notices.length > 0 ? { notices } : {}),
    },
  };
  return { history, warnings: list.warnings };
}

export const geminiCliImporter = defineImporter<Parsed>({
  id: 'gemini-cli',
  label: 'Gemini CLI chat session',
  detect(value) {
    if (Array.isArray(value)) {
      // A list holding no session metadata line is not parsed (a cheap signature first).
      if (
        !mayHaveKeys(value, 'sessionId', 'projectHash') ||
        !value.some((r) => isRecord(r) && isMeta(r))
      )
        return undefined;
      const records = parsedBy(lines, value);
      return records ? { form: 'jsonl', records } : undefined;
    }
    const record = parsedBy(conversation, value);
    return record ? { form: 'json', record } : undefined;
  },
  import(parsed, fileName, raw) {
    const warnings: StepList['warnings'][number][] = [];
    const warn = (message: string, pointer: string) => warnings.push({ message, pointer });
    const { meta, messages, records } =
      parsed.form === 'json'
        ? {
            meta: parsed.record,
            messages: parsed.record.messages.map((m, index) => ({ m, index })),
            records: undefined,
          }
        : // Line numbers are kept on the list as read (zod's parse is a copy).
          {
            ...foldLines(parsed.records, Array.isArray(raw) ? raw : parsed.records, warn),
            records: Array.isArray(raw) ? raw : parsed.records,
          };
    if (!messages.some(({ m }) => m.type === 'user' || isReply(m.type)))
      throw new ImportError(`${fileName}: the Gemini CLI session holds no user or gemini message`);
    const { history, warnings: more } = historyOf(meta, messages, fileName, records);
    return { file: { histories: [history] }, warnings: [...warnings, ...more] };
  },
  // A JSON session whose messages do not fit, or JSONL lines with a metadata line.
  near: {
    sniff: (v) =>
      Array.isArray(v)
        ? v.some((r) => isRecord(r) && isMeta(r))
        : isRecord(v) && 'projectHash' in v && 'sessionId' in v,
    schema: z.union([conversation, lines]),
  },
});
