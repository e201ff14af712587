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

import type { ChildHistory, History } from '../model/types';
import { FolderValue } from './read';
import {
  isTranscript,
  messageOf,
  nearTranscript,
  recordsOf,
  where,
  type Entry,
} from './claude-code-entries';
import { convert, type Transcript } from './claude-code-convert';
import { errorOf } from './guards';
import { defineImporter, type ImportWarning } from './types';
import { ImportError } from '../model/errors';
import { folderFiles, folderPointer, isRecord, str } from './util';

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
    const said = r.type === 'user' || r.type === 'assistant';
    const m = said ? messageOf(r.message) : undefined;
    if (said && !m) {
      warnings.push({
        message: `${where(records, index)}: a ${r.type} entry without a readable message; skipped`,
        pointer: pointerOf(index),
      });
      return;
    }
    const e: Entry = { ...r, type: r.type, message: m };
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
        ...(t.offBranchCalls.length > 0 ? { offBranchCalls: t.offBranchCalls } : {}),
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
        ? `${str(a.meta.agentType ?? 'sub-agent')}: ${a.meta.description}`
        : undefined;
    children.push({
      history: {
        id: `agent-${agentId ?? children.length}`,
        format: 'claude-code',
        steps: t.steps,
        ...(described ? { title: described } : {}),
        ...(t.model ? { model: t.model } : {}),
        ...(t.offBranchCalls.length > 0 ? { offBranchCalls: t.offBranchCalls } : {}),
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
    ...(transcript.offBranchCalls.length > 0 ? { offBranchCalls: transcript.offBranchCalls } : {}),
    ...(children.length > 0 ? { children: attach(transcript, children, warnings) } : {}),
    ...(transcript.sessionId || transcript.version
      ? {
          meta: {
            ...(transcript.sessionId ? { sessionId: transcript.sessionId } : {}),
            ...(transcript.version ? { version: transcript.version } : {}),
          },
        }
      : {}),
  };
  return { history, warnings };
}

const AGENT_FILE = /(^|\/)agent-[^/]+\.jsonl$/;

export const claudeCodeImporter = defineImporter({
  id: 'claude-code',
  label: 'Claude Code session',
  near: { schema: nearTranscript },
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
    const transcripts = folderFiles(value, /\.jsonl$/).flatMap(
      ([path, v]): [string, unknown[]][] => (isTranscript(v) ? [[path, v]] : []),
    );
    const metas = new Map(folderFiles(value, /agent-[^/]+\.meta\.json$/));
    const agents = transcripts
      .filter(([path]) => AGENT_FILE.test(path))
      .map(([path, records]) => {
        const first = records.find(isRecord);
        const meta = metas.get(path.replace(/\.jsonl$/, '.meta.json'));
        return {
          path,
          records,
          sessionId: first?.sessionId,
          meta: isRecord(meta) ? meta : undefined,
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
        warnings.push({ message: `${path}: ${errorOf(error).message}; skipped` });
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
