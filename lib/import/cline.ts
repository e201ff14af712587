/**
 * Cline and Roo Code tasks (github.com/cline/cline, github.com/RooCodeInc/Roo-Code). A task folder
 * (`globalStorage/saoudrizwan.claude-dev/tasks/<id>/`, Cline src/core/storage/disk.ts) holds
 * `api_conversation_history.json` (the Messages API turns the model was sent: tool results as text
 * in the next user turn, read by cline-results.ts), `ui_messages.json` (what the panel showed, with
 * each request's tokens and cost: cline-ui.ts) and `task_metadata.json` (`model_usage` with the
 * model ids). Read together, each request's usage goes to the replies in order; a folder or a file
 * with only `ui_messages.json` is read from the panel's records (cline-ui-steps.ts); an
 * `api_conversation_history.json` alone takes its usage from each reply's `metrics` (Cline 3.x:
 * `tokens: {prompt, completion, cached}` with `cached` = cache writes + reads, and `cost`).
 *
 * Detection is by structure: a conversation is Cline's when a user turn carries
 * `<environment_details>` or a `[tool …] Result:` block (file names only group a folder's files).
 */
import { z } from 'zod';
import type { History, Step, Usage } from '../model/types';
import { convert } from './claude-code-convert';
import { messageEntries } from './claude-code-entries';
import { nativeClineMessages, resultHeader } from './cline-results';
import { uiMessages, uiRequests, type UiMessage } from './cline-ui';
import { uiHistory } from './cline-ui-steps';
import { FolderValue } from './read';
import { defineImporter, fits, parsedBy, type ImportWarning } from './types';
import { ImportError } from '../model/errors';
import { withInputCounts } from './usage-conventions';
import { folderPointer, isRecord, str, usage } from './util';

const message = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.union([z.string(), z.array(z.unknown())]),
  })
  .passthrough();
const messages = z.array(message).min(1);
type Message = Record<string, unknown>;

const userTexts = (m: Message) =>
  typeof m.content === 'string'
    ? [m.content]
    : Array.isArray(m.content)
      ? m.content.flatMap((b) => (isRecord(b) && b.type === 'text' ? [str(b.text ?? '')] : []))
      : [];

/** A conversation Cline or Roo Code wrote: a user turn with its environment or a text result. */
function clineConversation(value: unknown): Message[] | undefined {
  const list = parsedBy(messages, value);
  const cline = list?.some(
    (m) =>
      m.role === 'user' &&
      userTexts(m).some(
        (t) => t.includes('<environment_details>') || resultHeader(t) !== undefined,
      ),
  );
  return cline ? list : undefined;
}
const isTaskMetadata = (v: unknown) =>
  isRecord(v) && (Array.isArray(v.model_usage) || Array.isArray(v.files_in_context));

interface Task {
  readonly dir: string;
  readonly api?: string;
  readonly ui?: string;
  readonly meta?: string;
}
type Parsed = { folder: FolderValue; tasks: Task[] } | { api: Message[] } | { ui: UiMessage[] };

const EMPTY = 'the Cline task holds no message and no model request';
const dirOf = (path: string) => path.split('/').slice(0, -1).join('/');
const baseOf = (path: string) => path.split('/').at(-1) ?? path;

/** A folder's task directories: the files each holds, by name, else by shape. */
function tasksIn(folder: FolderValue): Task[] {
  const dirs = new Map<string, { api?: string; ui?: string; meta?: string }>();
  for (const [path, value] of Object.entries(folder.files)) {
    const name = baseOf(path);
    const kind =
      name === 'api_conversation_history.json' || clineConversation(value)
        ? 'api'
        : name === 'ui_messages.json' || fits(uiMessages, value)
          ? 'ui'
          : name === 'task_metadata.json' || isTaskMetadata(value)
            ? 'meta'
            : undefined;
    if (!kind) continue;
    const d = dirs.get(dirOf(path)) ?? {};
    if (d[kind] === undefined) d[kind] = path;
    dirs.set(dirOf(path), d);
  }
  return [...dirs]
    .filter(
      ([, d]) =>
        (d.api !== undefined && fits(messages, folder.files[d.api])) ||
        (d.ui !== undefined && fits(uiMessages, folder.files[d.ui])),
    )
    .map(([dir, d]) => ({ dir, ...d }));
}

const titleOf = (prompt: string | undefined) =>
  // The prompt's first line that is not a bare tag (Cline wraps the task in <task>).
  prompt
    ?.split('\n')
    .map((l) => l.trim())
    .find((l) => l && !/^<\/?[\w-]+>$/.test(l))
    ?.slice(0, 80);

/** Cline 3.x's per-reply `metrics`: every prompt token (`prompt` + `cached`), output, cost. */
function metricsUsage(m: Message): Usage | undefined {
  const metrics = isRecord(m.metrics) ? m.metrics : undefined;
  const tokens = isRecord(metrics?.tokens) ? metrics.tokens : {};
  const prompt = typeof tokens.prompt === 'number' ? tokens.prompt : undefined;
  const cached = typeof tokens.cached === 'number' ? tokens.cached : 0;
  return withInputCounts(
    usage({
      inputTokens: prompt === undefined ? undefined : prompt + cached,
      outputTokens: tokens.completion,
      costUsd: metrics?.cost,
    }),
    'total',
  );
}

/**
 * Each reply's usage, by message index. With ui_messages.json: the request each reply answers. Roo
 * Code and Cline 3.x stamp messages (`ts`, ms): a reply answers the last request started after the
 * reply before it, so requests whose replies the file no longer holds (condensed away, or a panel
 * the history outlived) are not given to the wrong ones. Unstamped (Cline 3.0), in order. Without
 * ui_messages.json, the replies' own `metrics`.
 */
function replyUsage(
  list: readonly Message[],
  ui: readonly UiMessage[] | undefined,
  warnings: ImportWarning[],
): Map<number, Usage> {
  const out = new Map<number, Usage>();
  const replies = list.flatMap((m, i) =>
    m.role === 'assistant' && m.isSummary !== true
      ? [{ i, m, ts: typeof m.ts === 'number' ? m.ts : undefined }]
      : [],
  );
  if (!ui) {
    for (const { i, m } of replies) {
      const u = metricsUsage(m);
      if (u) out.set(i, u);
    }
    return out;
  }
  const requests = uiRequests(ui);
  const stamped = replies.every((reply) => reply.ts !== undefined);
  let used = 0;
  let after = -Infinity;
  let k = 0;
  for (const { i, ts } of replies) {
    let r: (typeof requests)[number] | undefined;
    if (stamped && ts !== undefined) {
      for (let next = requests[k]; next !== undefined && next.ts <= ts; next = requests[++k])
        r = next;
      if (r && r.ts <= after) r = undefined;
      after = ts;
    } else r = requests[k++];
    if (r?.usage) out.set(i, r.usage);
    if (r) used++;
  }
  if (used !== requests.length || used !== replies.length)
    warnings.push({
      message: `ui_messages.json lists ${requests.length} model request(s) for ${replies.length} repl(ies) in the conversation; ${used} matched${stamped ? ' by time' : ' in order'}, the others' usage is not shown`,
    });
  return out;
}

function apiHistory(
  list: Message[],
  file: string,
  pointerOf: (i: number) => string,
  ui: UiMessage[] | undefined,
  warnings: ImportWarning[],
): { steps: Step[]; prompt?: string; model?: string } {
  const { messages: native } = nativeClineMessages(list);
  const entries = messageEntries(
    native,
    (m) => ({
      ...m,
      ...(isRecord(m.modelInfo) && typeof m.modelInfo.modelId === 'string'
        ? { model: m.modelInfo.modelId }
        : {}),
    }),
    (m) => (typeof m.ts === 'number' ? { timestamp: m.ts } : {}),
  );
  const t = convert(entries, native, file, pointerOf, { format: 'cline' });
  warnings.push(...t.warnings);
  const usageOf = replyUsage(list, ui, warnings);
  // The panel's condense_context record of each summary (Roo Code ContextCondense): its figures.
  const condensed = new Map(
    (ui ?? []).flatMap((m) => {
      const c = isRecord(m.contextCondense) ? m.contextCondense : undefined;
      if (!c || typeof c.summary !== 'string') return [];
      const figures = {
        ...(typeof c.prevContextTokens === 'number' ? { tokensBefore: c.prevContextTokens } : {}),
        ...(typeof c.newContextTokens === 'number' ? { tokensAfter: c.newContextTokens } : {}),
      };
      return [[c.summary.trim(), figures] as const];
    }),
  );
  const replyOf = new Map(list.map((m, i) => [pointerOf(i), i]));
  const steps = t.steps.map((s): Step => {
    const i = replyOf.get(s.source?.pointer ?? '');
    if (s.kind === 'action' && i !== undefined && list[i]?.isSummary === true) {
      // Roo Code's condensed context (src/core/condense: a summary message, isSummary): the
      // messages it replaced were taken out of the file, so it replaces no step here; the
      // context's size before and after comes from the panel's condense_context record.
      const { id, stepNumber, source } = s;
      return {
        id,
        stepNumber,
        ...(source ? { source } : {}),
        ...(s.timestamp === undefined ? {} : { timestamp: s.timestamp }),
        kind: 'summary',
        content: s.modelOutput ?? '',
        replaces: [],
        origin: 'model',
        compaction: {
          recordedAs: 'isSummary',
          ...condensed.get((s.modelOutput ?? '').trim()),
          droppedInFile: false,
        },
      };
    }
    const u = s.kind === 'action' && i !== undefined ? usageOf.get(i) : undefined;
    return s.kind === 'action' && u ? { ...s, usage: u } : s;
  });
  return {
    steps,
    ...(t.prompt ? { prompt: t.prompt } : {}),
    ...(t.model ? { model: t.model } : {}),
  };
}

/** One task: its conversation (or, without one, its panel), usage and model. */
function taskHistory(
  files: Readonly<Record<string, unknown>>,
  task: Task,
  file: string,
  pointerFor: (path: string) => (i: number) => string,
): { history: History; warnings: ImportWarning[] } {
  const warnings: ImportWarning[] = [];
  const ui = task.ui === undefined ? undefined : parsedBy(uiMessages, files[task.ui]);
  const list = task.api === undefined ? undefined : parsedBy(messages, files[task.api]);
  let read: { steps: Step[]; prompt?: string; model?: string };
  if (list && task.api !== undefined)
    read = apiHistory(list, file, pointerFor(task.api), ui, warnings);
  else {
    const panel = uiHistory(ui ?? [], file, pointerFor(task.ui ?? ''));
    warnings.push(...panel.warnings);
    read = panel;
  }
  const meta = task.meta === undefined ? undefined : files[task.meta];
  const used = isRecord(meta) && Array.isArray(meta.model_usage) ? meta.model_usage : [];
  const model =
    used
      .filter(isRecord)
      .map((m) => str(m.model_id ?? ''))
      .findLast(Boolean) ?? read.model;
  const name = baseOf(task.dir) || file;
  const title = titleOf(read.prompt) ?? name;
  return {
    history: {
      id: name,
      title: task.dir ? `Cline task ${name} · ${title}` : title,
      format: 'cline',
      ...(model ? { model } : {}),
      steps: read.steps,
    },
    warnings,
  };
}

export const clineImporter = defineImporter<Parsed>({
  id: 'cline',
  label: 'Cline / Roo Code task',
  detect(value) {
    if (value instanceof FolderValue) {
      const tasks = tasksIn(value);
      return tasks.length > 0 ? { folder: value, tasks } : undefined;
    }
    const api = clineConversation(value);
    if (api) return { api };
    const ui = parsedBy(uiMessages, value);
    return ui ? { ui } : undefined;
  },
  near: {
    // A list of panel records: `{ts, type, say | ask}`.
    sniff: (v) =>
      Array.isArray(v) && isRecord(v[0]) && 'ts' in v[0] && ('say' in v[0] || 'ask' in v[0]),
    schema: uiMessages,
  },
  import(parsed, fileName) {
    if ('folder' in parsed) {
      const { folder } = parsed;
      const read = parsed.tasks.map((t) =>
        taskHistory(folder.files, t, folder.name, (path) => (i) => folderPointer(path, i)),
      );
      const empty = read.filter((t) => t.history.steps.length === 0);
      if (empty.length === read.length) throw new ImportError(`${folder.name}: ${EMPTY}`);
      return {
        file: { histories: read.filter((t) => t.history.steps.length > 0).map((t) => t.history) },
        warnings: [
          ...read.flatMap((t) => t.warnings),
          ...empty.map((t) => ({ message: `Cline task ${t.history.id}: ${EMPTY}; skipped` })),
        ],
        claimed: parsed.tasks.flatMap((t) =>
          [t.api, t.ui, t.meta].filter((p): p is string => p !== undefined),
        ),
      };
    }
    const files = { [fileName]: 'api' in parsed ? parsed.api : parsed.ui };
    const task = 'api' in parsed ? { dir: '', api: fileName } : { dir: '', ui: fileName };
    const { history, warnings } = taskHistory(files, task, fileName, () => (i) => `/${i}`);
    if (history.steps.length === 0) throw new ImportError(`${fileName}: ${EMPTY}`);
    return { file: { histories: [history] }, warnings };
  },
});
