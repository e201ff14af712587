/**
 * OpenHands events to steps: actions and observations linked by `cause`, the model response's usage
 * counted once, `recall` observations as user turns, `finish` as the final action (with its call's
 * usage), agent-state events skipped. Part of the OpenHands importer (openhands.ts).
 */
import { z } from 'zod';
import type { Usage } from '../model/types';
import { litellmUsage } from './usage-conventions';
import { actionDraft, isoToUnix, isRecord, keptArguments, StepList, str } from './util';

export const event = z
  .object({
    id: z.union([z.number(), z.string()]),
    source: z.string(),
    timestamp: z.string().optional(),
    message: z.string().optional(),
    action: z.string().optional(),
    observation: z.string().optional(),
  })
  .passthrough()
  .refine(
    (e) => e.action !== undefined || e.observation !== undefined,
    'an event is an action or an observation',
  );
export const events = z.array(event).min(1);
export type Event = z.infer<typeof event> & Record<string, unknown>;

/** Events that only move the agent's state machine: not part of what the model saw. */
export const STATE_EVENTS = new Set(['change_agent_state', 'agent_state_changed', 'null']);

export function argsOf(e: Event): Record<string, unknown> {
  return isRecord(e.args) ? e.args : {};
}

export function responseUsage(e: Event): { id?: string; usage?: Usage; model?: string } {
  const meta = isRecord(e.tool_call_metadata) ? e.tool_call_metadata : undefined;
  const response = meta && isRecord(meta.model_response) ? meta.model_response : undefined;
  if (!response) return {};
  // LiteLLM's ModelResponse: prompt_tokens beside cached_tokens and, for Anthropic models, the
  // cache reads and writes (openhands `llm/llm.py` `_post_completion` reads the same fields).
  const u = isRecord(response.usage) ? litellmUsage(response.usage) : undefined;
  return {
    ...(typeof response.id === 'string' ? { id: response.id } : {}),
    ...(u ? { usage: u } : {}),
    ...(typeof response.model === 'string' ? { model: response.model } : {}),
  };
}

/** Converts an event list; `pointerOf(i)` locates event i in the file. */
export function importEvents(
  list: readonly unknown[],
  file: string,
  pointerOf: (i: number) => string,
): { steps: StepList; model?: string } {
  const steps = new StepList({ format: 'openhands', file });
  const callOfEvent = new Map<string, string>();
  const countedResponses = new Set<string>();
  const recalls = new Set<string>();
  let skipped = 0;
  let model: string | undefined;
  // Which step holds each event, for the condensations that forget events by id.
  const stepOfEvent = new Map<string, string>();
  const stepOfCall = new Map<string, string>();
  // The summary steps still in the model's view (only the latest: see `condense`).
  const summaries: string[] = [];
  /**
   * A CondensationAction (openhands `events/action/agent.py`, `memory/view.py` `View.from_events`,
   * 156d0686c46a): the view drops the events it forgets (`forgotten_event_ids`, or every id from
   * `forgotten_events_start_id` to `forgotten_events_end_id`) and holds only the latest summary, an
   * `AgentCondensationObservation` at `summary_offset`; a condensation without a summary keeps the
   * latest one in view.
   */
  const condense = (e: Event, args: Record<string, unknown>, pointer: string, time: object) => {
    const start =
      typeof args.forgotten_events_start_id === 'number'
        ? args.forgotten_events_start_id
        : undefined;
    const end =
      typeof args.forgotten_events_end_id === 'number' ? args.forgotten_events_end_id : undefined;
    const ids = Array.isArray(args.forgotten_event_ids)
      ? args.forgotten_event_ids.map((id) => str(id))
      : start !== undefined && end !== undefined
        ? Array.from({ length: Math.max(0, end - start + 1) }, (_, k) => String(start + k))
        : [];
    const summary = typeof args.summary === 'string' ? args.summary : undefined;
    const hasSummary = summary !== undefined;
    const found = ids.flatMap((id) => stepOfEvent.get(id) ?? []);
    const replaces = [...new Set([...found, ...(hasSummary ? summaries : [])])];
    if (ids.length === 0)
      steps.warn(`event ${str(e.id)}: a condensation that names no forgotten events`, pointer);
    const step = steps.add(
      {
        kind: 'summary',
        content: summary ?? '',
        replaces,
        origin: 'model',
        compaction: { recordedAs: 'condensation' },
        ...time,
      },
      pointer,
    );
    if (hasSummary) summaries.splice(0, summaries.length, step.id);
  };
  list.forEach((raw, i) => {
    const pointer = pointerOf(i);
    const parsed = event.safeParse(raw);
    if (!parsed.success) {
      steps.warn(`event ${i} is not an OpenHands action or observation; skipped`, pointer);
      return;
    }
    const e = parsed.data;
    const timestamp = isoToUnix(e.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    const args = argsOf(e);
    const kind = e.action ?? e.observation ?? '';
    if (STATE_EVENTS.has(kind)) {
      skipped++;
      return;
    }
    const before = steps.steps.length;
    convert(e, args, kind, pointer, time);
    const added = steps.steps.length > before ? steps.steps.at(-1) : undefined;
    if (added) stepOfEvent.set(str(e.id), added.id);
  });
  function convert(
    e: Event,
    args: Record<string, unknown>,
    kind: string,
    pointer: string,
    time: { timestamp?: number },
  ): void {
    if (e.action === 'condensation') {
      condense(e, args, pointer, time);
      return;
    }
    // A request for a condensation: not sent to the model (`View.from_events` forgets it).
    if (e.action === 'condensation_request') return;
    if (e.action !== undefined) {
      if (e.action === 'system') {
        steps.add(
          { kind: 'system-prompt', content: str(args.content ?? e.message ?? ''), ...time },
          pointer,
        );
        return;
      }
      if (e.action === 'recall') {
        // Workspace context the runtime looks up; its observation reaches the model as a user message.
        recalls.add(str(e.id));
        return;
      }
      if (e.action === 'message' && e.source === 'user') {
        steps.add({ kind: 'task', task: str(args.content ?? e.message ?? ''), ...time }, pointer);
        return;
      }
      const response = responseUsage(e);
      model ??= response.model;
      const firstOfResponse = response.id === undefined || !countedResponses.has(response.id);
      if (response.id !== undefined) countedResponses.add(response.id);
      const extra = {
        ...(response.usage && firstOfResponse ? { usage: response.usage } : {}),
        ...(response.model ? { model: response.model } : {}),
        ...time,
      };
      if (e.action === 'message') {
        // The message's text as recorded, an empty one too.
        steps.add(
          { ...actionDraft(extra), modelOutput: str(args.content ?? e.message ?? '') },
          pointer,
        );
        return;
      }
      if (e.action === 'finish') {
        // The model's last call: its answer as the final action (a final-answer step holds no usage,
        // and the call's usage would be lost).
        const answer = [args.final_thought, args.thought, e.message].find(
          (x) => typeof x === 'string' && x !== '',
        );
        steps.add(
          { ...actionDraft({ ...extra, isFinal: true }), modelOutput: str(answer ?? '') },
          pointer,
        );
        return;
      }
      const meta = isRecord(e.tool_call_metadata) ? e.tool_call_metadata : {};
      const id = typeof meta.tool_call_id === 'string' ? meta.tool_call_id : `event-${str(e.id)}`;
      const name = typeof meta.function_name === 'string' ? meta.function_name : e.action;
      const { thought: _omit, ...callArgs } = args;
      callOfEvent.set(str(e.id), id);
      const added = steps.addAction(
        {
          toolCalls: [{ id, name, arguments: keptArguments(callArgs) }],
          // An action's `thought` is the text of the model's message that made the call.
          modelOutput: typeof args.thought === 'string' ? args.thought : undefined,
          ...extra,
        },
        pointer,
      );
      stepOfCall.set(id, added.id);
      return;
    }
    const content = typeof e.content === 'string' ? e.content : str(e.message ?? '');
    if (e.observation === 'recall' || recalls.has(str(e.cause))) {
      if (content.trim() !== '') steps.add({ kind: 'task', task: content, ...time }, pointer);
      return;
    }
    const callId =
      e.cause === undefined || e.cause === null ? undefined : callOfEvent.get(str(e.cause));
    const failed =
      e.observation === 'error' ||
      e.success === false ||
      (isRecord(e.extras) && typeof e.extras.exit_code === 'number' && e.extras.exit_code !== 0);
    if (callId !== undefined && steps.linkResult(callId, content, failed)) {
      const owner = stepOfCall.get(callId);
      if (owner) stepOfEvent.set(str(e.id), owner);
    } else {
      // The error's text as recorded, an empty one too.
      if (e.observation === 'error') steps.add({ ...actionDraft(time), error: content }, pointer);
      else {
        steps.warn(
          `event ${str(e.id)}: a ${e.observation ?? ''} observation answers no earlier action (cause ${str(e.cause ?? 'none')}); kept as an observation`,
          pointer,
        );
        steps.addAction({ observation: content, ...time }, pointer);
      }
    }
  }
  if (skipped > 0)
    steps.warn(`${skipped} agent-state events skipped (they are not sent to the model)`);
  return { steps, ...(model ? { model } : {}) };
}
