/**
 * OpenHands event streams (All-Hands-AI/OpenHands `openhands/events/serialization/event.py`;
 * ../shared/fixtures/MANIFEST.md "openhands"): events `{id, timestamp (ISO, no zone), source,
 * message, action + args | observation + content + extras + cause}`. An observation answers the
 * action whose id is its `cause`; `tool_call_metadata` carries the tool call id and the raw model
 * response with its usage (on every action of that response: counted once).
 * Read as: an event list (a trajectory), a session folder (`metadata.json` + `events/<n>.json`,
 * ordered numerically), and evaluation output JSONL (`{instance_id, history: [events], metrics}`).
 */
import { z } from 'zod';
import type { History, JsonValue, Usage } from '../model/types';
import { FolderValue } from './read';
import { defineImporter, type ImportWarning, parsedBy } from './types';
import { folderFiles, folderPointer, isoToUnix, isRecord, num, StepList, usage } from './util';

const event = z
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
const events = z.array(event).min(1);
const evalRun = z
  .object({ instance_id: z.union([z.string(), z.number()]), history: z.array(z.unknown()) })
  .passthrough();
const evalRuns = z.array(evalRun).min(1);
type Event = z.infer<typeof event> & Record<string, unknown>;

/** Events that only move the agent's state machine: not part of what the model saw. */
const STATE_EVENTS = new Set(['change_agent_state', 'agent_state_changed', 'null']);

function argsOf(e: Event): Record<string, unknown> {
  return isRecord(e.args) ? e.args : {};
}

function responseUsage(e: Event): { id?: string; usage?: Usage; model?: string } {
  const meta = isRecord(e.tool_call_metadata) ? e.tool_call_metadata : undefined;
  const response = meta && isRecord(meta.model_response) ? meta.model_response : undefined;
  if (!response) return {};
  const u = isRecord(response.usage)
    ? usage({
        inputTokens: response.usage.prompt_tokens,
        outputTokens: response.usage.completion_tokens,
        totalTokens: response.usage.total_tokens,
        cacheReadInputTokens: response.usage.cache_read_input_tokens,
        cacheCreationInputTokens: response.usage.cache_creation_input_tokens,
      })
    : undefined;
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
  list.forEach((raw, i) => {
    const pointer = pointerOf(i);
    const parsed = event.safeParse(raw);
    if (!parsed.success) {
      steps.warn(`event ${i} is not an OpenHands action or observation; skipped`, pointer);
      return;
    }
    const e = parsed.data as Event;
    const timestamp = isoToUnix(e.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    const args = argsOf(e);
    const kind = e.action ?? e.observation ?? '';
    if (STATE_EVENTS.has(kind)) {
      skipped++;
      return;
    }
    if (e.action !== undefined) {
      if (e.action === 'system') {
        steps.add(
          { kind: 'system-prompt', content: String(args.content ?? e.message ?? ''), ...time },
          pointer,
        );
        return;
      }
      if (e.action === 'recall') {
        // Workspace context the runtime looks up; its observation reaches the model as a user message.
        recalls.add(String(e.id));
        return;
      }
      if (e.action === 'message' && e.source === 'user') {
        steps.add(
          { kind: 'task', task: String(args.content ?? e.message ?? ''), ...time },
          pointer,
        );
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
      // An action's `thought` is the text of the model's message that made the call.
      const said =
        typeof args.thought === 'string' && args.thought !== ''
          ? { modelOutput: args.thought }
          : {};
      if (e.action === 'message') {
        steps.add(
          {
            kind: 'action',
            toolCalls: [],
            isFinal: false,
            modelOutput: String(args.content ?? e.message ?? ''),
            ...extra,
          },
          pointer,
        );
        return;
      }
      if (e.action === 'finish') {
        const answer = [args.final_thought, args.thought, e.message].find(
          (x) => typeof x === 'string' && x !== '',
        );
        steps.add({ kind: 'final-answer', answer: String(answer ?? ''), ...time }, pointer);
        return;
      }
      const meta = isRecord(e.tool_call_metadata) ? e.tool_call_metadata : {};
      const id =
        typeof meta.tool_call_id === 'string' ? meta.tool_call_id : `event-${String(e.id)}`;
      const name = typeof meta.function_name === 'string' ? meta.function_name : e.action;
      const { thought: _omit, ...callArgs } = args;
      callOfEvent.set(String(e.id), id);
      steps.add(
        {
          kind: 'action',
          toolCalls: [{ id, name, arguments: callArgs as JsonValue }],
          isFinal: false,
          ...said,
          ...extra,
        },
        pointer,
      );
      return;
    }
    const content = typeof e.content === 'string' ? e.content : String(e.message ?? '');
    if (e.observation === 'recall' || recalls.has(String(e.cause))) {
      if (content.trim() !== '') steps.add({ kind: 'task', task: content, ...time }, pointer);
      return;
    }
    const callId =
      e.cause === undefined || e.cause === null ? undefined : callOfEvent.get(String(e.cause));
    const failed =
      e.observation === 'error' ||
      e.success === false ||
      (isRecord(e.extras) && typeof e.extras.exit_code === 'number' && e.extras.exit_code !== 0);
    if (callId === undefined || !steps.linkResult(callId, content, failed)) {
      if (e.observation === 'error')
        steps.add(
          { kind: 'action', toolCalls: [], isFinal: false, error: content, ...time },
          pointer,
        );
      else {
        steps.warn(
          `event ${String(e.id)}: a ${e.observation ?? ''} observation answers no earlier action (cause ${String(e.cause ?? 'none')}); kept as an observation`,
          pointer,
        );
        steps.add(
          { kind: 'action', toolCalls: [], isFinal: false, observation: content, ...time },
          pointer,
        );
      }
    }
  });
  if (skipped > 0)
    steps.warn(`${skipped} agent-state events skipped (they are not sent to the model)`);
  return { steps, ...(model ? { model } : {}) };
}

function metadataHistory(meta: Record<string, unknown>): Partial<History> {
  const u = usage({
    inputTokens: meta.prompt_tokens,
    outputTokens: meta.completion_tokens,
    totalTokens: meta.total_tokens,
    costUsd: num(meta.accumulated_cost),
  });
  return {
    ...(typeof meta.title === 'string' ? { title: meta.title } : {}),
    ...(typeof meta.llm_model === 'string' ? { model: meta.llm_model } : {}),
    ...(u ? { usage: u } : {}),
  };
}

const EVENT_FILE = /(^|\/)events\/(\d+)\.json$/;

function fromSessionFolder(folder: FolderValue): {
  histories: History[];
  warnings: ImportWarning[];
  claimed: string[];
} {
  const byDir = new Map<string, [string, unknown][]>();
  for (const f of folderFiles(folder, EVENT_FILE)) {
    const dir = f[0].replace(/\/?events\/\d+\.json$/, '');
    byDir.set(dir, [...(byDir.get(dir) ?? []), f]);
  }
  const warnings: ImportWarning[] = [];
  const claimed: string[] = [];
  const histories = [...byDir].map(([dir, files]) => {
    // events/10.json comes after events/9.json: folderFiles sorts numerically.
    const metaPath = dir ? `${dir}/metadata.json` : 'metadata.json';
    const meta = folder.files[metaPath];
    claimed.push(...files.map(([p]) => p), ...(meta === undefined ? [] : [metaPath]));
    const { steps, model } = importEvents(
      files.map(([, v]) => v),
      folder.name,
      (i) => folderPointer(files[i]?.[0] ?? ''),
    );
    warnings.push(
      ...steps.warnings.map((w) =>
        byDir.size > 1 ? { ...w, message: `${dir}: ${w.message}` } : w,
      ),
    );
    const id = dir.split('/').at(-1) || folder.name;
    return {
      id,
      title: id,
      format: 'openhands',
      steps: steps.markFinal(),
      ...(model ? { model } : {}),
      ...(isRecord(meta) ? metadataHistory(meta) : {}),
    };
  });
  return { histories, warnings, claimed };
}

export const openHandsImporter = defineImporter({
  id: 'openhands',
  label: 'OpenHands events',
  near: {
    sniff: (v) => {
      const f = Array.isArray(v) && isRecord(v[0]) ? v[0] : {};
      return 'source' in f && ('action' in f || 'observation' in f);
    },
    schema: events,
  },
  // A session folder, an event list (read as written), or eval output runs.
  detect: (
    value,
  ):
    | { folder: FolderValue }
    | { events: unknown[] }
    | { runs: z.infer<typeof evalRuns> }
    | undefined => {
    if (value instanceof FolderValue)
      return Object.keys(value.files).some((p) => EVENT_FILE.test(p))
        ? { folder: value }
        : undefined;
    if (events.safeParse(value).success)
      return (value as Record<string, unknown>[]).some(
        (e) => e.source === 'agent' || e.source === 'user',
      )
        ? { events: value as unknown[] }
        : undefined;
    const runs = parsedBy(evalRuns, value);
    return runs?.some((r) => events.safeParse(r.history).success) ? { runs } : undefined;
  },
  import(parsed, fileName) {
    if ('folder' in parsed) {
      const { histories, warnings, claimed } = fromSessionFolder(parsed.folder);
      return { file: { histories }, warnings, claimed };
    }
    if ('events' in parsed) {
      const { steps, model } = importEvents(parsed.events, fileName, (i) => `/${i}`);
      return {
        file: {
          histories: [
            {
              id: fileName,
              title: fileName,
              format: 'openhands',
              steps: steps.markFinal(),
              ...(model ? { model } : {}),
            },
          ],
        },
        warnings: steps.warnings,
      };
    }
    const { runs } = parsed;
    const warnings: ImportWarning[] = [];
    const histories = runs.map((r, i) => {
      const { steps, model } = importEvents(r.history, fileName, (j) => `/${i}/history/${j}`);
      warnings.push(
        ...steps.warnings.map((w) => ({ ...w, message: `${String(r.instance_id)}: ${w.message}` })),
      );
      const metrics = isRecord(r.metrics) ? r.metrics : {};
      const cost = usage({ costUsd: metrics.accumulated_cost });
      const error = typeof r.error === 'string' && r.error !== '' ? r.error : undefined;
      return {
        id: `run-${i}`,
        title: String(r.instance_id),
        format: 'openhands',
        steps: steps.markFinal(),
        ...(model ? { model } : {}),
        ...(cost ? { usage: cost } : {}),
        ...(error ? { outcome: `error: ${error.slice(0, 80)}` } : {}),
      };
    });
    return { file: { histories }, warnings };
  },
});
