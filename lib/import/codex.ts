/**
 * OpenAI Responses API items and Codex CLI output (openai/codex `codex-rs/exec/src/exec_events.rs`,
 * `protocol/src/models.rs`; ../shared/fixtures/MANIFEST.md "openai-responses-codex"):
 * - Responses items `{items: [...]}` or a bare list: `message` (role, `input_text`/`output_text`
 *   parts), `reasoning`, `function_call` (`call_id` links it to its `function_call_output`);
 * - Codex rollout JSONL (`~/.codex/sessions/…jsonl`): `{type: "response_item", payload: item}` lines,
 *   `event_msg` `token_count` lines with each model call's usage, and `compacted` lines (a summary
 *   step replacing what the compaction dropped);
 * - `codex exec --json` events, as its stdout (JSONL, one per line) or wrapped `{events}`:
 *   `thread.started` (the thread id), `item.completed` with `agent_message`, `reasoning`,
 *   `command_execution` (command, aggregated output, exit code), `mcp_tool_call`, `file_change`,
 *   `web_search`; `turn.completed` with the thread's usage so far (the run's); `turn.failed` and
 *   `error` as the step's error (codex-exec.ts).
 */
import { z } from 'zod';
import type { History, Step, Usage } from '../model/types';
import { defineImporter, parsedBy } from './types';
import { codexUsage, fromExec } from './codex-exec';
import { isoToUnix, isRecord, parseArguments, StepList, str } from './util';

const ITEM_TYPES = [
  'message',
  'reasoning',
  'function_call',
  'function_call_output',
  'custom_tool_call',
  'custom_tool_call_output',
  'local_shell_call',
  'web_search_call',
];
const item = z
  .object({ type: z.string() })
  .passthrough()
  .refine((i) => ITEM_TYPES.includes(i.type), 'a Responses item');
const items = z.array(item).min(1);
const itemsEnvelope = z.object({ items });
const rolloutLine = z.object({ type: z.string(), payload: z.unknown().optional() }).passthrough();
const rollout = z
  .array(rolloutLine)
  .min(1)
  .refine((l) => l.some((x) => x.type === 'response_item'), 'a Codex rollout');
const execEvent = z.object({ type: z.string().regex(/^(item|turn|thread)\./) }).passthrough();
const execEvents = z.object({ events: z.array(execEvent).min(1) });
// `codex exec --json` stdout as written: one event per line (JSONL), `error` lines among them.
const execLine = z
  .object({ type: z.string().regex(/^((item|turn|thread)\.|error$)/) })
  .passthrough();
const execLines = z
  .array(execLine)
  .min(1)
  .refine((l) => l.some((e) => e.type.startsWith('item.')), 'codex exec events');

function partsText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((p) =>
      isRecord(p) && typeof p.text === 'string' ? p.text : isRecord(p) ? `[${str(p.type)}]` : '',
    )
    .join('\n');
}

/** Reads Responses items one at a time into `list` (a reasoning item waits for its message or call). */
function itemReader(
  list: StepList,
): (it: Record<string, unknown>, i: number, pointer: string, ts?: number) => void {
  let thought: string | undefined;
  return (it, i, pointer, ts) => {
    const last = list.steps.at(-1);
    if (it.type === 'reasoning') {
      const summary = Array.isArray(it.summary)
        ? it.summary.map((s) => (isRecord(s) ? str(s.text ?? '') : '')).join('\n')
        : '';
      thought = [thought, summary].filter(Boolean).join('\n\n') || '[reasoning]';
    } else if (it.type === 'message') {
      const text = partsText(it.content);
      const time = ts === undefined ? {} : { timestamp: ts };
      if (it.role === 'assistant') {
        list.addAction(
          { modelOutput: text, thought, timestamp: ts, keepEmptyOutput: true },
          pointer,
        );
        thought = undefined;
      } else if (it.role === 'system' || it.role === 'developer')
        list.add({ kind: 'system-prompt', content: text, ...time }, pointer);
      else list.add({ kind: 'task', task: text, ...time }, pointer);
    } else if (
      it.type === 'function_call' ||
      it.type === 'custom_tool_call' ||
      it.type === 'local_shell_call'
    ) {
      const call = {
        id: str(it.call_id ?? it.id ?? `call_${i}`),
        name: str(it.name ?? it.type),
        arguments: parseArguments(it.arguments ?? it.input ?? it.action),
      };
      // Calls right after the assistant's text (or another call of the same turn) join its action.
      if (
        last?.kind === 'action' &&
        thought === undefined &&
        last.observation === undefined &&
        last.toolCalls.every((c) => c.result === undefined)
      ) {
        list.updateLast((s) =>
          s.kind === 'action' ? { ...s, toolCalls: [...s.toolCalls, call] } : s,
        );
      } else {
        list.addAction({ toolCalls: [call], thought, timestamp: ts }, pointer);
        thought = undefined;
      }
    } else if (it.type === 'function_call_output' || it.type === 'custom_tool_call_output') {
      const output =
        typeof it.output === 'string'
          ? it.output
          : isRecord(it.output) && typeof it.output.content === 'string'
            ? it.output.content
            : JSON.stringify(it.output);
      if (!list.linkResult(str(it.call_id ?? ''), output)) {
        list.warn(
          `item ${i}: an output answers no earlier call (${str(it.call_id ?? 'no id')}); kept as an observation`,
          pointer,
        );
        list.addAction({ observation: output, timestamp: ts }, pointer);
      }
    }
  };
}

/** Responses items → steps; `pointerOf(i)` locates item i. */
function addItems(
  list: StepList,
  all: readonly Record<string, unknown>[],
  pointerOf: (i: number) => string,
): void {
  const read = itemReader(list);
  all.forEach((it, i) => read(it, i, pointerOf(i)));
}

/**
 * Codex's compacted-history summary prefix (codex-rs/core/templates/compact/summary_prefix.md): the
 * user message that carries the summary in the history Codex rebuilds after compacting.
 */
const SUMMARY_PREFIX = 'Another language model started to solve this problem';

/** The text a step was sent as, to find it again in a compaction's replacement history. */
function sentText(s: Step): string | undefined {
  if (s.kind === 'task') return s.task;
  if (s.kind === 'system-prompt' || s.kind === 'summary') return s.content;
  if (s.kind === 'action') return s.modelOutput;
  return undefined;
}

/**
 * A rollout's `compacted` line (protocol `RolloutItem::Compacted(CompactedItem {message,
 * replacement_history})`) as a summary step that replaces what Codex dropped from the context.
 * `replacement_history`, when written, is the whole history Codex continued with: every earlier
 * step still in context whose text is not in it was dropped. Without it (local compaction before
 * replacement_history was written), Codex rebuilt the history as its initial context, the user
 * messages (the most recent, up to 20,000 tokens) and the summary, and dropped the rest
 * (openai/codex codex-rs/core/src/compact.rs `build_compacted_history`, commit 0100b1036257): the
 * file does not say which user messages fitted, so all are kept and the importer says so.
 */
function addCompaction(
  list: StepList,
  payload: Record<string, unknown>,
  gone: Set<string>,
  pointer: string,
  ts: number | undefined,
): void {
  const history = Array.isArray(payload.replacement_history)
    ? payload.replacement_history.filter(isRecord)
    : undefined;
  const texts = (history ?? [])
    .filter((it) => it.type === 'message')
    .map((it) => partsText(it.content));
  const summaryText = texts.find((t) => t.startsWith(SUMMARY_PREFIX));
  const message = typeof payload.message === 'string' ? payload.message : '';
  const kept = new Set(texts);
  const replaces = list.steps
    .filter((s) => !gone.has(s.id))
    .filter((s) => {
      if (history) {
        const text = sentText(s);
        return text === undefined || !kept.has(text);
      }
      return s.kind !== 'task' && s.kind !== 'system-prompt';
    })
    .map((s) => s.id);
  for (const id of replaces) gone.add(id);
  if (!history)
    list.warn(
      'a compaction without its replacement history: Codex kept the initial context and the most recent user messages (up to 20,000 tokens); the file does not say which, so every user message is kept',
      pointer,
    );
  else if (!message && !summaryText && history.some((it) => it.type === 'compaction'))
    list.warn(
      'a compaction whose summary is encrypted (remote compaction): its text is not in the file',
      pointer,
    );
  list.add(
    {
      kind: 'summary',
      content: message || summaryText || '',
      replaces,
      origin: 'model',
      compaction: { recordedAs: 'compacted' },
      ...(ts === undefined ? {} : { timestamp: ts }),
    },
    pointer,
  );
}

/**
 * A rollout's lines: its response items, its compactions, and the usage of each model call from
 * the `token_count` event Codex writes after it (`event_msg` payload `info.last_token_usage`), put
 * on the action that call made. A count with no new action since the last one repeats it and is
 * skipped.
 */
function addRollout(list: StepList, lines: readonly Record<string, unknown>[]): number {
  const read = itemReader(list);
  const gone = new Set<string>();
  let placed = -1;
  let used = 0;
  lines.forEach((l, i) => {
    const payload = isRecord(l.payload) ? l.payload : undefined;
    if (l.type === 'response_item' && payload)
      read(payload, i, `/${i}/payload`, isoToUnix(l.timestamp));
    else if (l.type === 'compacted' && payload)
      addCompaction(list, payload, gone, `/${i}/payload`, isoToUnix(l.timestamp));
    else if (l.type === 'event_msg' && payload?.type === 'token_count') {
      const info = isRecord(payload.info) ? payload.info : {};
      const u = isRecord(info.last_token_usage) ? codexUsage(info.last_token_usage) : undefined;
      const at = list.steps.findLastIndex((s) => s.kind === 'action');
      if (!u || at <= placed) return;
      list.update(at, (s) => (s.kind === 'action' ? { ...s, usage: u } : s));
      placed = at;
      used++;
    }
  });
  return used;
}

/** The five shapes, as parsed: Responses items (bare or in `{items}`), a rollout, exec events. */
type Shape =
  | { kind: 'items'; items: z.infer<typeof items>; prefix: string }
  | { kind: 'rollout'; lines: z.infer<typeof rollout> }
  | { kind: 'exec'; events: z.infer<typeof execEvents>['events'] }
  | { kind: 'exec-lines'; events: z.infer<typeof execLines> };

function shapeOf(value: unknown): Shape | undefined {
  const bare = parsedBy(items, value);
  if (bare) return { kind: 'items', items: bare, prefix: '' };
  const envelope = parsedBy(itemsEnvelope, value);
  if (envelope) return { kind: 'items', items: envelope.items, prefix: '/items' };
  const lines = parsedBy(rollout, value);
  if (lines) return { kind: 'rollout', lines };
  const exec = parsedBy(execEvents, value);
  if (exec) return { kind: 'exec', events: exec.events };
  const stdout = parsedBy(execLines, value);
  return stdout ? { kind: 'exec-lines', events: stdout } : undefined;
}

export const codexImporter = defineImporter({
  id: 'codex',
  label: 'OpenAI Responses / Codex CLI',
  near: {
    sniff: (v) =>
      isRecord(v) &&
      [v.items, v.events].some(
        (l) => Array.isArray(l) && isRecord(l[0]) && typeof l[0].type === 'string',
      ),
    schema: z.union([itemsEnvelope, execEvents]),
  },
  detect: shapeOf,
  import(shape, fileName, raw) {
    const list = new StepList({ format: 'codex', file: fileName });
    let model: string | undefined;
    let runUsage: Usage | undefined;
    if (shape.kind === 'items') addItems(list, shape.items, (i) => `${shape.prefix}/${i}`);
    else if (shape.kind === 'rollout') {
      const { lines } = shape;
      const counts = addRollout(list, lines);
      const context = lines.find((l) => l.type === 'turn_context' && isRecord(l.payload));
      if (context && isRecord(context.payload) && typeof context.payload.model === 'string')
        model = context.payload.model;
      const items = lines.filter(
        (l) => (l.type === 'response_item' || l.type === 'compacted') && isRecord(l.payload),
      ).length;
      const other = lines.length - items - counts;
      if (other > 0)
        list.warn(
          `${other} rollout line(s) that are not response items (session meta, events, turn context) were skipped`,
        );
    } else if (shape.kind === 'exec') runUsage = fromExec(shape.events, list);
    // Line numbers are kept on the records as read (zod's parse is a copy).
    else runUsage = fromExec(shape.events, list, Array.isArray(raw) ? raw : shape.events);
    const thread =
      shape.kind === 'exec-lines'
        ? shape.events.find((e) => e.type === 'thread.started')?.thread_id
        : undefined;
    const history: History = {
      id: fileName,
      title: typeof thread === 'string' ? `codex exec thread ${thread}` : fileName,
      format: 'codex',
      steps: list.markFinal(),
      ...(model ? { model } : {}),
      ...(runUsage ? { usage: runUsage } : {}),
    };
    return { file: { histories: [history] }, warnings: list.warnings };
  },
});
