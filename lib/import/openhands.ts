/**
 * OpenHands event streams (All-Hands-AI/OpenHands `openhands/events/serialization/event.py`;
 * ../shared/fixtures/MANIFEST.md "openhands"): events `{id, timestamp (ISO, no zone), source,
 * message, action + args | observation + content + extras + cause}`. An observation answers the
 * action whose id is its `cause`; `tool_call_metadata` carries the tool call id and the raw model
 * response with its usage (on every action of that response: counted once).
 * Read as: an event list (a trajectory), a session folder (`metadata.json` + `events/<n>.json`,
 * ordered numerically), evaluation output JSONL (`{instance_id, history: [events], metrics}`), and
 * resolver output JSONL (`{issue, instruction, history, git_patch, success}`, openhands-resolver.ts).
 */
import { z } from 'zod';
import type { History } from '../model/types';
import { FolderValue } from './read';
import { defineImporter, type ImportWarning, parsedBy, fits } from './types';
import { ImportError } from '../model/errors';
import { withInputCounts } from './usage-conventions';
import { folderFiles, folderPointer, isRecord, num, str, usage } from './util';
import { events, importEvents } from './openhands-events';
import { importResolverRun, resolverRuns, type ResolverRun } from './openhands-resolver';
import { readRuns, runPlace, type RunRead } from './runs';

const evalRun = z
  // A run that failed before its first event may write `history: null`: skipped, not the file.
  .object({
    instance_id: z.union([z.string(), z.number()]),
    history: z.array(z.unknown()).nullable(),
  })
  .passthrough();
const evalRuns = z.array(evalRun).min(1);
function metadataHistory(meta: Record<string, unknown>): Partial<History> {
  // The conversation's accumulated metrics (openhands `storage/data_models/conversation_metadata.py`):
  // the sum of LiteLLM's prompt_tokens, which holds the cache reads (and, in some LiteLLM
  // versions, not the writes: the calls' own usage says which).
  const u = withInputCounts(
    usage({
      inputTokens: meta.prompt_tokens,
      outputTokens: meta.completion_tokens,
      totalTokens: meta.total_tokens,
      costUsd: num(meta.accumulated_cost),
    }),
    'total',
  );
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

/** One eval output run (`{instance_id, history, metrics, error}`): its events, cost and error. */
function evalRunHistory(r: z.infer<typeof evalRun>, i: number, fileName: string): RunRead {
  if (r.history === null) throw new ImportError('its history is null');
  if (r.history.length === 0) throw new ImportError('its history is empty');
  const { steps, model } = importEvents(r.history, fileName, (j) => `/${i}/history/${j}`);
  const metrics = isRecord(r.metrics) ? r.metrics : {};
  const cost = usage({ costUsd: metrics.accumulated_cost });
  const error = typeof r.error === 'string' && r.error !== '' ? r.error : undefined;
  return {
    history: {
      id: `run-${i}`,
      title: str(r.instance_id),
      format: 'openhands',
      steps: steps.markFinal(),
      ...(model ? { model } : {}),
      ...(cost ? { usage: cost } : {}),
      ...(error ? { outcome: `error: ${error.slice(0, 80)}` } : {}),
    },
    warnings: steps.warnings.map((w) => ({ ...w, message: `${str(r.instance_id)}: ${w.message}` })),
  };
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
    | { resolved: ResolverRun[] }
    | undefined => {
    if (value instanceof FolderValue)
      return Object.keys(value.files).some((p) => EVENT_FILE.test(p))
        ? { folder: value }
        : undefined;
    const list = parsedBy(events, value);
    if (list)
      return list.some((e) => e.source === 'agent' || e.source === 'user')
        ? { events: list }
        : undefined;
    const resolved = parsedBy(resolverRuns, value);
    if (resolved?.some((r) => r.history.some((e) => 'action' in e || 'observation' in e)))
      return { resolved };
    // Runs whose histories are all empty are V0 or V1 alike: taken here, to fail with their reason.
    const runs = parsedBy(evalRuns, value);
    return runs?.some((r) => fits(events, r.history)) ||
      runs?.every((r) => r.history === null || r.history.length === 0)
      ? { runs }
      : undefined;
  },
  import(parsed, fileName, raw) {
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
    const records: readonly unknown[] | undefined = Array.isArray(raw) ? raw : undefined;
    if ('resolved' in parsed) {
      const { histories, warnings } = readRuns(
        parsed.resolved,
        (r, i) => importResolverRun(r, i, fileName),
        (r, i) => runPlace(records, i, `issue ${str(r.issue.number)}`),
        fileName,
      );
      return { file: { histories }, warnings };
    }
    const { histories, warnings } = readRuns(
      parsed.runs,
      (r, i) => evalRunHistory(r, i, fileName),
      (r, i) => runPlace(records, i, `instance ${str(r.instance_id)}`),
      fileName,
    );
    return { file: { histories }, warnings };
  },
});
