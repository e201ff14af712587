/**
 * Strands sources beyond a messages list: Langfuse trace exports (double-encoded content, per-call
 * usage) and FileSessionManager folders (agents/agent_<id>/messages/message_<n>.json). Part of the
 * Strands importer (strands.ts).
 */
import { z } from 'zod';
import { parseEmbeddedJson } from './json-text';
import type { History } from '../model/types';
import { isJsonValue } from './guards';
import type { FolderValue } from './read';
import { type ImportWarning } from './types';
import { folderFiles, folderPointer, isoToUnix, isRecord, StepList, str, usage } from './util';
import type { contentBlock } from './strands-messages';
import { addStrandsMessages, strandsMessage } from './strands-messages';

/** A Langfuse trace export: its input messages, and the observations that hold each call's usage. */
export const langfuseTrace = z
  .object({
    id: z.string(),
    input: z.array(z.object({ role: z.string(), content: z.string() })).min(1),
    observations: z.array(z.record(z.string(), z.unknown())),
  })
  .passthrough();

/** Langfuse: the strings inside `input[].content` and `output.message` are the JSON of Strands blocks. */
export function fromLangfuse(
  trace: z.infer<typeof langfuseTrace>,
  fileName: string,
): { history: History; warnings: ImportWarning[] } {
  const warnings: ImportWarning[] = [];
  const decode = (raw: unknown, where: string): z.infer<typeof contentBlock>[] => {
    if (typeof raw !== 'string') return [];
    const blocks = parseEmbeddedJson(raw);
    if (Array.isArray(blocks)) return blocks.filter(isRecord);
    warnings.push({
      message: `${where}: the content is not JSON-encoded Strands blocks; read as text`,
    });
    return [{ text: raw }];
  };
  // A tool's answer is a user turn in Strands; every role but the assistant's reads as one.
  const input = trace.input.map((m, i) => ({
    role: m.role === 'assistant' ? ('assistant' as const) : ('user' as const),
    content: decode(m.content, `input ${i}`),
  }));
  const output = isRecord(trace.output) ? decode(trace.output.message, 'output') : [];
  const all = [
    ...input,
    ...(output.length > 0 ? [{ role: 'assistant' as const, content: output }] : []),
  ];
  const list = new StepList({ format: 'strands-langfuse', file: fileName });
  const attributes =
    isRecord(trace.metadata) && isRecord(trace.metadata.attributes)
      ? trace.metadata.attributes
      : {};
  if (typeof attributes.system_prompt === 'string')
    list.add(
      { kind: 'system-prompt', content: attributes.system_prompt },
      '/metadata/attributes/system_prompt',
    );
  addStrandsMessages(list, all, (i) => (i < input.length ? `/input/${i}` : '/output'));
  // Each model call is a GENERATION named "chat"; in time order they match the actions.
  const observations = trace.observations;
  const calls = observations
    .map((o, index) => ({ o, index }))
    .filter(({ o }) => o.type === 'GENERATION' && o.name === 'chat')
    .sort((a, b) => str(a.o.startTime).localeCompare(str(b.o.startTime)));
  const actions = list.steps
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.kind === 'action' && s.toolCalls.length + (s.modelOutput ? 1 : 0) > 0);
  if (calls.length !== actions.length)
    warnings.push({
      message: `${calls.length} model calls in the observations for ${actions.length} assistant turns; usage is shown where they line up`,
    });
  let model: string | undefined;
  calls.forEach(({ o }, k) => {
    const target = actions[k];
    if (!target || target.s.kind !== 'action') return;
    const u = isRecord(o.usage)
      ? usage({
          inputTokens: o.usage.input,
          outputTokens: o.usage.output,
          totalTokens: o.usage.total,
        })
      : undefined;
    const start = isoToUnix(o.startTime);
    const end = isoToUnix(o.endTime);
    model ??= typeof o.model === 'string' ? o.model : undefined;
    list.steps[target.i] = {
      ...target.s,
      ...(u ? { usage: u } : {}),
      ...(start === undefined ? {} : { timestamp: start }),
      ...(start !== undefined && end !== undefined
        ? { durationMs: Math.round((end - start) * 1000) }
        : {}),
      ...(typeof o.model === 'string' ? { model: o.model } : {}),
    };
  });
  const agent = observations.find((o) => o.type === 'GENERATION' && o.name !== 'chat');
  const runUsage =
    agent && isRecord(agent.usage)
      ? usage({
          inputTokens: agent.usage.input,
          outputTokens: agent.usage.output,
          totalTokens: agent.usage.total,
        })
      : undefined;
  const cost =
    typeof trace.totalCost === 'number' && trace.totalCost > 0 ? { costUsd: trace.totalCost } : {};
  return {
    history: {
      id: str(trace.id),
      title: `${str(trace.name ?? 'trace')} · ${str(trace.sessionId ?? trace.id)}`,
      format: 'strands-langfuse',
      steps: list.markFinal(),
      ...(model ? { model } : {}),
      ...(runUsage ? { usage: { ...runUsage, ...cost } } : {}),
    },
    warnings: [...warnings, ...list.warnings],
  };
}

export const AGENT_MESSAGE = /(^|\/)agents\/agent_([^/]+)\/messages\/message_(\d+)\.json$/;
export const sessionMessage = z.object({
  message: strandsMessage,
  message_id: z.number().optional(),
  created_at: z.string().optional(),
});

export function fromSessionFolder(folder: FolderValue): {
  histories: History[];
  warnings: ImportWarning[];
  claimed: string[];
} {
  const files = folderFiles(folder, AGENT_MESSAGE);
  const byAgent = new Map<string, [string, unknown][]>();
  for (const f of files) {
    // The agent's folder: the path up to its `messages/` (AGENT_MESSAGE matched it).
    const key = f[0].replace(/\/messages\/message_\d+\.json$/, '');
    byAgent.set(key, [...(byAgent.get(key) ?? []), f]);
  }
  const warnings: ImportWarning[] = [];
  const claimed: string[] = [];
  const histories = [...byAgent].map(([dir, msgs]) => {
    // Numeric order by message_id (message_10 after message_9), never by name.
    const ordered = msgs
      .flatMap(([path, value]) => {
        const parsed = sessionMessage.safeParse(value);
        if (parsed.success) return [{ path, m: parsed.data }];
        warnings.push({ message: `${path}: not a Strands session message; skipped` });
        return [];
      })
      .sort((a, b) => (a.m.message_id ?? 0) - (b.m.message_id ?? 0));
    claimed.push(...msgs.map(([p]) => p));
    const agentFile = `${dir}/agent.json`;
    const sessionFile = `${dir.replace(/\/?agents\/agent_[^/]+$/, '')}${dir.includes('/agents/') ? '/' : ''}session.json`;
    const agent = folder.files[agentFile];
    for (const f of [agentFile, sessionFile]) if (f in folder.files) claimed.push(f);
    const list = new StepList({ format: 'strands-session', file: folder.name });
    addStrandsMessages(
      list,
      ordered.map((x) => x.m.message),
      (i) => folderPointer(ordered[i]?.path ?? '', 'message'),
      (i) => isoToUnix(ordered[i]?.m.created_at),
    );
    warnings.push(...list.warnings);
    const cm =
      isRecord(agent) && isRecord(agent.conversation_manager_state)
        ? agent.conversation_manager_state
        : undefined;
    const removed =
      cm && typeof cm.removed_message_count === 'number' && cm.removed_message_count > 0
        ? cm.removed_message_count
        : 0;
    const summary = cm && isRecord(cm.summary_message) ? cm.summary_message : undefined;
    if (summary && removed > 0) {
      // SummarizingConversationManager (strands-agents/sdk-python `agent/conversation_manager/
      // summarizing_conversation_manager.py`, 1232230d): the agent's context became
      // [summary_message] + messages[removed_message_count:]; the session keeps every message and
      // only the latest summary, never when it was made. So the summary step goes after the last
      // message (the context of the agent's next call) and replaces the steps of the first
      // removed_message_count messages.
      const removedPaths = new Set(
        ordered.slice(0, removed).map((x) => folderPointer(x.path, 'message')),
      );
      const replaces = list.steps
        .filter((s) => removedPaths.has(s.source?.pointer ?? ''))
        .map((s) => s.id);
      const content = Array.isArray(summary.content)
        ? summary.content
            .map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : ''))
            .filter(Boolean)
            .join('\n')
        : '';
      list.add(
        {
          kind: 'summary',
          content,
          replaces,
          origin: 'model',
          compaction: { recordedAs: 'summary_message' },
        },
        folderPointer(agentFile, 'conversation_manager_state', 'summary_message'),
      );
      warnings.push({
        message: `${dir}: the ${str(cm?.__name__ ?? 'conversation manager')} summarized the first ${removed} message(s) into its summary_message, but the session does not record when; the summary is placed after the last message, so the calls recorded before it still show the messages it replaced`,
      });
    } else if (removed > 0)
      warnings.push({
        message: `${dir}: the ${str(cm?.__name__ ?? 'conversation manager')} had already removed ${removed} message(s) from the agent's context; the session folder still holds every message`,
      });
    const id = dir.split('/').at(-1) ?? dir;
    return {
      id,
      title: `${id.replace(/^agent_/, 'agent ')} · ${ordered.length} messages`,
      format: 'strands-session',
      steps: list.markFinal(),
      ...(cm && isJsonValue(cm) ? { meta: { conversationManager: cm } } : {}),
    };
  });
  return { histories, warnings, claimed };
}
