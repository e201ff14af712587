/**
 * One OpenCode session's messages as steps (anomalyco/opencode, formerly sst/opencode,
 * `packages/opencode/src/session/message-v2.ts`). A message is `{info, parts}`:
 *
 * - `info` of a `user` message: `{id, sessionID, role, time.created, agent, model}`; its `text`
 *   parts (`synthetic` ones too: OpenCode sends them) are the prompt, `file` / `agent` / `subtask`
 *   parts are named in it, a `compaction` part asks for a summary of the session so far.
 * - `info` of an `assistant` message: `{…, parentID, modelID, providerID, cost, tokens {total?, input,
 *   output, reasoning, cache {read, write}}, error?, finish?, summary?}`. Its parts run in model
 *   calls: a `step-start` part opens each, `text` / `reasoning` / `tool` parts follow, and a
 *   `step-finish` part closes it with that call's `tokens` and `cost` (`SessionProcessor` on
 *   `finish-step`); the message's own `cost` is their sum and its `tokens` the last call's, so the
 *   steps' usage is read and the message's only when it has no `step-finish` part. A `tool` part
 *   holds the call and its result together: `{callID, tool, state {status: pending | running |
 *   completed | error, input, output?, error?}}`.
 * - An assistant message with `summary: true` is the summary a compaction wrote
 *   (`opencode-compaction.ts`).
 *
 * `tokens.input` is the input apart from the cache reads and writes (`Session.getUsage` subtracts
 * them from the AI SDK's total, `packages/opencode/src/session/index.ts`): `uncached`.
 */
import type { ToolCall } from '../model/types';
import { addSummary } from './opencode-compaction';
import { type OpenCodeMessage, openCodeUsage, type Rec } from './opencode-message';
import { actionDraft, isoToUnix, isRecord, parseArguments, type StepList, str } from './util';

/** What a user message's part puts in the prompt. */
function userPartText(p: Rec): string {
  switch (p.type) {
    case 'text':
      return p.ignored === true ? '' : str(p.text ?? '');
    case 'file':
      return `[file: ${str(p.filename ?? p.url ?? '')}${typeof p.mime === 'string' ? ` (${p.mime})` : ''}]`;
    case 'agent':
      return `@${str(p.name ?? '')}`;
    case 'subtask':
      return `[subtask for ${str(p.agent ?? 'an agent')}: ${str(p.description ?? p.prompt ?? '')}]`;
    case 'compaction':
      return '[compaction requested]';
    default:
      return '';
  }
}

/** A tool part's call, and its result when the tool finished. */
function toolOf(p: Rec): { call: ToolCall; result?: string; isError: boolean } {
  const state = isRecord(p.state) ? p.state : {};
  const call: ToolCall = {
    id: str(p.callID ?? p.id ?? ''),
    name: str(p.tool ?? 'tool'),
    arguments: parseArguments(isRecord(state.input) ? state.input : {}),
  };
  // A command that exited non-zero (`metadata.exit`, OpenCode's bash tool) is an error result,
  // as the Codex, Copilot and OpenHands importers read it.
  const meta = isRecord(state.metadata) ? state.metadata : {};
  if (state.status === 'completed')
    return {
      call,
      result: str(state.output ?? ''),
      isError: typeof meta.exit === 'number' && meta.exit !== 0,
    };
  if (state.status === 'error') return { call, result: str(state.error ?? 'error'), isError: true };
  return { call, isError: false };
}

/** The message's error as a line: `{name, data: {message}}`. */
function errorOf(info: Rec): string | undefined {
  const e = info.error;
  if (!isRecord(e)) return undefined;
  const data = isRecord(e.data) ? e.data : {};
  return `${str(e.name ?? 'Error')}${typeof data.message === 'string' ? `: ${data.message}` : ''}`;
}

const timeOf = (p: Rec | undefined): number | undefined => {
  const t = p && isRecord(p.time) ? p.time : undefined;
  return isoToUnix(t?.start ?? t?.created);
};

/** Adds a user message as a task step (nothing when it holds no prompt). */
function addUser(list: StepList, m: OpenCodeMessage): void {
  const task = m.parts
    .map(({ part }) => userPartText(part))
    .filter(Boolean)
    .join('\n');
  if (!task) return;
  const timestamp = timeOf(m.info);
  list.add({ kind: 'task', task, ...(timestamp === undefined ? {} : { timestamp }) }, m.pointer);
}

type Segment = { parts: { part: Rec; pointer: string }[]; finish?: Rec };

/**
 * An assistant message's parts cut into its model calls: a `step-start` opens one (unless one is
 * open and unfinished), a `step-finish` closes it. Parts after a `step-finish` that are no model
 * output (OpenCode writes a `patch` part there) stay with the call before them.
 */
function segmentsOf(m: OpenCodeMessage): Segment[] {
  const out: Segment[] = [];
  let open: Segment | undefined;
  for (const at of m.parts) {
    const type = at.part.type;
    const previous = out.at(-1);
    if (type === 'step-start') {
      if (!open) out.push((open = { parts: [] }));
    } else if (type === 'step-finish') {
      if (!open) out.push((open = { parts: [] }));
      open.finish = at.part;
      open = undefined;
    } else if (!open && previous && !OUTPUT.has(str(type))) {
      previous.parts.push(at);
    } else {
      if (!open) out.push((open = { parts: [] }));
      open.parts.push(at);
    }
  }
  return out;
}

/** Parts that are a model call's output. */
const OUTPUT = new Set(['text', 'reasoning', 'tool']);
/** Parts read into the step, or bookkeeping never sent to the model (file snapshots, patches). */
const READ = new Set(['text', 'reasoning', 'tool', 'snapshot', 'patch']);

/** Adds an assistant message: one action per model call, tool results linked to their calls. */
function addAssistant(list: StepList, m: OpenCodeMessage, models: Set<string>): void {
  // `modelID` on an assistant message; some writers keep a user message's `model {modelID}`.
  const named = m.info.modelID ?? (isRecord(m.info.model) ? m.info.model.modelID : undefined);
  const model = typeof named === 'string' ? named : undefined;
  if (model) models.add(model);
  const segments = segmentsOf(m);
  const byStep = segments.some((s) => s.finish);
  if (m.info.cost !== undefined && typeof m.info.cost !== 'number')
    list.warn('a message cost that is not a number; not read', m.pointer);
  const error = errorOf(m.info);
  const last = segments.length - 1;
  segments.forEach((s, i) => {
    const text = s.parts.filter(({ part }) => part.type === 'text' && part.ignored !== true);
    const thought = s.parts
      .filter(({ part }) => part.type === 'reasoning')
      .map(({ part }) => str(part.text ?? ''))
      .filter(Boolean)
      .join('\n\n');
    const tools = s.parts
      .filter(({ part }) => part.type === 'tool')
      .map(({ part }) => toolOf(part));
    for (const { part, pointer } of s.parts)
      if (!READ.has(str(part.type)))
        list.warn(`a ${str(part.type)} part of an assistant message; not read`, pointer);
    const u = byStep
      ? s.finish && openCodeUsage(s.finish.tokens, s.finish.cost)
      : openCodeUsage(m.info.tokens, m.info.cost);
    if (s.finish && s.finish.cost !== undefined && typeof s.finish.cost !== 'number')
      list.warn('a step-finish cost that is not a number; not read', m.pointer);
    const err = i === last ? error : undefined;
    if (text.length === 0 && !thought && tools.length === 0 && !u && !err) return;
    const draft = actionDraft({
      toolCalls: tools.map((t) => t.call),
      thought,
      error: err,
      usage: u,
      model,
      timestamp: timeOf(s.parts[0]?.part) ?? timeOf(m.info),
    });
    // The call's text as recorded, an empty one too (a call that only used tools).
    list.add(
      { ...draft, modelOutput: text.map(({ part }) => str(part.text ?? '')).join('\n') },
      s.parts[0]?.pointer ?? m.pointer,
    );
    for (const t of tools)
      if (t.result !== undefined) list.linkResult(t.call.id, t.result, t.isError);
  });
}

/** Adds a session's messages, in order, to the list; the models its replies name go in `models`. */
export function addMessages(
  list: StepList,
  messages: readonly OpenCodeMessage[],
  models: Set<string>,
): void {
  const byId = new Map(messages.map((m) => [str(m.info.id), m]));
  // The step each message starts at: a compaction drops the steps before its request's.
  const firstStep = new Map<string, number>();
  for (const m of messages) {
    firstStep.set(str(m.info.id), list.steps.length);
    if (m.info.role === 'user') addUser(list, m);
    else if (m.info.role === 'assistant' && m.info.summary === true)
      addSummary(list, m, byId, firstStep);
    else if (m.info.role === 'assistant') addAssistant(list, m, models);
    else list.warn(`a message of an unknown role "${str(m.info.role)}"; skipped`, m.pointer);
  }
}
