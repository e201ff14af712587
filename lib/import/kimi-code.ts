/**
 * Kimi Code CLI sessions (MoonshotAI/kimi-code, the successor of MoonshotAI/kimi-cli), the journal
 * `~/.kimi-code/sessions/<workdir bucket>/<session>/agents/<agent>/wire.jsonl`: a first line
 * `{type: "metadata", protocol_version, created_at}`, then operations `{type, …payload, time}`
 * (epoch ms), as `packages/agent-core-v2` writes them:
 *
 * - `config.update`: the system prompt (`systemPrompt`), the model alias (`modelAlias`);
 * - `context.append_message`: a message put in the model's context (the user's prompts and the
 *   `<system-reminder>`s the CLI adds; `turn.prompt` and `turn.steer` record the same input);
 * - `context.append_loop_event`: what a model call produced, `step.begin` … `step.end` (its
 *   `usage {inputOther, output, inputCacheRead, inputCacheCreation}`, `finishReason`), with
 *   `content.part` (`text`, `think`), `tool.call {toolCallId, name, args}` and `tool.result
 *   {toolCallId, result {output, isError?, note?}}` between;
 * - `llm.request`: the concrete model of the next call (`kind: loop`, or `compaction`);
 * - `context.apply_compaction`: the context replaced by a summary (`contextSummary`, what the model
 *   reads next; `summary` is the working note it wraps) and a selection of the user's messages
 *   (`keptUserMessageCount` of them, the most recent by a token budget), `tokensBefore`/`tokensAfter`.
 *
 * Usage is Kimi's `TokenUsage` (kimi-cli `packages/kosong/src/kosong/chat_provider/__init__.py`):
 * `input_other` is the input apart from cache reads and creation: `uncached`. `usage.record` lines
 * repeat each call's usage (scope `turn`) or hold a compaction's (scope `session`).
 */
import { z } from 'zod';
import type { History, ToolCall, Usage } from '../model/types';
import { sole } from './util';
import { defineImporter, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { kindOf, nearRecords } from './near';
import { withInputCounts } from './usage-conventions';
import { actionDraft, isoToUnix, isRecord, parseArguments, StepList, str, usage } from './util';

type Rec = Record<string, unknown>;
type Op = Rec & { type: string };

const op = z.object({ type: z.string() }).passthrough();
const journal = z
  .array(op)
  .min(2)
  .refine((os) => {
    const h = os[0];
    return isRecord(h) && h.type === 'metadata' && typeof h.protocol_version === 'string';
  }, 'a {type: metadata, protocol_version} line first')
  .refine(
    (os) =>
      os.some((o) => o.type === 'context.append_message' || o.type === 'context.append_loop_event'),
    'a context.append_message or context.append_loop_event line',
  );

/**
 * For refusals (`near`): each operation as agent-core-v2 writes it, so a refusal weighs Kimi's own
 * keys and points at the first line that does not fit (the metadata line first).
 */
const when = z.union([z.number(), z.string()]).optional();
const opOf = <T extends z.ZodRawShape>(type: string, shape: T) =>
  z
    .object({ type: z.literal(type), time: when, agentId: z.string().optional(), ...shape })
    .passthrough();
const metadata = z
  .object({
    type: z.literal('metadata'),
    protocol_version: z.string(),
    created_at: z.number().optional(),
  })
  .passthrough();
const OPS: Record<string, z.ZodType> = {
  'config.update': opOf('config.update', {
    systemPrompt: z.string().optional(),
    modelAlias: z.string().optional(),
    profileName: z.string().optional(),
  }),
  'context.append_message': opOf('context.append_message', {
    message: z.object({ role: z.string() }).passthrough(),
  }),
  'context.append_loop_event': opOf('context.append_loop_event', {
    event: z.object({ type: z.string() }).passthrough(),
  }),
  'llm.request': opOf('llm.request', { kind: z.string().optional(), model: z.string().optional() }),
  'usage.record': opOf('usage.record', {
    usage: z.record(z.string(), z.unknown()),
    usageScope: z.string().optional(),
  }),
  'context.apply_compaction': opOf('context.apply_compaction', {
    contextSummary: z.string().optional(),
    summary: z.string().optional(),
    keptUserMessageCount: z.number().optional(),
    tokensBefore: z.number().optional(),
    tokensAfter: z.number().optional(),
  }),
  'turn.prompt': opOf('turn.prompt', {
    input: z.unknown().optional(),
    origin: z.unknown().optional(),
  }),
};
const anyOp = z.object({ type: z.string(), time: when }).passthrough();
const nearJournal = nearRecords(
  [metadata, ...Object.values(OPS), anyOp],
  (r, i) => (i === 0 ? metadata : (kindOf(OPS, r.type) ?? anyOp)),
  [
    [
      (os) =>
        os.some(
          (o) => o.type === 'context.append_message' || o.type === 'context.append_loop_event',
        ),
      'a context.append_message or context.append_loop_event line',
    ],
  ],
);

/** Operations that never change what the model is sent. */
const BOOKKEEPING = new Set([
  'metadata',
  'turn.prompt',
  'turn.steer',
  'turn.cancel',
  'turn.ended',
  'tools.set_active_tools',
  'llm.tools_snapshot',
  'usage.record',
  'permission.set_mode',
  'permission.record_approval_result',
  'plan_mode.enter',
  'plan_mode.exit',
  'full_compaction.begin',
  'full_compaction.complete',
  'profile.bind',
  'plugin.session_start',
  'runtime.set_binding',
  'token_counting.measured',
  'token_counting.turn_recorded',
]);

/** Text of a message's content: a string, or `text` parts (others named). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) => (isRecord(p) ? (p.type === 'text' ? str(p.text ?? '') : `[${str(p.type)}]`) : ''))
    .filter(Boolean)
    .join('\n');
}

/** Kimi's `TokenUsage` (see the head comment): `inputOther` is the input apart from the cache. */
function kimiUsage(u: unknown): Usage | undefined {
  if (!isRecord(u)) return undefined;
  return withInputCounts(
    usage({
      inputTokens: u.inputOther,
      outputTokens: u.output,
      cacheReadInputTokens: u.inputCacheRead,
      cacheCreationInputTokens: u.inputCacheCreation,
    }),
    'uncached',
  );
}

/** A tool result as the model reads it: its output, then its `<system>` note. */
function resultText(r: unknown): { text: string; isError: boolean } {
  if (!isRecord(r)) return { text: str(r ?? ''), isError: false };
  const output = typeof r.output === 'string' ? r.output : contentText(r.output);
  const note = typeof r.note === 'string' ? r.note : '';
  return { text: [output, note].filter(Boolean).join('\n'), isError: r.isError === true };
}

/** A token count as the file wrote it, when it is one (a count is never negative). */
const count = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;

/**
 * A compaction: the summary stands for every step before it but the last `keptUserMessageCount`
 * user messages, which Kimi keeps beside it (the most recent ones by a token budget, compaction
 * shape in `agent-core-v2`'s context service).
 */
function addCompaction(
  list: StepList,
  o: Rec,
  index: number,
  at: { records: readonly unknown[]; index: number },
  trigger: 'auto' | 'manual' | undefined,
): void {
  const gone = new Set(list.steps.flatMap((s) => (s.kind === 'summary' ? s.replaces : [])));
  const live = list.steps.filter((s) => !gone.has(s.id) && s.kind !== 'system-prompt');
  const kept = typeof o.keptUserMessageCount === 'number' ? o.keptUserMessageCount : 0;
  const tasks = live.filter((s) => s.kind === 'task');
  const keptTasks = new Set(kept > 0 ? tasks.slice(-kept).map((s) => s.id) : []);
  const t = isoToUnix(o.time);
  list.add(
    {
      kind: 'summary',
      content: str(o.contextSummary ?? o.summary ?? ''),
      replaces: live.filter((s) => !keptTasks.has(s.id)).map((s) => s.id),
      origin: 'model',
      compaction: {
        recordedAs: 'context.apply_compaction',
        ...(trigger ? { trigger } : {}),
        ...(count(o.tokensBefore) === undefined ? {} : { tokensBefore: count(o.tokensBefore) }),
        ...(count(o.tokensAfter) === undefined ? {} : { tokensAfter: count(o.tokensAfter) }),
      },
      ...(t === undefined ? {} : { timestamp: t }),
    },
    `/${index}`,
    at,
  );
}

/** A model call being read: parts arrive between `step.begin` and `step.end`. */
interface Open {
  readonly index: number;
  /** The time of the operation that opened it (`time`, epoch ms). */
  readonly timestamp: number | undefined;
  readonly text: string[];
  readonly think: string[];
  readonly calls: ToolCall[];
  readonly results: Map<string, { text: string; isError: boolean }>;
  usage?: Usage;
  finish?: string;
}

export const kimiCodeImporter = defineImporter<Op[]>({
  id: 'kimi-code',
  label: 'Kimi Code CLI session',
  detect: (value) => (Array.isArray(value) ? parsedBy(journal, value) : undefined),
  import(ops, fileName, raw) {
    const records: readonly unknown[] = Array.isArray(raw) ? raw : ops;
    const list = new StepList({ format: 'kimi-code', file: fileName });
    const models = new Set<string>();
    let alias: string | undefined;
    let model: string | undefined;
    let systemPrompt: string | undefined;
    let open: Open | undefined;
    let empty = 0;
    let trigger: 'auto' | 'manual' | undefined;
    const unknown = new Map<string, number>();
    const at = (index: number) => ({ records, index });
    const time = (o: Rec) => {
      const t = isoToUnix(o.time);
      return t === undefined ? {} : { timestamp: t };
    };
    const opened = (index: number): Open => ({
      index,
      timestamp: isoToUnix(ops[index]?.time),
      text: [],
      think: [],
      calls: [],
      results: new Map(),
    });

    const flush = () => {
      const o = open;
      open = undefined;
      if (!o) return;
      if (o.text.length === 0 && o.think.length === 0 && o.calls.length === 0 && !o.usage) {
        empty++;
        return;
      }
      const own = model ?? alias;
      if (own) models.add(own);
      list.add(
        {
          ...actionDraft({
            toolCalls: o.calls,
            thought: o.think.filter(Boolean).join('\n\n'),
            usage: o.usage,
            model: own,
            timestamp: o.timestamp,
          }),
          // The reply's text even when empty (a call that only used tools): the model was sent
          // an assistant message with it, and counts read it so.
          modelOutput: o.text.join(''),
        },
        `/${o.index}`,
        at(o.index),
      );
      for (const [id, r] of o.results) list.linkResult(id, r.text, r.isError);
    };

    const loopEvent = (e: Rec, index: number) => {
      switch (e.type) {
        case 'step.begin':
          flush();
          open = opened(index);
          return;
        case 'content.part': {
          const p = isRecord(e.part) ? e.part : {};
          open ??= opened(index);
          if (p.type === 'text') open.text.push(str(p.text ?? ''));
          else if (p.type === 'think') open.think.push(str(p.think ?? ''));
          else list.warn(`a ${str(p.type)} content part; not read`, `/${index}`);
          return;
        }
        case 'tool.call':
          open ??= opened(index);
          open.calls.push({
            id: str(e.toolCallId ?? e.uuid ?? `call_${index}`),
            name: str(e.name ?? 'tool'),
            arguments: parseArguments(e.args),
          });
          return;
        case 'tool.result': {
          const id = str(e.toolCallId ?? e.parentUuid ?? '');
          const r = resultText(e.result);
          if (open?.calls.some((c) => c.id === id)) open.results.set(id, r);
          else if (!list.linkResult(id, r.text, r.isError)) {
            list.warn(
              `a tool result answers no earlier call (${id}); kept as an observation`,
              `/${index}`,
            );
            flush();
            list.addAction({ observation: r.text }, `/${index}`, at(index));
          }
          return;
        }
        case 'step.end':
          open ??= opened(index);
          open.usage = kimiUsage(e.usage);
          if (typeof e.finishReason === 'string') open.finish = e.finishReason;
          flush();
          return;
        default:
          unknown.set(
            `loop event ${str(e.type)}`,
            (unknown.get(`loop event ${str(e.type)}`) ?? 0) + 1,
          );
      }
    };

    ops.forEach((o, index) => {
      switch (o.type) {
        case 'config.update':
          if (typeof o.modelAlias === 'string') alias = o.modelAlias;
          if (typeof o.systemPrompt === 'string' && o.systemPrompt !== systemPrompt) {
            flush();
            systemPrompt = o.systemPrompt;
            list.add(
              { kind: 'system-prompt', content: o.systemPrompt, ...time(o) },
              `/${index}`,
              at(index),
            );
          }
          return;
        case 'llm.request':
          if (typeof o.model === 'string' && o.kind !== 'compaction') model = o.model;
          return;
        case 'context.append_message': {
          flush();
          const m = isRecord(o.message) ? o.message : {};
          if (m.role === 'user' || m.role === 'system')
            list.add(
              { kind: 'task', task: contentText(m.content), ...time(o) },
              `/${index}`,
              at(index),
            );
          else list.warn(`a ${str(m.role)} message appended to the context; not read`, `/${index}`);
          return;
        }
        case 'context.append_loop_event':
          if (isRecord(o.event)) loopEvent(o.event, index);
          return;
        case 'full_compaction.begin':
          if (o.source === 'manual' || o.source === 'auto') trigger = o.source;
          return;
        case 'usage.record':
          // A call's own usage is on its step.end; a session-scoped record is the compaction's call.
          if (o.usageScope === 'session') {
            const u = kimiUsage(o.usage);
            list.warn(
              `a compaction's own model call is not a step (input ${u?.inputTokens ?? 0} uncached + ${u?.cacheReadInputTokens ?? 0} cache reads, output ${u?.outputTokens ?? 0})`,
              `/${index}`,
            );
          }
          return;
        case 'context.apply_compaction':
          flush();
          addCompaction(list, o, index, at(index), trigger);
          trigger = undefined;
          return;
        default:
          if (!BOOKKEEPING.has(o.type)) unknown.set(o.type, (unknown.get(o.type) ?? 0) + 1);
      }
    });
    flush();
    if (empty > 0)
      list.warn(`${empty} model calls began but recorded no reply (failed or cancelled)`);
    if (unknown.size > 0)
      list.warn(`operations not read: ${[...unknown].map(([t, n]) => `${t} ×${n}`).join(', ')}`);
    if (!list.steps.some((s) => s.kind === 'task' || s.kind === 'action'))
      throw new ImportError(`${fileName}: the Kimi Code session holds no message the model saw`);
    const only = sole(models);
    const history: History = {
      id: fileName,
      title: `Kimi Code session ${fileName.replace(/^.*\//, '')}`,
      format: 'kimi-code',
      ...(only ? { model: only } : {}),
      steps: list.markFinal(),
      meta: {
        protocolVersion: str(ops[0]?.protocol_version),
        ...(models.size > 1 ? { models: [...models] } : {}),
      },
    };
    return { file: { histories: [history] }, warnings: list.warnings };
  },
  near: {
    sniff: (v) =>
      Array.isArray(v) && isRecord(v[0]) && v[0].type === 'metadata' && 'protocol_version' in v[0],
    schema: nearJournal,
  },
});
