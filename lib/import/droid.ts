/**
 * Factory Droid sessions (the `droid` CLI, factory.ai), as usage tools read them (ryoppippi/ccusage
 * `rust/crates/ccusage/src/adapter/droid/parser.rs`, jazzyalex/agent-sessions
 * `AgentSessions/Services/DroidSessionParser.swift`): `~/.factory/sessions/<project>/<id>.jsonl`
 * holds a `{type: session_start, id, title, sessionTitle, owner, version, cwd}` line, then
 * `{type: message, id, parentId, timestamp, message: {role: user | assistant, content}}` lines whose
 * content is Anthropic Messages blocks (`text`, `tool_use`, `tool_result`, `thinking`), read with the
 * Claude Code converter (results linked to their calls by `tool_use_id`). Droid's own notes to the
 * model (`<system-reminder>` text) are part of the user turn it sent, and kept.
 *
 * Where an assistant message carries Anthropic's `id` and `usage` (entireio/cli's `factoryaidroid/
 * transcript.go` reads them, the streamed rows of one `id` merged), the converter reads them per
 * call. Otherwise the messages carry no usage: `<id>.settings.json` beside the transcript keeps the
 * session's totals
 * (`tokenUsage {inputTokens, outputTokens, cacheCreationTokens, cacheReadTokens, thinkingTokens}`,
 * `model`, `providerLock`). ccusage reads them as one entry per session, input apart from the cache
 * reads and writes (Anthropic's convention, `uncached`; a real one: 73,400 input beside 3,518,842
 * cache reads) and thinking billed as output. Picked together (a folder, or both files), they are the
 * run's usage; a transcript alone has none.
 *
 * `droid exec --output-format stream-json` output is read too (droid-exec.ts).
 */
import { z } from 'zod';
import type { History, JsonValue, Usage } from '../model/types';
import { convert } from './claude-code-convert';
import { messageOf, type Entry } from './claude-code-entries';
import { mayHaveKeys } from './guards';
import { FolderValue } from './read';
import { EXEC_EVENTS, execType, fromExec, looksExec, parseExec } from './droid-exec';
import { kindOf, nearRecords } from './near';
import { defineImporter, parsedBy, type ImportResult, type ImportWarning } from './types';
import { ImportError } from '../model/errors';
import { withInputCounts } from './usage-conventions';
import {
  folderFiles,
  folderPointer,
  isRecord,
  jsonOrText,
  num,
  StepList,
  str,
  usage,
} from './util';

const start = z.object({ type: z.literal('session_start'), id: z.string() }).passthrough();
const message = z
  .object({
    type: z.literal('message'),
    message: z
      .object({
        role: z.enum(['user', 'assistant']),
        content: z.union([z.string(), z.array(z.unknown())]),
      })
      .passthrough(),
  })
  .passthrough();
const lines = z
  .array(z.record(z.string(), z.unknown()))
  .min(1)
  .refine((rs) => rs.some((r) => start.safeParse(r).success), 'a session_start line')
  .refine((rs) => rs.some((r) => message.safeParse(r).success), 'a message line');
const settings = z.object({ tokenUsage: z.record(z.string(), z.unknown()) }).passthrough();

type Parsed =
  | { records: Record<string, unknown>[] }
  | { exec: Record<string, unknown>[] }
  | { folder: FolderValue; sessions: [path: string, records: Record<string, unknown>[]][] };

/** The session totals of a `<id>.settings.json` (ccusage `parse_token_usage`). */
function settingsUsage(s: z.infer<typeof settings>): Usage | undefined {
  const t = s.tokenUsage;
  const output = num(t.outputTokens);
  const thinking = num(t.thinkingTokens) ?? 0;
  return withInputCounts(
    usage({
      inputTokens: t.inputTokens,
      outputTokens: output === undefined ? undefined : output + thinking,
      cacheReadInputTokens: t.cacheReadTokens,
      cacheCreationInputTokens: t.cacheCreationTokens,
    }),
    'uncached',
  );
}

function historyOf(
  records: readonly Record<string, unknown>[],
  raw: readonly unknown[],
  fileName: string,
  pointerOf: (i: number) => string,
  sidecar?: z.infer<typeof settings>,
): { history: History; warnings: ImportWarning[] } {
  const head = records.find((r) => r.type === 'session_start') ?? {};
  const entries: { e: Entry; index: number }[] = [];
  const skipped = new Map<string, number>();
  records.forEach((r, index) => {
    const m = message.safeParse(r);
    const said = m.success ? messageOf(m.data.message) : undefined;
    if (m.success && m.data.message.content.length === 0) {
      skipped.set('empty message', (skipped.get('empty message') ?? 0) + 1);
      return;
    }
    if (said)
      entries.push({
        e: {
          type: said.role,
          message: said,
          ...(typeof r.timestamp === 'string' ? { timestamp: r.timestamp } : {}),
        },
        index,
      });
    else if (r.type !== 'session_start') {
      const kind = str(r.type ?? 'untyped');
      skipped.set(kind, (skipped.get(kind) ?? 0) + 1);
    }
  });
  const t = convert(entries, raw, fileName, pointerOf, { format: 'droid' });
  const warnings = [...t.warnings];
  for (const [kind, n] of skipped)
    warnings.push({
      message: `${n} ${kind === 'empty message' ? 'message' : `"${kind}"`} line${n === 1 ? '' : 's'} ${kind === 'empty message' ? 'with no content' : 'not a message'}; skipped`,
    });
  // The session's totals are the run's usage unless the calls report their own (then they are kept
  // in the meta, not counted twice).
  const perCall = t.steps.some((st) => st.kind === 'action' && st.usage !== undefined);
  const totals = sidecar ? settingsUsage(sidecar) : undefined;
  const u = perCall ? undefined : totals;
  const model = typeof sidecar?.model === 'string' && sidecar.model ? sidecar.model : t.model;
  const meta: Record<string, JsonValue> = { sessionId: str(head.id ?? fileName) };
  for (const k of ['cwd', 'owner', 'version'] as const)
    if (typeof head[k] === 'string' || typeof head[k] === 'number') meta[k] = head[k];
  if (typeof sidecar?.providerLock === 'string') meta.providerLock = sidecar.providerLock;
  if (perCall && sidecar) meta.tokenUsage = jsonOrText(sidecar.tokenUsage);
  const title = str(head.sessionTitle ?? head.title ?? '') || t.prompt?.slice(0, 80);
  const history: History = {
    id: str(head.id ?? fileName),
    title: `droid session${title ? ` · ${title}` : ''}`,
    format: 'droid',
    ...(model ? { model } : {}),
    steps: t.steps,
    ...(u ? { usage: u } : {}),
    meta,
  };
  return { history, warnings };
}

const SETTINGS = /\.settings\.json$/;

/** A `droid exec` stream as one run (droid-exec.ts). */
function execHistory(
  events: readonly Record<string, unknown>[],
  raw: readonly unknown[],
  fileName: string,
): ImportResult {
  const list = new StepList({ format: 'droid', file: fileName });
  const run = fromExec(events, raw, list);
  if (list.steps.length === 0)
    throw new ImportError(`${fileName}: the droid exec stream holds no message`);
  const meta: Record<string, JsonValue> = { stream: 'droid exec --output-format stream-json' };
  if (run.sessionId) meta.sessionId = run.sessionId;
  if (run.cwd) meta.cwd = run.cwd;
  if (run.errors.length > 0) meta.errors = run.errors;
  const history: History = {
    id: run.sessionId || fileName,
    title: `droid exec ${run.sessionId || fileName}`,
    format: 'droid',
    ...(run.model ? { model: run.model } : {}),
    steps: list.markFinal(),
    ...(run.usage ? { usage: run.usage } : {}),
    meta,
  };
  return { file: { histories: [history] }, warnings: list.warnings };
}

/** An exec stream (no session_start line), decided once per list of records. */
const execLists = new WeakMap<readonly unknown[], boolean>();
function isExec(rs: readonly Record<string, unknown>[]): boolean {
  let exec = execLists.get(rs);
  if (exec === undefined) {
    exec = !rs.some((x) => x.type === 'session_start') && looksExec(rs);
    execLists.set(rs, exec);
  }
  return exec;
}

export const droidImporter = defineImporter<Parsed>({
  id: 'droid',
  label: 'Factory Droid session',
  detect(value) {
    if (value instanceof FolderValue) {
      const sessions = folderFiles(value, /\.jsonl$/).flatMap(
        ([path, v]): [string, Record<string, unknown>[]][] => {
          const records = parsedBy(lines, v);
          return records ? [[path, records]] : [];
        },
      );
      return sessions.length > 0 ? { folder: value, sessions } : undefined;
    }
    // Cheap signatures first: a list that holds no session_start (or no exec event) is not parsed.
    const records =
      Array.isArray(value) &&
      mayHaveKeys(value, 'type') &&
      value.some((r) => isRecord(r) && r.type === 'session_start')
        ? parsedBy(lines, value)
        : undefined;
    if (records) return { records };
    const exec = looksExec(value) ? parseExec(value) : undefined;
    return exec ? { exec } : undefined;
  },
  import(parsed, fileName, raw) {
    if ('exec' in parsed)
      return execHistory(parsed.exec, Array.isArray(raw) ? raw : parsed.exec, fileName);
    if ('records' in parsed) {
      const { history, warnings } = historyOf(
        parsed.records,
        Array.isArray(raw) ? raw : parsed.records,
        fileName,
        (i) => `/${i}`,
      );
      if (history.steps.length === 0)
        throw new ImportError(`${fileName}: the Droid session holds no message`);
      if (!history.steps.some((s) => s.kind === 'action' && s.usage !== undefined))
        warnings.push({
          message:
            'Droid keeps a session’s token usage in <id>.settings.json beside the transcript: open both together to see it',
        });
      return { file: { histories: [history] }, warnings };
    }
    const { folder, sessions } = parsed;
    const warnings: ImportWarning[] = [];
    const claimed: string[] = [];
    const histories = sessions.map(([path, records]) => {
      const settingsPath = path.replace(/\.jsonl$/, '.settings.json');
      const sidecar = parsedBy(settings, folder.files[settingsPath]);
      if (sidecar) claimed.push(settingsPath);
      else if (SETTINGS.test(settingsPath) && settingsPath in folder.files)
        warnings.push({ message: `${settingsPath}: no tokenUsage; the run has no usage` });
      claimed.push(path);
      const read = folder.files[path];
      const out = historyOf(
        records,
        Array.isArray(read) ? read : records,
        path,
        (i) => folderPointer(path, i),
        sidecar,
      );
      warnings.push(...out.warnings.map((w) => ({ ...w, message: `${path}: ${w.message}` })));
      return out.history;
    });
    return { file: { histories }, warnings, claimed };
  },
  near: {
    sniff: (v) =>
      looksExec(v) ||
      (Array.isArray(v) && v.some((r) => isRecord(r) && r.type === 'session_start')),
    // Each line as Droid writes it, a session's or an exec stream's (the keys a refusal weighs), and
    // the first line that does not fit, so a refusal points at its line and field.
    schema: nearRecords([start, message, ...Object.values(EXEC_EVENTS)], (r, _, rs) =>
      isExec(rs)
        ? (kindOf(EXEC_EVENTS, r.type) ?? execType)
        : r.type === 'session_start'
          ? start
          : r.type === 'message'
            ? message
            : undefined,
    ),
  },
});
