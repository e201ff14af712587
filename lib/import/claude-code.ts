/**
 * Claude Code session transcripts (`~/.claude/projects/<project>/<session>.jsonl`) and Anthropic
 * Messages in that envelope. Schema: daaain/claude-code-log `claude_code_log/models.py`;
 * ../shared/fixtures/MANIFEST.md "anthropic-claude-code".
 *
 * - One line per entry; `type` user/assistant carry an Anthropic `message`; other types (summary,
 *   system, progress, file-history-snapshot, queue-operation, …) are skipped and counted.
 * - One API response is split over several lines sharing `message.id`: they merge into one action.
 * - `parentUuid` links entries; when a session was rewound, entries off the branch that ends at the
 *   last entry are skipped (parallel tool results hang off their call's line and are kept).
 * - Tool results come as user `tool_result` blocks and are linked to their call by `tool_use_id`.
 * - Sub-agents: sidechain entries in the file, sibling `agent-<id>.jsonl` files, and the newer
 *   `<session>/subagents/agent-<id>.jsonl` (+ `.meta.json`), linked to the Task/Agent call that
 *   spawned them by `toolUseResult.agentId`, else by the prompt.
 * Also read: the web export `{loglines: [...]}` and the Agent SDK stream `{messages: [{type, message}]}`.
 */
import { z } from 'zod';
import type { ActionStep, ChildHistory, History, Step, ToolCall } from '../model/types';
import { FolderValue, recordLine } from './read';
import { defineImporter, ImportError, type ImportWarning } from './types';
import {
  folderFiles,
  folderPointer,
  imagePlaceholder,
  isoToUnix,
  isRecord,
  StepList,
  tool,
  usage,
} from './util';

const message = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(z.unknown()), z.null()]).optional(),
});
const entry = z.object({ type: z.enum(['user', 'assistant']), message });
const webExport = z.object({ loglines: z.array(z.unknown()).min(1) });
const sdkStream = z.object({ messages: z.array(z.unknown()).min(1) });

/** True when a list of records holds Claude Code message entries (and nothing that says otherwise). */
function isTranscript(records: unknown): records is unknown[] {
  if (!Array.isArray(records) || records.length === 0) return false;
  const messages = records.filter((r) => entry.safeParse(r).success);
  return (
    messages.length > 0 &&
    messages.some(
      (r) =>
        isRecord(r) && ('uuid' in r || 'sessionId' in r || 'timestamp' in r || 'parentUuid' in r),
    )
  );
}

function recordsOf(value: unknown): { records: unknown[]; prefix: string } | undefined {
  if (isTranscript(value)) return { records: value, prefix: '' };
  const web = webExport.safeParse(value);
  if (web.success && isTranscript(web.data.loglines))
    return { records: (value as { loglines: unknown[] }).loglines, prefix: '/loglines' };
  const sdk = sdkStream.safeParse(value);
  if (sdk.success && sdk.data.messages.some((m) => entry.safeParse(m).success))
    return { records: (value as { messages: unknown[] }).messages, prefix: '/messages' };
  return undefined;
}

type Entry = Record<string, unknown> & {
  type: string;
  message?: {
    role: string;
    content?: unknown;
    id?: string;
    model?: string;
    usage?: Record<string, unknown>;
  };
};

function textOfResult(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content))
    return content === undefined || content === null ? '' : JSON.stringify(content);
  return content.map((b) => (isRecord(b) ? blockText(b) : String(b))).join('\n');
}

function blockText(b: Record<string, unknown>): string {
  if (b.type === 'text') return String(b.text ?? '');
  if (b.type === 'image') {
    const src = isRecord(b.source) ? b.source : {};
    return imagePlaceholder(
      src.media_type as string | undefined,
      typeof src.data === 'string' ? src.data.length : undefined,
    );
  }
  if (b.type === 'tool_reference') return `[tool reference: ${String(b.tool_name ?? '')}]`;
  if (b.type === 'document')
    return `[document${isRecord(b.source) ? `: ${String(b.source.media_type ?? '')}` : ''}]`;
  return `[${String(b.type)}]`;
}

/** "line N" for a JSONL record, else "entry N". */
function where(records: readonly unknown[], index: number): string {
  const line = recordLine(records, index);
  return line === undefined ? `entry ${index + 1}` : `line ${line}`;
}

function isToolResult(e: Entry): boolean {
  return (
    e.type === 'user' &&
    Array.isArray(e.message?.content) &&
    e.message.content.some((b) => isRecord(b) && b.type === 'tool_result')
  );
}

/**
 * When a session was rewound or forked (two turns answer the same entry), the entries on the branch
 * that ends at the last one, plus the lines that hang off it without being on it: the other blocks
 * of a split response and parallel tool results. Undefined when there is no fork: file order.
 */
function activeBranch(entries: readonly Entry[]): Set<Entry> | undefined {
  const turns = new Map<string, Set<string>>();
  for (const e of entries) {
    if (
      (e.type !== 'user' && e.type !== 'assistant') ||
      typeof e.parentUuid !== 'string' ||
      isToolResult(e)
    )
      continue;
    const key =
      e.type === 'assistant' ? `a:${e.message?.id ?? String(e.uuid)}` : `u:${String(e.uuid)}`;
    turns.set(e.parentUuid, (turns.get(e.parentUuid) ?? new Set()).add(key));
  }
  if (![...turns.values()].some((t) => t.size > 1)) return undefined;
  const byUuid = new Map(
    entries.filter((e) => typeof e.uuid === 'string').map((e) => [e.uuid as string, e]),
  );
  const last = [...entries].reverse().find((e) => e.type === 'user' || e.type === 'assistant');
  if (!last) return undefined;
  const kept = new Set<Entry>();
  for (let e: Entry | undefined = last; e && !kept.has(e); e = byUuid.get(e.parentUuid as string))
    kept.add(e);
  const keptIds = new Set([...kept].map((e) => e.message?.id).filter(Boolean));
  for (const e of entries) {
    if (kept.has(e)) continue;
    const parent = byUuid.get(e.parentUuid as string);
    if (!parent || !kept.has(parent)) continue;
    const sameResponse =
      e.type === 'assistant' && e.message?.id !== undefined && keptIds.has(e.message.id);
    if (isToolResult(e) || sameResponse) kept.add(e);
  }
  return kept;
}

interface Transcript {
  readonly steps: Step[];
  readonly warnings: ImportWarning[];
  readonly title?: string;
  readonly model?: string;
  /** Task/Agent call id → the sub-agent id its result names. */
  readonly agentOfCall: Map<string, string>;
  readonly sessionId?: string;
  readonly agentId?: string;
  /** The first user prompt (a sub-agent's prompt is its Task call's `prompt`). */
  readonly prompt?: string;
}

/** Converts one transcript's entries (already split from its sidechains) to steps. */
function convert(
  entries: readonly { e: Entry; index: number }[],
  records: readonly unknown[],
  file: string,
  pointerOf: (i: number) => string,
): Transcript {
  const list = new StepList({ format: 'claude-code', file });
  const agentOfCall = new Map<string, string>();
  const branch = activeBranch(entries.map((x) => x.e));
  let offBranch = 0;
  let lastMessageId: string | undefined;
  let title: string | undefined;
  let prompt: string | undefined;
  let compactedUpTo = 0;
  const models = new Map<string, number>();
  const skippedBlocks = new Map<string, number>();
  for (const { e, index } of entries) {
    if (e.type === 'summary' && typeof e.summary === 'string') title ??= e.summary;
    if (e.type !== 'user' && e.type !== 'assistant') continue;
    if (branch && !branch.has(e)) {
      offBranch++;
      continue;
    }
    const m = e.message;
    if (!m) continue;
    const pointer = pointerOf(index);
    const at = { records, index };
    const timestamp = isoToUnix(e.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    const blocks =
      typeof m.content === 'string'
        ? [{ type: 'text', text: m.content }]
        : Array.isArray(m.content)
          ? m.content.filter(isRecord)
          : [];
    if (m.content === undefined || m.content === null)
      list.warn(`${where(records, index)}: a ${m.role} message without content; skipped`, pointer);
    if (m.role === 'assistant') {
      let thought = '';
      let text = '';
      const calls: ToolCall[] = [];
      for (const b of blocks) {
        if (b.type === 'text') text += (text ? '\n\n' : '') + String(b.text ?? '');
        else if (b.type === 'thinking')
          thought += (thought ? '\n\n' : '') + String(b.thinking ?? '');
        else if (b.type === 'redacted_thinking')
          thought += (thought ? '\n\n' : '') + '[redacted thinking]';
        else if (b.type === 'tool_use' || b.type === 'server_tool_use')
          calls.push(tool(String(b.id ?? `call-${index}`), String(b.name ?? ''), b.input ?? {}));
        else skippedBlocks.set(String(b.type), (skippedBlocks.get(String(b.type)) ?? 0) + 1);
      }
      if (m.model) models.set(m.model, (models.get(m.model) ?? 0) + 1);
      const u = isRecord(m.usage)
        ? usage({
            inputTokens: m.usage.input_tokens,
            outputTokens: m.usage.output_tokens,
            cacheReadInputTokens: m.usage.cache_read_input_tokens,
            cacheCreationInputTokens: m.usage.cache_creation_input_tokens,
          })
        : undefined;
      const last = list.steps.at(-1);
      if (m.id !== undefined && m.id === lastMessageId && last?.kind === 'action') {
        // Another line of the same API response: its blocks join the action; the usage is the latest.
        list.updateLast((s) => {
          const a = s as ActionStep;
          const merged = [a.modelOutput, text].filter(Boolean).join('\n\n');
          const thoughts = [a.thought, thought].filter(Boolean).join('\n\n');
          return {
            ...a,
            toolCalls: [...a.toolCalls, ...calls],
            ...(merged ? { modelOutput: merged } : {}),
            ...(thoughts ? { thought: thoughts } : {}),
            ...(u ? { usage: u } : {}),
          };
        });
        continue;
      }
      lastMessageId = m.id;
      list.add(
        {
          kind: 'action',
          toolCalls: calls,
          isFinal: false,
          ...(text ? { modelOutput: text } : {}),
          ...(thought ? { thought } : {}),
          ...(u ? { usage: u } : {}),
          ...(m.model ? { model: m.model } : {}),
          ...time,
        },
        pointer,
        at,
      );
      continue;
    }
    lastMessageId = undefined;
    const texts: string[] = [];
    for (const b of blocks) {
      if (b.type !== 'tool_result') {
        texts.push(blockText(b));
        continue;
      }
      const id = String(b.tool_use_id ?? '');
      const result = textOfResult(b.content);
      const agentId =
        isRecord(e.toolUseResult) && typeof e.toolUseResult.agentId === 'string'
          ? e.toolUseResult.agentId
          : undefined;
      if (agentId) agentOfCall.set(id, agentId);
      if (!list.linkResult(id, result, b.is_error === true)) {
        list.warn(
          `a tool result answers no earlier tool call (${id || 'no id'}); kept as an observation`,
          pointer,
        );
        list.add(
          { kind: 'action', toolCalls: [], observation: result, isFinal: false, ...time },
          pointer,
          at,
        );
      }
    }
    const text = texts.join('\n');
    if (text.trim() === '') continue;
    prompt ??= text;
    if (e.isCompactSummary === true) {
      // Claude Code's compaction replaces the whole conversation so far (since the last compaction).
      const replaces = list.steps
        .slice(compactedUpTo)
        .filter((s) => s.kind !== 'system-prompt')
        .map((s) => s.id);
      list.add({ kind: 'summary', content: text, replaces, origin: 'model', ...time }, pointer, at);
      compactedUpTo = list.steps.length;
    } else list.add({ kind: 'task', task: text, ...time }, pointer, at);
  }
  if (offBranch > 0)
    list.warn(
      `${offBranch} entries on abandoned branches (a rewound or forked session) were skipped; the branch that ends at the last entry is shown`,
    );
  for (const [type, n] of skippedBlocks)
    list.warn(`${n} assistant content block(s) of type "${type}" were not shown`);
  const model = [...models].sort((a, b) => b[1] - a[1])[0]?.[0];
  const first = entries[0]?.e;
  const agentId = entries
    .map((x) => x.e.agentId)
    .find((id): id is string => typeof id === 'string');
  return {
    steps: list.markFinal(),
    warnings: list.warnings,
    agentOfCall,
    ...(title ? { title } : {}),
    ...(model ? { model } : {}),
    ...(typeof first?.sessionId === 'string' ? { sessionId: first.sessionId } : {}),
    ...(agentId ? { agentId } : {}),
    ...(prompt ? { prompt } : {}),
  };
}

/** Splits a file's entries into the main thread and its sidechains (grouped by agent, else by chain). */
function splitThreads(
  records: readonly unknown[],
  warnings: ImportWarning[],
  pointerOf: (i: number) => string,
) {
  const main: { e: Entry; index: number }[] = [];
  const sidechains = new Map<string, { e: Entry; index: number }[]>();
  const groupOf = new Map<string, string>();
  const skipped = new Map<string, number>();
  const allSide = records.every(
    (r) => !isRecord(r) || r.isSidechain === true || (r.type !== 'user' && r.type !== 'assistant'),
  );
  records.forEach((r, index) => {
    if (!isRecord(r) || typeof r.type !== 'string') {
      warnings.push({
        message: `${where(records, index)} is not a transcript entry (${JSON.stringify(r)?.slice(0, 40)}); skipped`,
        pointer: pointerOf(index),
      });
      return;
    }
    const e = r as Entry;
    if ((e.type === 'user' || e.type === 'assistant') && !message.safeParse(e.message).success) {
      warnings.push({
        message: `${where(records, index)}: a ${e.type} entry without a readable message; skipped`,
        pointer: pointerOf(index),
      });
      return;
    }
    if (e.type !== 'user' && e.type !== 'assistant' && e.type !== 'summary')
      skipped.set(e.type, (skipped.get(e.type) ?? 0) + 1);
    if (e.isSidechain !== true || allSide) {
      main.push({ e, index });
      return;
    }
    // A sidechain continues its parent's group; an entry whose parent is not in the file starts a new
    // one only when it is a new prompt (a line may be missing from an excerpt).
    const parent = typeof e.parentUuid === 'string' ? groupOf.get(e.parentUuid) : undefined;
    const prompt = e.type === 'user' && typeof e.message?.content === 'string';
    const latest = [...sidechains.keys()].at(-1);
    const group =
      (typeof e.agentId === 'string' ? e.agentId : undefined) ??
      parent ??
      (prompt || !latest ? `sidechain-${sidechains.size + 1}` : latest);
    if (typeof e.uuid === 'string') groupOf.set(e.uuid, group);
    sidechains.set(group, [...(sidechains.get(group) ?? []), { e, index }]);
  });
  if (skipped.size > 0) {
    const kinds = [...skipped].map(([t, n]) => `${t}: ${n}`).join(', ');
    warnings.push({ message: `non-message entries skipped (${kinds})` });
  }
  return { main, sidechains };
}

interface Linkable {
  readonly history: History;
  readonly agentId?: string;
  readonly prompt?: string;
}

/** Attaches sub-agent histories to the step whose Task/Agent call spawned them. */
function attach(
  parent: Transcript,
  children: readonly Linkable[],
  warnings: ImportWarning[],
): ChildHistory[] {
  const byAgent = new Map([...parent.agentOfCall].map(([call, agent]) => [agent, call]));
  const calls = parent.steps.flatMap((s) =>
    s.kind === 'action' ? s.toolCalls.map((c) => ({ step: s, call: c })) : [],
  );
  return children.map((child) => {
    const callId = child.agentId ? byAgent.get(child.agentId) : undefined;
    let found = callId ? calls.find((c) => c.call.id === callId) : undefined;
    found ??= calls.find(
      (c) =>
        isRecord(c.call.arguments) &&
        typeof c.call.arguments.prompt === 'string' &&
        c.call.arguments.prompt.trim() === child.prompt?.trim(),
    );
    if (!found) {
      warnings.push({
        message: `sub-agent ${child.history.title ?? child.history.id}: no Task call in the session names it; attached to the first step`,
      });
      return { parentStepId: parent.steps[0]?.id ?? 's0', history: child.history };
    }
    const args = found.call.arguments;
    const description =
      isRecord(args) && typeof args.description === 'string' ? args.description : undefined;
    const title =
      child.history.title ?? `${found.call.name}: ${description ?? child.agentId ?? 'sub-agent'}`;
    return { parentStepId: found.step.id, history: { ...child.history, title } };
  });
}

function firstLine(text: string | undefined): string | undefined {
  const line = text
    ?.split('\n')
    .find((l) => l.trim() !== '')
    ?.trim();
  return line && line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** One transcript file (its records), with its in-file sidechains and any sub-agent files given. */
function importTranscript(
  records: readonly unknown[],
  file: string,
  pointerOf: (i: number) => string,
  agentFiles: readonly {
    records: readonly unknown[];
    path: string;
    meta?: Record<string, unknown>;
    pointerOf: (i: number) => string;
  }[],
): { history: History; warnings: ImportWarning[] } {
  const warnings: ImportWarning[] = [];
  const { main, sidechains } = splitThreads(records, warnings, pointerOf);
  const transcript = convert(main, records, file, pointerOf);
  warnings.push(...transcript.warnings);
  if (transcript.steps.length === 0)
    throw new ImportError('the transcript has no user or assistant messages');
  const children: Linkable[] = [];
  for (const [group, entries] of sidechains) {
    const t = convert(entries, records, file, pointerOf);
    warnings.push(...t.warnings.map((w) => ({ ...w, message: `${group}: ${w.message}` })));
    children.push({
      history: {
        id: `${group}`,
        format: 'claude-code',
        steps: t.steps,
        ...(t.model ? { model: t.model } : {}),
      },
      ...(group.startsWith('sidechain-') ? {} : { agentId: group }),
      ...(t.prompt ? { prompt: t.prompt } : {}),
    });
  }
  for (const a of agentFiles) {
    const w: ImportWarning[] = [];
    const split = splitThreads(a.records, w, a.pointerOf);
    const t = convert(split.main, a.records, file, a.pointerOf);
    warnings.push(
      ...[...w, ...t.warnings].map((x) => ({ ...x, message: `${a.path}: ${x.message}` })),
    );
    const agentId = t.agentId ?? /agent-([^/.]+)\.jsonl$/.exec(a.path)?.[1];
    const described =
      typeof a.meta?.description === 'string'
        ? `${String(a.meta.agentType ?? 'sub-agent')}: ${a.meta.description}`
        : undefined;
    children.push({
      history: {
        id: `agent-${agentId ?? children.length}`,
        format: 'claude-code',
        steps: t.steps,
        ...(described ? { title: described } : {}),
        ...(t.model ? { model: t.model } : {}),
      },
      ...(agentId ? { agentId } : {}),
      ...(t.prompt ? { prompt: t.prompt } : {}),
    });
  }
  const history: History = {
    id: transcript.sessionId ?? file,
    title: transcript.title ?? firstLine(transcript.prompt) ?? file,
    format: 'claude-code',
    steps: transcript.steps,
    ...(transcript.model ? { model: transcript.model } : {}),
    ...(children.length > 0 ? { children: attach(transcript, children, warnings) } : {}),
    ...(transcript.sessionId ? { meta: { sessionId: transcript.sessionId } } : {}),
  };
  return { history, warnings };
}

const AGENT_FILE = /(^|\/)agent-[^/]+\.jsonl$/;

export const claudeCodeImporter = defineImporter({
  id: 'claude-code',
  label: 'Claude Code session',
  // A session folder with a transcript, or a file's records (and where they sit in it).
  detect: (
    value,
  ): { folder: FolderValue } | { found: { records: unknown[]; prefix: string } } | undefined => {
    if (value instanceof FolderValue)
      return Object.entries(value.files).some(
        ([path, v]) => /\.jsonl$/.test(path) && isTranscript(v),
      )
        ? { folder: value }
        : undefined;
    const found = recordsOf(value);
    return found ? { found } : undefined;
  },
  import(parsed, fileName) {
    if ('found' in parsed) {
      const { found } = parsed;
      const { history, warnings } = importTranscript(
        found.records,
        fileName,
        (i) => `${found.prefix}/${i}`,
        [],
      );
      if (
        history.children === undefined &&
        history.steps.some(
          (s) =>
            s.kind === 'action' && s.toolCalls.some((c) => c.name === 'Task' || c.name === 'Agent'),
        )
      ) {
        warnings.push({
          message:
            'this session started sub-agents whose transcripts are separate files: open the session folder (or the files together) to see them',
        });
      }
      return { file: { histories: [history] }, warnings };
    }
    // A folder: each main transcript with the sub-agent files of its session.
    const value = parsed.folder;
    const transcripts = folderFiles(value, /\.jsonl$/).filter(([, v]) => isTranscript(v)) as [
      string,
      unknown[],
    ][];
    const metas = new Map(folderFiles(value, /agent-[^/]+\.meta\.json$/));
    const agents = transcripts
      .filter(([path]) => AGENT_FILE.test(path))
      .map(([path, records]) => {
        const first = records.find(isRecord);
        return {
          path,
          records,
          sessionId: first?.sessionId,
          meta: metas.get(path.replace(/\.jsonl$/, '.meta.json')) as
            Record<string, unknown> | undefined,
          pointerOf: (i: number) => folderPointer(path, i),
        };
      });
    const mains = transcripts.filter(([path]) => !AGENT_FILE.test(path));
    const used = new Set<string>();
    const histories: History[] = [];
    const warnings: ImportWarning[] = [];
    for (const [path, records] of mains) {
      const sessionId = records.find(isRecord)?.sessionId;
      const mine = agents.filter((a) => a.sessionId !== undefined && a.sessionId === sessionId);
      for (const a of mine) used.add(a.path);
      try {
        const r = importTranscript(records, fileName, (i) => folderPointer(path, i), mine);
        histories.push(
          mains.length > 1
            ? { ...r.history, title: `${path} · ${r.history.title ?? ''}` }
            : r.history,
        );
        warnings.push(...r.warnings.map((w) => ({ ...w, message: `${path}: ${w.message}` })));
      } catch (error) {
        warnings.push({ message: `${path}: ${(error as Error).message}; skipped` });
      }
    }
    for (const a of agents.filter((x) => !used.has(x.path))) {
      const r = importTranscript(a.records, fileName, a.pointerOf, []);
      histories.push({ ...r.history, id: a.path, title: `${a.path} · ${r.history.title ?? ''}` });
      warnings.push({
        message: `${a.path}: no session transcript in the folder started this sub-agent; shown on its own`,
      });
    }
    if (histories.length === 0)
      throw new ImportError('no transcript in the folder has user or assistant messages');
    return {
      file: { histories },
      warnings,
      claimed: [
        ...transcripts.map(([p]) => p),
        ...[...metas.keys()].filter((p) => used.has(p.replace(/\.meta\.json$/, '.jsonl'))),
      ],
    };
  },
});
