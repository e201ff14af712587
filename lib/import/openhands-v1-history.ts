/**
 * OpenHands V1 events read as one conversation (part of the OpenHands V1 importer, openhands-v1.ts,
 * whose header describes the events): the steps the model saw, calls linked to their observations,
 * recorded condensations as summary steps, the text of the SDK's content blocks, and usage per
 * response from `base_state.json`.
 */
import type { History, Usage } from '../model/types';
import { ImportError } from '../model/errors';
import { litellmPrompt, withInputCounts } from './usage-conventions';
import {
  actionDraft,
  isoToUnix,
  isRecord,
  num,
  parseArguments,
  StepList,
  str,
  usage,
} from './util';

export type Event = Record<string, unknown> & { id: string; kind: string };

export function historyOf(
  events: readonly Event[],
  fileName: string,
  at: (i: number) => { pointer: string; line?: number },
  records: readonly unknown[] | undefined,
  state: unknown,
): { history: History; warnings: StepList['warnings'] } {
  const list = new StepList({ format: 'openhands-v1', file: fileName });
  const usages = usageByResponse(state);
  const stepOfEvent = new Map<string, string>();
  // The summary steps still in the model's view (the latest; see the condensation branch).
  const summaries: string[] = [];
  let lastResponse: string | undefined;
  events.forEach((e, i) => {
    const { pointer } = at(i);
    const line = records ? { records, index: i } : undefined;
    const timestamp = isoToUnix(e.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    const before = list.steps.length;
    const response = typeof e.llm_response_id === 'string' ? e.llm_response_id : undefined;
    const u = response ? usages.byId.get(response) : undefined;
    if (e.kind === 'SystemPromptEvent')
      list.add({ kind: 'system-prompt', content: textOf(e.system_prompt), ...time }, pointer, line);
    else if (e.kind === 'MessageEvent' && isRecord(e.llm_message)) {
      const m = e.llm_message;
      const body = textOf(m.content);
      if (m.role === 'assistant') {
        const thought = typeof m.reasoning_content === 'string' ? m.reasoning_content : undefined;
        // The reply's text as recorded, an empty one too.
        list.add(
          { ...actionDraft({ thought, usage: u, timestamp }), modelOutput: body },
          pointer,
          line,
        );
      } else if (m.role === 'system')
        list.add({ kind: 'system-prompt', content: body, ...time }, pointer, line);
      else list.add({ kind: 'task', task: body, ...time }, pointer, line);
    } else if (e.kind === 'ActionEvent') {
      const tc = isRecord(e.tool_call) ? e.tool_call : {};
      const call = {
        id: str(e.tool_call_id ?? tc.id ?? e.id),
        name: str(e.tool_name ?? tc.name ?? 'tool'),
        arguments: parseArguments(tc.arguments ?? (isRecord(e.action) ? e.action : {})),
      };
      const last = list.steps.at(-1);
      // The actions of one model response are one step with parallel calls.
      if (response && response === lastResponse && last?.kind === 'action')
        list.updateLast((s) =>
          s.kind === 'action' ? { ...s, toolCalls: [...s.toolCalls, call] } : s,
        );
      else {
        const thought = [
          textOf(e.thought),
          typeof e.reasoning_content === 'string' ? e.reasoning_content : '',
        ]
          .filter(Boolean)
          .join('\n\n');
        list.addAction({ toolCalls: [call], thought, usage: u, timestamp }, pointer, line);
      }
    } else if (
      e.kind === 'ObservationEvent' ||
      e.kind === 'UserRejectObservation' ||
      e.kind === 'AgentErrorEvent'
    ) {
      const obs = isRecord(e.observation) ? e.observation : {};
      const isError = e.kind !== 'ObservationEvent' || obs.is_error === true;
      const output =
        e.kind === 'AgentErrorEvent'
          ? str(e.error ?? '')
          : e.kind === 'UserRejectObservation'
            ? `Action rejected: ${str(e.rejection_reason ?? 'the user rejected it')}`
            : textOf(obs.content ?? obs.output ?? '');
      if (list.linkResult(str(e.tool_call_id ?? ''), output, isError)) {
        // Forgetting the observation forgets its action's step (`filter_unmatched_tool_calls`).
        const owner = list.steps.findLast(
          (s) => s.kind === 'action' && s.toolCalls.some((c) => c.id === str(e.tool_call_id)),
        );
        if (owner) stepOfEvent.set(e.id, owner.id);
      } else {
        list.warn(
          `${e.kind} ${e.id}: answers no earlier tool call (${str(e.tool_call_id ?? 'no id')}); kept as an observation`,
          pointer,
        );
        // An error's text as recorded, an empty one too.
        const draft = actionDraft({ observation: output, timestamp });
        list.add(isError ? { ...draft, error: output } : draft, pointer, line);
      }
    } else if (e.kind === 'CondensationSummaryEvent' || e.kind === 'Condensation') {
      // software-agent-sdk `openhands/sdk/context/view.py` `View.from_events` (bf3026216ea3): the
      // model's view drops every forgotten event (an action and its observation go together:
      // `filter_unmatched_tool_calls`) and holds only the LATEST summary, inserted at
      // `summary_offset` as a `CondensationSummaryEvent` with a fresh id, the id a later
      // condensation forgets. So a condensation with a summary also replaces the summaries before
      // it; one without keeps the latest summary in view.
      const forgotten = Array.isArray(e.forgotten_event_ids) ? e.forgotten_event_ids : [];
      const found = forgotten.flatMap((id) => {
        const s = stepOfEvent.get(str(id));
        return s ? [s] : [];
      });
      const hasSummary = typeof e.summary === 'string';
      const replaces = [...new Set([...found, ...(hasSummary ? summaries : [])])];
      const unknown = forgotten.length - forgotten.filter((id) => stepOfEvent.has(str(id))).length;
      // The earlier summary's view id is the one forgotten id no event in the file has.
      if (unknown > (summaries.length > 0 ? 1 : 0))
        list.warn(
          `${e.kind} ${e.id}: ${unknown} of its ${forgotten.length} forgotten event ids name no event in the file; the steps they stood for stay in the replayed context`,
          pointer,
        );
      const summary = list.add(
        {
          kind: 'summary',
          content: str(e.summary ?? ''),
          replaces,
          origin: 'model',
          compaction: { recordedAs: e.kind },
          ...time,
        },
        pointer,
        line,
      );
      if (hasSummary) summaries.splice(0, summaries.length, summary.id);
      // The summary is in view until a later summary replaces it, whichever event forgets it.
      stepOfEvent.set(e.id, summary.id);
      lastResponse = undefined;
      return;
    }
    // An action merged into the step before it belongs to that step.
    const last = list.steps.at(-1);
    if (last && (list.steps.length > before || e.kind === 'ActionEvent'))
      stepOfEvent.set(e.id, last.id);
    if (e.kind === 'ActionEvent') lastResponse = response;
    else if (
      e.kind !== 'ObservationEvent' &&
      e.kind !== 'AgentErrorEvent' &&
      e.kind !== 'UserRejectObservation'
    )
      lastResponse = undefined;
  });
  if (list.steps.length === 0)
    throw new ImportError(`${fileName}: the OpenHands events hold nothing the model saw`);
  const task = list.steps.find((s) => s.kind === 'task');
  const first = task?.kind === 'task' ? task.task.split('\n')[0]?.slice(0, 80) : undefined;
  const condenser = condenserOf(state);
  const history: History = {
    id: fileName,
    title: first ? `OpenHands: ${first}` : 'OpenHands conversation',
    format: 'openhands-v1',
    ...(usages.model ? { model: usages.model } : {}),
    steps: list.markFinal(),
    ...(usages.cost === undefined ? {} : { usage: { costUsd: usages.cost } }),
    ...(condenser ? { meta: { condenser } } : {}),
  };
  return { history, warnings: list.warnings };
}

/**
 * The condenser the conversation ran with, as base_state.json records it (`agent.condenser`):
 * its kind and the settings that decide when and how much it condenses.
 */
function condenserOf(state: unknown): Record<string, string | number> | undefined {
  const agent = isRecord(state) && isRecord(state.agent) ? state.agent : undefined;
  const c = agent && isRecord(agent.condenser) ? agent.condenser : undefined;
  if (!c || typeof c.kind !== 'string') return undefined;
  const out: Record<string, string | number> = { kind: c.kind };
  for (const key of ['max_size', 'keep_first', 'max_tokens']) {
    const setting = c[key];
    if (typeof setting === 'number') out[key] = setting;
  }
  return out;
}

/** The text of SDK content: a string, a `{text}` block, or a list of blocks (others by their type). */
function textOf(content: unknown): string {
  if (Array.isArray(content))
    return content
      .map((c) =>
        isRecord(c) && typeof c.text === 'string'
          ? c.text
          : isRecord(c)
            ? `[${str(c.type)}]`
            : str(c),
      )
      .join('\n');
  if (typeof content === 'string') return content;
  return isRecord(content) && typeof content.text === 'string' ? content.text : '';
}

/**
 * Usage per model response id, from `base_state.json` (`stats.usage_to_metrics.<llm>.token_usages`;
 * before software-agent-sdk 301161fc6 (October 2025) the same map was `service_to_metrics`).
 */
function usageByResponse(state: unknown): {
  byId: Map<string, Usage>;
  cost?: number;
  model?: string;
} {
  const byId = new Map<string, Usage>();
  let cost: number | undefined;
  let model: string | undefined;
  const stats = isRecord(state) && isRecord(state.stats) ? state.stats : {};
  const metrics = isRecord(stats.usage_to_metrics)
    ? stats.usage_to_metrics
    : isRecord(stats.service_to_metrics)
      ? stats.service_to_metrics
      : {};
  for (const m of Object.values(metrics)) {
    if (!isRecord(m)) continue;
    if (typeof m.accumulated_cost === 'number') cost = (cost ?? 0) + m.accumulated_cost;
    for (const t of Array.isArray(m.token_usages) ? m.token_usages : []) {
      if (!isRecord(t) || typeof t.response_id !== 'string') continue;
      if (typeof t.model === 'string') model ??= t.model;
      // openhands-sdk `llm/utils/metrics.py` TokenUsage: LiteLLM's prompt_tokens and the cache
      // reads and writes beside it (`litellmPrompt` says what the prompt count holds).
      const [input, counts] = litellmPrompt(
        num(t.prompt_tokens),
        num(t.cache_read_tokens),
        num(t.cache_write_tokens),
      );
      const u = withInputCounts(
        usage({
          inputTokens: input,
          outputTokens: t.completion_tokens,
          cacheReadInputTokens: t.cache_read_tokens,
          cacheCreationInputTokens: t.cache_write_tokens,
        }),
        counts,
      );
      if (u) byId.set(t.response_id, u);
    }
  }
  return { byId, ...(cost === undefined ? {} : { cost }), ...(model ? { model } : {}) };
}
