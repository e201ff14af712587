/**
 * The pi coding agent's sessions (badlogic/pi-mono `packages/coding-agent/src/core/session-manager.ts`,
 * `docs/session.md`), `~/.pi/agent/sessions/--<cwd>--/<time>_<uuid>.jsonl`: a header line
 * `{type: "session", id, timestamp, cwd, version?}` and entries. Version 1 files are a plain sequence;
 * from version 2 every entry has an `id` and a `parentId`, so a session is a tree (`/tree`, rewinds
 * and forks start branches) and what the model saw is the path from the last entry back to the root,
 * which is what the timeline shows (entries on other branches are counted in `meta.offBranch`).
 *
 * Entries: `message` (roles `user`, `assistant` with `text` / `thinking` / `toolCall` blocks, usage
 * `{input, output, cacheRead, cacheWrite, totalTokens, cost.total}`, `stopReason` and `errorMessage`,
 * `toolResult` answering a call by `toolCallId`, `bashExecution` for the user's `!` commands, and the
 * `custom`, `branchSummary`, `compactionSummary` roles), `compaction` (the summary that replaced the
 * entries before `firstKeptEntryId`, version 1's `firstKeptEntryIndex`), `branch_summary`, `custom_message` (sent to the model),
 * `model_change`, `thinking_level_change`, `session_info` (a name), and `custom` / `label` entries an
 * extension keeps for itself (never sent to the model, so not steps).
 */
import { z } from 'zod';
import type { History, OffBranchCall, ToolCall, Usage } from '../model/types';
import { keptArguments, sole } from './util';
import { defineImporter, parsedBy } from './types';
import { ImportError } from '../model/errors';
import { withInputCounts } from './usage-conventions';
import { actionDraft, imagePlaceholder, isoToUnix, isRecord, StepList, str, usage } from './util';

const entry = z.object({ type: z.string() }).passthrough();
const header = z
  .object({ type: z.literal('session'), id: z.string(), timestamp: z.string() })
  .passthrough();
/** The header line (`header`, checked first), then entries: one of them a message. */
const session = z
  .array(entry)
  .min(2)
  .refine(
    (es) => es.some((e) => e.type === 'message' && isRecord(e.message) && 'role' in e.message),
    'a message entry',
  );

type Entry = z.infer<typeof entry>;

/** Text of a message's content: a string, or text / image / thinking blocks. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined ? '' : JSON.stringify(content);
  return content
    .map((b) => {
      if (!isRecord(b)) return str(b);
      if (b.type === 'text') return str(b.text ?? '');
      if (b.type === 'image')
        return imagePlaceholder(
          typeof b.mimeType === 'string' ? b.mimeType : undefined,
          typeof b.data === 'string' ? b.data.length : undefined,
        );
      return '';
    })
    .filter(Boolean)
    .join('\n');
}

/** The entries the model saw: the path from the last entry to the root (version 2+), else all. */
function activePath(entries: readonly { e: Entry; index: number }[]): {
  path: { e: Entry; index: number }[];
  off: Entry[];
} {
  const withIds = entries.flatMap((x) =>
    typeof x.e.id === 'string' ? [{ ...x, id: x.e.id }] : [],
  );
  if (withIds.length === 0) return { path: [...entries], off: [] };
  const byId = new Map(withIds.map((x) => [x.id, x]));
  const path: { e: Entry; index: number }[] = [];
  const seen = new Set<string>();
  for (
    let at = withIds.at(-1);
    at && !seen.has(at.id);
    at = typeof at.e.parentId === 'string' ? byId.get(at.e.parentId) : undefined
  ) {
    seen.add(at.id);
    path.push({ e: at.e, index: at.index });
  }
  path.reverse();
  return { path, off: withIds.filter(({ id }) => !seen.has(id)).map(({ e }) => e) };
}

/**
 * pi-ai's Usage (packages/ai/src/types.ts): `input` apart from `cacheRead` and `cacheWrite` (its
 * OpenAI providers subtract cached_tokens from prompt_tokens).
 */
function piUsage(m: Record<string, unknown>): Usage | undefined {
  return isRecord(m.usage)
    ? withInputCounts(
        usage({
          inputTokens: m.usage.input,
          outputTokens: m.usage.output,
          cacheReadInputTokens: m.usage.cacheRead,
          cacheCreationInputTokens: m.usage.cacheWrite,
          totalTokens: m.usage.totalTokens,
          costUsd: isRecord(m.usage.cost) ? m.usage.cost.total : undefined,
        }),
        'uncached',
      )
    : undefined;
}

/** Replies on other branches of the tree: billed, though not in the context the path shows. */
function offBranchCallsOf(off: readonly Entry[]): OffBranchCall[] {
  return off.flatMap((e) => {
    const m = e.message;
    if (e.type !== 'message' || !isRecord(m) || m.role !== 'assistant') return [];
    const u = piUsage(m);
    const timestamp = isoToUnix(e.timestamp);
    return u
      ? [
          {
            usage: u,
            ...(typeof m.model === 'string' ? { model: m.model } : {}),
            ...(timestamp !== undefined ? { timestamp } : {}),
          },
        ]
      : [];
  });
}

function callsOf(content: unknown): ToolCall[] {
  if (!Array.isArray(content)) return [];
  return content
    .filter((b): b is Record<string, unknown> => isRecord(b) && b.type === 'toolCall')
    .map((b, i) => ({
      id: str(b.id ?? `call_${i}`),
      name: str(b.name ?? 'tool'),
      arguments: keptArguments(b.arguments),
    }));
}

function thinkingOf(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const text = content
    .flatMap((b) => (isRecord(b) && b.type === 'thinking' ? [str(b.thinking ?? '')] : []))
    .filter(Boolean)
    .join('\n\n');
  return text || undefined;
}

type At = { records: readonly unknown[]; index: number };

/** Adds one entry of the path as a step, or links a tool result to its call. */
function addEntry(list: StepList, e: Entry, pointer: string, at: At, models: Set<string>): void {
  const timestamp = isoToUnix(e.timestamp);
  const time = timestamp === undefined ? {} : { timestamp };
  const summary = (content: string) =>
    list.add({ kind: 'summary', content, replaces: [], origin: 'model', ...time }, pointer, at);
  if (e.type === 'branch_summary') summary(str(e.summary ?? ''));
  else if (e.type === 'custom_message')
    list.add({ kind: 'task', task: contentText(e.content), ...time }, pointer, at);
  else if (e.type === 'model_change' && typeof e.modelId === 'string') models.add(e.modelId);
  if (e.type !== 'message' || !isRecord(e.message)) return;
  const m = e.message;
  if (m.role === 'user' || m.role === 'custom')
    list.add({ kind: 'task', task: contentText(m.content), ...time }, pointer, at);
  else if (m.role === 'branchSummary' || m.role === 'compactionSummary')
    summary(str(m.summary ?? contentText(m.content)));
  else if (m.role === 'bashExecution')
    list.add(
      {
        kind: 'task',
        task: `Ran \`${str(m.command ?? '')}\`\n${str(m.output ?? '')}${typeof m.exitCode === 'number' && m.exitCode !== 0 ? `\n(exit code ${m.exitCode})` : ''}`,
        ...time,
      },
      pointer,
      at,
    );
  else if (m.role === 'assistant') {
    const u = piUsage(m);
    const model = typeof m.model === 'string' ? m.model : undefined;
    if (model) models.add(model);
    const thought = thinkingOf(m.content);
    const failed = m.stopReason === 'error' || m.stopReason === 'aborted';
    const draft = actionDraft({
      toolCalls: callsOf(m.content),
      thought,
      usage: u,
      model,
      timestamp,
    });
    // The reply's text as recorded, an empty one too (a reply of tool calls only); a failed
    // reply's error even when pi recorded no message for it.
    list.add(
      {
        ...draft,
        modelOutput: contentText(m.content),
        ...(failed ? { error: str(m.errorMessage ?? m.stopReason) } : {}),
      },
      pointer,
      at,
    );
  } else if (m.role === 'toolResult') {
    const output = contentText(m.content);
    if (!list.linkResult(str(m.toolCallId ?? ''), output, m.isError === true)) {
      list.warn(
        `a ${str(m.toolName ?? 'tool')} result answers no earlier call (${str(m.toolCallId ?? 'no id')}); kept as an observation`,
        pointer,
      );
      list.addAction({ observation: output, timestamp }, pointer, at);
    }
  } else list.warn(`a message of an unknown role "${str(m.role)}"; skipped`, pointer);
}

/**
 * The first step a compaction kept: its `firstKeptEntryId` (version 2 on), or version 1's
 * `firstKeptEntryIndex`, an index into the file's entries with the header at 0 (session-manager.ts
 * at 66ba63050d8a: `firstKeptEntryIndex: number; // Index into session entries where we start
 * keeping`; the v1-to-v2 migration at 83378aad7e74 reads it as `entries[firstKeptEntryIndex]`).
 * Undefined when the file names no entry seen before the compaction.
 */
function keptFrom(
  e: Entry,
  stepOfEntry: ReadonlyMap<string, number>,
  stepOfRecord: ReadonlyMap<number, number>,
): number | undefined {
  if (typeof e.firstKeptEntryId === 'string') return stepOfEntry.get(e.firstKeptEntryId);
  return typeof e.firstKeptEntryIndex === 'number'
    ? stepOfRecord.get(e.firstKeptEntryIndex)
    : undefined;
}

export const piImporter = defineImporter({
  id: 'pi',
  label: 'pi coding agent session',
  detect: (value) => {
    const head = Array.isArray(value) ? parsedBy(header, value[0]) : undefined;
    const entries = head && parsedBy(session, value);
    return entries ? { header: head, entries } : undefined;
  },
  import({ header, entries }, fileName, raw) {
    const records: readonly unknown[] = Array.isArray(raw) ? raw : entries;
    const list = new StepList({ format: 'pi', file: fileName });
    const models = new Set<string>(typeof header.modelId === 'string' ? [header.modelId] : []);
    const { path, off } = activePath(entries.slice(1).map((e, i) => ({ e, index: i + 1 })));
    const offBranch = off.length;
    const offBranchCalls = offBranchCallsOf(off);
    // The step each entry starts at (by id, and by record index for version 1's
    // `firstKeptEntryIndex`): an entry that adds no step (a tool result, a model change) starts
    // at the next step.
    const stepOfEntry = new Map<string, number>();
    const stepOfRecord = new Map<number, number>();
    // Steps no longer in the model's context (replaced by an earlier compaction).
    const gone = new Set<string>();
    let name: string | undefined;
    for (const { e, index } of path) {
      const before = list.steps.length;
      if (typeof e.id === 'string') stepOfEntry.set(e.id, before);
      stepOfRecord.set(index, before);
      if (e.type === 'compaction') {
        const kept = keptFrom(e, stepOfEntry, stepOfRecord);
        if (kept === undefined)
          list.warn(
            'a compaction whose first kept entry is not on the path before it: every earlier step is taken as replaced',
            `/${index}`,
          );
        // pi sends the latest compaction's summary, then the messages from its first kept entry up
        // to it, then those after it; an earlier compaction's summary is not sent again even when
        // it stands among the kept entries (session-manager.ts `loadSessionFromEntries` at
        // 66ba63050d8a for version 1, `buildSessionContext` at 83378aad7e74 from version 2).
        const replaced = list.steps
          .filter(
            (s, i) =>
              !gone.has(s.id) &&
              (i < (kept ?? list.steps.length) ||
                (s.kind === 'summary' && s.compaction?.recordedAs === 'compaction')),
          )
          .map((s) => s.id);
        for (const id of replaced) gone.add(id);
        const timestamp = isoToUnix(e.timestamp);
        list.add(
          {
            kind: 'summary',
            content: str(e.summary ?? ''),
            replaces: replaced,
            origin: 'model',
            compaction: {
              recordedAs: 'compaction',
              ...(typeof e.tokensBefore === 'number' && e.tokensBefore >= 0
                ? { tokensBefore: e.tokensBefore }
                : {}),
            },
            ...(timestamp === undefined ? {} : { timestamp }),
          },
          `/${index}`,
          { records, index },
        );
      } else addEntry(list, e, `/${index}`, { records, index }, models);
      if (e.type === 'session_info' && typeof e.name === 'string') name = e.name;
    }
    if (list.steps.length === 0)
      throw new ImportError(`${fileName}: the pi session holds no message the model saw`);
    const { id } = header;
    const model = sole(models);
    const history: History = {
      id,
      title: `pi session ${/^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id}${name ? ` · ${name}` : ''}`,
      format: 'pi',
      ...(model ? { model } : {}),
      steps: list.markFinal(),
      ...(offBranchCalls.length > 0 ? { offBranchCalls } : {}),
      meta: {
        ...(typeof header.cwd === 'string' ? { cwd: header.cwd } : {}),
        startedAt: header.timestamp,
        version: typeof header.version === 'number' ? header.version : 1,
        ...(typeof header.provider === 'string' ? { provider: header.provider } : {}),
        ...(typeof header.branchedFrom === 'string' ? { branchedFrom: header.branchedFrom } : {}),
        ...(models.size > 1 ? { models: [...models] } : {}),
        ...(offBranch > 0 ? { offBranch } : {}),
      },
    };
    return { file: { histories: [history] }, warnings: list.warnings };
  },
});
