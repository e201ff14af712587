/**
 * `codex exec --json` events (openai/codex `codex-rs/exec/src/exec_events.rs`), and Codex's token
 * usage, which its rollouts record too. Part of the Codex importer (codex.ts).
 */
import type { ToolCall, Usage } from '../model/types';
import { withInputCounts } from './usage-conventions';
import { isRecord, parseArguments, str, usage, type StepList } from './util';

/**
 * Codex's TokenUsage (codex-rs `protocol/src/protocol.rs`): `input_tokens` is the whole prompt,
 * `cached_input_tokens` the part of it read from the cache (`non_cached_input()` subtracts it).
 */
export function codexUsage(u: Record<string, unknown>): Usage | undefined {
  return withInputCounts(
    usage({
      inputTokens: u.input_tokens,
      outputTokens: u.output_tokens,
      cacheReadInputTokens: u.cached_input_tokens,
      totalTokens: u.total_tokens,
    }),
    'total',
  );
}

/**
 * A `file_change` item's completion as its result (exec_events.rs `FileChangeItem`: `changes`, each
 * `FileUpdateChange { path, kind: add | delete | update }`, and `status: PatchApplyStatus`,
 * `completed` or `failed`): exec reports no other output for an applied patch, so the call is the
 * change and its completion says whether it applied, and to which files.
 */
function fileChangeResult(it: Record<string, unknown>): string {
  const changes = Array.isArray(it.changes) ? it.changes : [];
  const lines = changes.map((c) =>
    isRecord(c) ? `${str(c.kind ?? 'change')} ${str(c.path ?? '')}` : JSON.stringify(c),
  );
  return [str(it.status ?? 'completed'), ...lines].join('\n');
}

/** The item types that are tool calls (exec_events.rs `ThreadItemDetails`). */
const TOOL_ITEMS = new Set(['command_execution', 'mcp_tool_call', 'file_change', 'web_search']);

/** A tool item as the call it records: its result when it completed (`completed`). */
function toolCallOf(it: Record<string, unknown>, i: number, completed: boolean): ToolCall {
  const failed =
    completed &&
    ((typeof it.exit_code === 'number' && it.exit_code !== 0) || it.status === 'failed');
  const args =
    it.type === 'command_execution'
      ? { command: it.command ?? '' }
      : Object.fromEntries(
          Object.entries(it).filter(
            ([k]) => !['id', 'type', 'status', 'aggregated_output', 'result'].includes(k),
          ),
        );
  const result = !completed
    ? undefined
    : it.type === 'file_change'
      ? fileChangeResult(it)
      : (it.aggregated_output ?? it.result);
  return {
    id: str(it.id ?? `item_${i}`),
    name: str(it.type === 'mcp_tool_call' ? (it.tool ?? it.type) : it.type),
    arguments: parseArguments(args),
    ...(result === undefined || result === null
      ? {}
      : { result: typeof result === 'string' ? result : JSON.stringify(result) }),
    ...(failed ? { isError: true } : {}),
  };
}

/** Exec events → steps; the run's usage, from the last `turn.completed`. */
export function fromExec(
  events: readonly Record<string, unknown>[],
  list: StepList,
  lines?: readonly unknown[],
): Usage | undefined {
  let thought: string | undefined;
  let runUsage: Usage | undefined;
  // Tool items exec reported as started and not (yet) as completed, by id.
  const started = new Map<string, { it: Record<string, unknown>; i: number }>();
  const pointerOf = (i: number) => (lines ? `/${i}` : `/events/${i}`);
  const atOf = (i: number) => (lines ? { records: lines, index: i } : undefined);
  events.forEach((e, i) => {
    const pointer = pointerOf(i);
    const at = atOf(i);
    if (e.type === 'item.started' && isRecord(e.item) && TOOL_ITEMS.has(str(e.item.type))) {
      if (typeof e.item.id === 'string') started.set(e.item.id, { it: e.item, i });
      return;
    }
    if (e.type === 'turn.failed' || e.type === 'error') {
      const error = isRecord(e.error) ? e.error.message : e.message;
      const message = str(error ?? e.type);
      if (list.steps.at(-1)?.kind === 'action')
        list.updateLast((s) => (s.kind === 'action' ? { ...s, error: message } : s));
      else list.warn(`${e.type} before any step: ${message}`, pointer);
      return;
    }
    if (e.type === 'turn.completed' && isRecord(e.usage)) {
      // The thread's usage so far (exec's JSONL writer fills it from the total token usage, not the
      // turn's part): the run's, never one call's.
      runUsage = codexUsage(e.usage) ?? runUsage;
      return;
    }
    if (e.type !== 'item.completed' || !isRecord(e.item)) return;
    const it = e.item;
    if (it.type === 'error')
      // exec_events.rs `ErrorItem { message }`: a non-fatal error the run went on after (a config
      // warning, a skipped tool), not a step of the conversation.
      list.warn(`Codex reported an error item: ${str(it.message ?? '')}`, pointer);
    else if (it.type === 'reasoning') thought = str(it.text ?? '');
    else if (it.type === 'agent_message') {
      list.addAction(
        { modelOutput: str(it.text ?? ''), thought, keepEmptyOutput: true },
        pointer,
        at,
      );
      thought = undefined;
    } else if (TOOL_ITEMS.has(str(it.type))) {
      started.delete(str(it.id ?? ''));
      list.addAction({ toolCalls: [toolCallOf(it, i, true)], thought }, pointer, at);
      thought = undefined;
    }
  });
  // A run cut off (killed, or its log's tail lost) leaves items started and never completed: the
  // call was made, its result is not in the file.
  for (const { it, i } of started.values())
    list.addAction({ toolCalls: [toolCallOf(it, i, false)] }, pointerOf(i), atOf(i));
  if (started.size > 0)
    list.warn(
      `${started.size} item(s) started and never completed (the run ended first): shown as calls without a result`,
    );
  return runUsage;
}
