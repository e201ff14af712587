/**
 * OpenHands V1 (the software-agent SDK, OpenHands/software-agent-sdk `openhands-sdk/openhands/sdk/
 * event/`): typed events `{id, timestamp, source, kind}` written as `events/event-<n>-<id>.json`
 * files beside `base_state.json`, or one per line (JSONL), or as a list. What the model sees:
 * `SystemPromptEvent` (`system_prompt`, `tools`), `MessageEvent` (`llm_message {role, content}`),
 * `ActionEvent` (a tool call: `thought`, `reasoning_content`, `tool_call {id, name, arguments}`;
 * the actions of one model response share `llm_response_id`), `ObservationEvent` (the result, by
 * `tool_call_id`), `UserRejectObservation` and `AgentErrorEvent` (answers that are errors),
 * `CondensationSummaryEvent` and `Condensation` (a recorded compaction: a summary step that replaces
 * the steps of `forgotten_event_ids` and the summary before it, `compaction.recordedAs` the kind).
 * State updates, pauses and condensation requests are not sent to the model and are not steps.
 * Usage per response comes from `base_state.json`'s `stats.usage_to_metrics` when the folder has it.
 * Evaluation output JSONL (`{instance_id, history: [events], metrics}` per line) gives a run per line
 * (one that cannot be read is skipped with a warning naming its line and instance).
 */
import { z } from 'zod';
import { historyOf, type Event } from './openhands-v1-history';
import { FolderValue, recordLine } from './read';
import { readRuns, runPlace, type RunRead } from './runs';
import { defineImporter, fits, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { folderFiles, folderPointer, isRecord, str } from './util';

const KINDS = [
  'SystemPromptEvent',
  'MessageEvent',
  'ActionEvent',
  'ObservationEvent',
  'UserRejectObservation',
  'AgentErrorEvent',
  'CondensationSummaryEvent',
  'Condensation',
  'CondensationRequest',
  'ConversationStateUpdateEvent',
  'PauseEvent',
];
const event = z.object({ id: z.string(), kind: z.string(), source: z.string() }).passthrough();
const eventList = z
  .array(event)
  .min(1)
  .refine((es) => es.some((e) => KINDS.includes(e.kind)), 'an OpenHands V1 event');
const EVENT_FILE = /(^|\/)events\/event-(\d+)-[^/]+\.json$/;

type Parsed =
  | { events: Event[]; at: (i: number) => { pointer: string; line?: number } }
  | { folder: FolderValue }
  | { runs: z.infer<typeof evalRuns> };
// Evaluation output JSONL: a run per line, `{instance_id, history: [events], metrics, error}`. A
// run whose history is empty (OpenHands/benchmarks' openagentsafety output has two, `error` null)
// or not V1 events is skipped with a warning (runs.ts); one run of V1 events makes the file this
// format.
const evalRuns = z
  .array(
    z
      .object({
        instance_id: z.union([z.string(), z.number()]),
        history: z.array(z.unknown()).nullable(),
      })
      .passthrough(),
  )
  .min(1)
  .refine((rs) => rs.some((r) => fits(eventList, r.history)), 'a run of OpenHands V1 events');

/** One eval output run: its events read as a conversation, its cost and error beside them. */
function evalRunHistory(r: z.infer<typeof evalRuns>[number], i: number, fileName: string): RunRead {
  const events = parsedBy(eventList, r.history);
  if (!events)
    throw new ImportError(
      r.history === null
        ? 'its history is null'
        : r.history.length === 0
          ? 'its history is empty'
          : 'its history holds no OpenHands V1 event',
    );
  const { history, warnings } = historyOf(
    events,
    fileName,
    (j) => ({ pointer: `/${i}/history/${j}` }),
    undefined,
    undefined,
  );
  const metrics = isRecord(r.metrics) ? r.metrics : {};
  const error = typeof r.error === 'string' && r.error ? r.error : undefined;
  return {
    history: {
      ...history,
      id: `run-${i}`,
      title: str(r.instance_id),
      ...(typeof metrics.accumulated_cost === 'number'
        ? { usage: { costUsd: metrics.accumulated_cost } }
        : {}),
      ...(error ? { outcome: `error: ${error.slice(0, 80)}` } : {}),
    },
    warnings: warnings.map((w) => ({ ...w, message: `${str(r.instance_id)}: ${w.message}` })),
  };
}

export const openHandsV1Importer = defineImporter<Parsed>({
  id: 'openhands-v1',
  label: 'OpenHands V1 (agent SDK) events',
  near: { schema: z.union([evalRuns, eventList]) },
  detect(value) {
    if (value instanceof FolderValue)
      return folderFiles(value, EVENT_FILE).length > 0 ? { folder: value } : undefined;
    const runs = parsedBy(evalRuns, value);
    if (runs) return { runs };
    if (!Array.isArray(value)) return undefined;
    // Lines are the file's records' (the list as read), not the parse's.
    const records: readonly unknown[] = value;
    const events = parsedBy(eventList, records);
    if (!events) return undefined;
    return {
      events,
      at: (i) => {
        const line = recordLine(records, i);
        return { pointer: `/${i}`, ...(line === undefined ? {} : { line }) };
      },
    };
  },
  import(parsed, fileName, raw) {
    if ('runs' in parsed) {
      const records: readonly unknown[] | undefined = Array.isArray(raw) ? raw : undefined;
      const { histories, warnings } = readRuns(
        parsed.runs,
        (r, i) => evalRunHistory(r, i, fileName),
        (r, i) => runPlace(records, i, `instance ${str(r.instance_id)}`),
        fileName,
      );
      return { file: { histories }, warnings };
    }
    if ('events' in parsed) {
      const { history, warnings } = historyOf(
        parsed.events,
        fileName,
        parsed.at,
        Array.isArray(raw) ? raw : undefined,
        undefined,
      );
      return { file: { histories: [history] }, warnings };
    }
    const files = folderFiles(parsed.folder, EVENT_FILE);
    const dir = (files[0]?.[0] ?? '').replace(/\/?events\/[^/]+$/, '');
    const statePath = dir ? `${dir}/base_state.json` : 'base_state.json';
    const state = parsed.folder.files[statePath];
    const kept = files.flatMap(([path, v]) => {
      const e = parsedBy(event, v);
      return e ? [{ path, e }] : [];
    });
    const { history, warnings } = historyOf(
      kept.map(({ e }) => e),
      parsed.folder.name,
      (i) => ({ pointer: folderPointer(kept[i]?.path ?? '') }),
      undefined,
      state,
    );
    const id = isRecord(state) && typeof state.id === 'string' ? state.id : parsed.folder.name;
    return {
      file: { histories: [{ ...history, id }] },
      warnings,
      claimed: [...files.map(([p]) => p), ...(state === undefined ? [] : [statePath])],
    };
  },
});
