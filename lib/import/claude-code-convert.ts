/**
 * One Claude Code transcript to steps: lines of one response merged by `message.id`, tool results
 * linked to their calls wherever they arrive, thinking as thought, compaction summaries as summary
 * steps carrying their `compact_boundary` line's metadata (`compactMetadata`: trigger, preTokens,
 * postTokens, the preserved messages). Part of the Claude Code importer (claude-code.ts).
 */

import type { OffBranchCall, RecordedCompaction, Step, ToolCall, Usage } from '../model/types';
import { activeBranch, blockText, textOfResult, where, type Entry } from './claude-code-entries';
import { labelOf, unnamedModelsNote } from './sanitize';
import { type ImportWarning } from './types';
import { anthropicUsage } from './usage-conventions';
import { isoToUnix, isRecord, StepList, str, tool, usage } from './util';

export interface Transcript {
  readonly steps: Step[];
  readonly warnings: ImportWarning[];
  readonly title?: string;
  readonly model?: string;
  /** Task/Agent call id → the sub-agent id its result names. */
  readonly agentOfCall: Map<string, string>;
  readonly sessionId?: string;
  /** The Claude Code version of the session's last line that names one (`version`). */
  readonly version?: string;
  readonly agentId?: string;
  /** The first user prompt (a sub-agent's prompt is its Task call's `prompt`). */
  readonly prompt?: string;
  /** Responses on abandoned branches, each once with its final usage: billed though not shown. */
  readonly offBranchCalls: readonly OffBranchCall[];
}

/**
 * The usage of a response written over several lines: each line repeats it, the early ones with the
 * output counted so far while streaming (often 1); the line with the most output is the final count.
 */
function finalUsage(earlier: Usage | undefined, later: Usage): Usage;
function finalUsage(earlier: Usage | undefined, later: Usage | undefined): Usage | undefined;
function finalUsage(earlier: Usage | undefined, later: Usage | undefined): Usage | undefined {
  if (!earlier || !later) return later ?? earlier;
  return (later.outputTokens ?? 0) >= (earlier.outputTokens ?? 0) ? later : earlier;
}

/**
 * Converts one transcript's entries (already split from its sidechains) to steps. `format` names
 * the importer in the steps' sources; `system` (a Messages API request's) comes first.
 */
export function convert(
  entries: readonly { e: Entry; index: number }[],
  records: readonly unknown[],
  file: string,
  pointerOf: (i: number) => string,
  {
    format = 'claude-code',
    system,
  }: { format?: string; system?: { text: string; pointer: string } } = {},
): Transcript {
  const list = new StepList({ format, file });
  if (system) list.add({ kind: 'system-prompt', content: system.text }, system.pointer);
  const agentOfCall = new Map<string, string>();
  const branch = activeBranch(entries.map((x) => x.e));
  let offBranch = 0;
  const offBranchCalls = new Map<string, OffBranchCall>();
  // Claude Code writes one line per content block of a response (same `message.id` and
  // `requestId`), with tool results between them when a call ran before the next block came.
  const stepOfResponse = new Map<string, number>();
  let title: string | undefined;
  let prompt: string | undefined;
  let compactedUpTo = 0;
  const models = new Map<string, number>();
  const skippedBlocks = new Map<string, number>();
  const unnamed: string[] = [];
  // The `compact_boundary` line Claude Code writes before a compaction's summary: what it says
  // about the compaction, attached to the summary step (`isCompactSummary`) that follows it.
  let boundary: { metadata: Record<string, unknown>; pointer: string; at: number } | undefined;
  const stepOfUuid = new Map<string, string>();
  const flushBoundary = () => {
    if (!boundary) return;
    // A boundary with no summary after it: the model read no summary (content '').
    list.warn(
      `${where(records, boundary.at)}: a compact_boundary with no summary line after it; recorded as a compaction without a summary`,
      boundary.pointer,
    );
    addSummary('', boundary.pointer, { records, index: boundary.at }, {});
  };
  const addSummary = (
    content: string,
    pointer: string,
    at: { records: readonly unknown[]; index: number },
    time: { timestamp?: number },
  ) => {
    const m = boundary?.metadata;
    const trigger = m?.trigger;
    // Messages the compaction kept (newer Claude Code's partial compaction lists them).
    const preserved = new Set(
      m && isRecord(m.preservedMessages) && Array.isArray(m.preservedMessages.uuids)
        ? m.preservedMessages.uuids
            .filter((u): u is string => typeof u === 'string')
            .map((u) => stepOfUuid.get(u))
        : [],
    );
    // Claude Code's compaction replaces the whole conversation so far, except the messages it
    // preserved: since the last compaction, that summary included (the model then reads only the
    // newest summary; the second one of a session opens "This is a continuation...").
    const replaces = list.steps
      .slice(compactedUpTo)
      .filter((s) => s.kind !== 'system-prompt' && !preserved.has(s.id))
      .map((s) => s.id);
    const compaction: RecordedCompaction = m
      ? {
          recordedAs: 'compact_boundary',
          ...(typeof m.preTokens === 'number' && m.preTokens >= 0
            ? { tokensBefore: m.preTokens }
            : {}),
          ...(typeof m.postTokens === 'number' && m.postTokens >= 0
            ? { tokensAfter: m.postTokens }
            : {}),
          ...(trigger === 'auto' || trigger === 'manual' ? { trigger } : {}),
        }
      : { recordedAs: 'isCompactSummary' };
    list.add(
      { kind: 'summary', content, replaces, origin: 'model', compaction, ...time },
      pointer,
      at,
    );
    compactedUpTo = list.steps.length - 1;
    boundary = undefined;
  };
  for (const { e, index } of entries) {
    if (e.type === 'summary' && typeof e.summary === 'string') title ??= e.summary;
    if (e.type === 'system' && e.subtype === 'compact_boundary') {
      if (branch && !branch.has(e)) continue;
      flushBoundary();
      boundary = {
        metadata: isRecord(e.compactMetadata) ? e.compactMetadata : {},
        pointer: pointerOf(index),
        at: index,
      };
      continue;
    }
    if (e.type !== 'user' && e.type !== 'assistant') continue;
    if (boundary && !(e.type === 'user' && e.isCompactSummary === true)) flushBoundary();
    const before = list.steps.length;
    const uuid = typeof e.uuid === 'string' ? e.uuid : undefined;
    if (branch && !branch.has(e)) {
      offBranch++;
      // A response on an abandoned branch was still billed: its usage, once per response.
      const m = e.message;
      const u = m && isRecord(m.usage) ? anthropicUsage(m.usage, e.costUSD) : undefined;
      const key = m?.id ?? (typeof e.requestId === 'string' ? e.requestId : undefined);
      if (e.type === 'assistant' && u && key !== undefined) {
        const seen = offBranchCalls.get(key);
        const final = finalUsage(seen?.usage, u);
        const timestamp = seen?.timestamp ?? isoToUnix(e.timestamp);
        offBranchCalls.set(key, {
          usage: final,
          ...(typeof m?.model === 'string' ? { model: m.model } : {}),
          ...(timestamp !== undefined ? { timestamp } : {}),
        });
      }
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
        if (b.type === 'text') text += (text ? '\n\n' : '') + str(b.text ?? '');
        else if (b.type === 'thinking') thought += (thought ? '\n\n' : '') + str(b.thinking ?? '');
        else if (b.type === 'redacted_thinking')
          thought += (thought ? '\n\n' : '') + '[redacted thinking]';
        else if (b.type === 'tool_use' || b.type === 'server_tool_use')
          calls.push(tool(str(b.id ?? `call-${index}`), str(b.name ?? ''), b.input ?? {}));
        else skippedBlocks.set(str(b.type), (skippedBlocks.get(str(b.type)) ?? 0) + 1);
      }
      // A model that is not a name (an object, a number) is left out, and the import says so.
      const model = typeof m.model === 'string' ? m.model : undefined;
      if (model) models.set(model, (models.get(model) ?? 0) + 1);
      // Older Claude Code put the call's cost on the line (`costUSD`).
      const u = isRecord(m.usage)
        ? anthropicUsage(m.usage, e.costUSD)
        : usage({ costUsd: e.costUSD });
      const key = m.id ?? (typeof e.requestId === 'string' ? e.requestId : undefined);
      const earlier = key === undefined ? undefined : stepOfResponse.get(key);
      if (earlier !== undefined && list.steps[earlier]?.kind === 'action') {
        // Another line of the same API response: its blocks join that action, wherever tool results
        // came in between, and the response's usage is counted once.
        list.update(earlier, (a) => {
          if (a.kind !== 'action') return a;
          const merged = [a.modelOutput, text].filter(Boolean).join('\n\n');
          const thoughts = [a.thought, thought].filter(Boolean).join('\n\n');
          const final = finalUsage(a.usage, u);
          return {
            ...a,
            toolCalls: [...a.toolCalls, ...calls],
            ...(merged ? { modelOutput: merged } : {}),
            ...(thoughts ? { thought: thoughts } : {}),
            ...(final ? { usage: final } : {}),
          };
        });
        const response = list.steps[earlier];
        if (uuid && response) stepOfUuid.set(uuid, response.id);
        continue;
      }
      if (key !== undefined) stepOfResponse.set(key, list.steps.length);
      const step = list.addAction(
        { toolCalls: calls, modelOutput: text, thought, usage: u, model, timestamp },
        pointer,
        at,
      );
      if (m.model && model === undefined) unnamed.push(labelOf(step, step.stepNumber));
      if (uuid) stepOfUuid.set(uuid, step.id);
      continue;
    }
    const texts: string[] = [];
    for (const b of blocks) {
      if (b.type !== 'tool_result') {
        texts.push(blockText(b));
        continue;
      }
      const id = str(b.tool_use_id ?? '');
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
        list.addAction({ observation: result, timestamp }, pointer, at);
      }
    }
    const text = texts.join('\n');
    if (text.trim() === '') continue;
    prompt ??= text;
    if (e.isCompactSummary === true) addSummary(text, pointer, at, time);
    else list.add({ kind: 'task', task: text, ...time }, pointer, at);
    const added = list.steps.length > before ? list.steps.at(-1) : undefined;
    if (uuid && added) stepOfUuid.set(uuid, added.id);
  }
  flushBoundary();
  if (offBranch > 0)
    list.warn(
      `${offBranch} entries on abandoned branches (a rewound or forked session) were skipped; the branch that ends at the last entry is shown`,
    );
  if (unnamed.length > 0) list.warn(unnamedModelsNote(unnamed));
  for (const [type, n] of skippedBlocks)
    list.warn(`${n} assistant content block(s) of type "${type}" were not shown`);
  const model = [...models].sort((a, b) => b[1] - a[1])[0]?.[0];
  const first = entries[0]?.e;
  const agentId = entries
    .map((x) => x.e.agentId)
    .find((id): id is string => typeof id === 'string');
  const version = entries
    .map((x) => x.e.version)
    .findLast((v): v is string => typeof v === 'string');
  return {
    steps: list.markFinal(),
    warnings: list.warnings,
    agentOfCall,
    ...(title ? { title } : {}),
    ...(model ? { model } : {}),
    ...(typeof first?.sessionId === 'string' ? { sessionId: first.sessionId } : {}),
    ...(version ? { version } : {}),
    ...(agentId ? { agentId } : {}),
    ...(prompt ? { prompt } : {}),
    // A response that also has lines on the shown branch is counted there.
    offBranchCalls: [...offBranchCalls].filter(([k]) => !stepOfResponse.has(k)).map(([, c]) => c),
  };
}
