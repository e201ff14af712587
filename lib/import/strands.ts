/**
 * Strands Agents (strands-agents/sdk-python `types/content.py`, `session/file_session_manager.py`;
 * ../shared/fixtures/MANIFEST.md "strands"): messages `{role, content: [block]}` whose blocks are
 * single-key objects (Bedrock Converse): `{text}`, `{toolUse: {toolUseId, name, input}}`,
 * `{toolResult: {toolUseId, status, content: [{text} | {json}]}}`, `{image}`, `{reasoningContent}`.
 * Tool results are user messages. Read as:
 * - a messages array, an agent dump `{system_prompt?, messages}`, or a map of named scenarios of those;
 * - a FileSessionManager folder: `session_<id>/agents/agent_<id>/messages/message_<n>.json`
 *   (`{message, message_id, created_at}`), one history per agent;
 * - a Langfuse trace export of a Strands agent: `input` messages whose content is the blocks as a JSON
 *   string, `output.message` likewise, and GENERATION observations with each call's usage.
 */
import { z } from 'zod';
import { parseEmbeddedJson } from './json-text';
import type { History, JsonValue, ToolCall } from '../model/types';
import { FolderValue } from './read';
import { defineImporter, type ImportWarning, parsedBy } from './types';
import {
  folderFiles,
  folderPointer,
  imagePlaceholder,
  isoToUnix,
  isRecord,
  StepList,
  usage,
} from './util';

const contentBlock = z
  .record(z.string(), z.unknown())
  .refine((b) => !('type' in b) && Object.keys(b).length >= 1, 'a Strands block has no "type"');
const strandsMessage = z.object({
  role: z.enum(['user', 'assistant', 'tool']),
  content: z.array(contentBlock),
});
const messages = z.array(strandsMessage).min(1);
const agentDump = z.object({
  messages,
  system_prompt: z
    .union([z.string(), z.array(z.object({ text: z.string() }).passthrough()), z.null()])
    .optional(),
});
const scenarios = z.record(z.string(), agentDump).refine((r) => Object.keys(r).length > 0);
const langfuseTrace = z.object({
  id: z.string(),
  input: z.array(z.object({ role: z.string(), content: z.string() })).min(1),
  observations: z.array(z.record(z.string(), z.unknown())),
});
const KNOWN_BLOCKS = [
  'text',
  'toolUse',
  'toolResult',
  'image',
  'reasoningContent',
  'document',
  'video',
  'cachePoint',
  'guardContent',
  'citationsContent',
];

function isStrandsMessages(value: unknown): boolean {
  const parsed = messages.safeParse(value);
  return (
    parsed.success &&
    parsed.data.some((m) => m.content.some((b) => KNOWN_BLOCKS.some((k) => k in b)))
  );
}

function resultText(content: unknown): string {
  if (!Array.isArray(content))
    return typeof content === 'string' ? content : JSON.stringify(content ?? '');
  return content
    .map((c) => {
      if (!isRecord(c)) return String(c);
      if (typeof c.text === 'string') return c.text;
      if ('json' in c) return JSON.stringify(c.json);
      if (isRecord(c.image))
        return imagePlaceholder(`image/${String(c.image.format ?? '')}`, undefined);
      return JSON.stringify(c);
    })
    .join('\n');
}

/** Appends a Strands conversation's steps; `timeOf(i)` gives a message's time when the format has one. */
export function addStrandsMessages(
  list: StepList,
  msgs: readonly z.infer<typeof strandsMessage>[],
  pointerOf: (i: number) => string,
  timeOf: (i: number) => number | undefined = () => undefined,
): void {
  const unknown = new Map<string, number>();
  msgs.forEach((m, i) => {
    const pointer = pointerOf(i);
    const timestamp = timeOf(i);
    const time = timestamp === undefined ? {} : { timestamp };
    const texts: string[] = [];
    const thoughts: string[] = [];
    const calls: ToolCall[] = [];
    for (const b of m.content) {
      if (typeof b.text === 'string') texts.push(b.text);
      else if (isRecord(b.toolUse))
        calls.push({
          id: String(b.toolUse.toolUseId ?? ''),
          name: String(b.toolUse.name ?? ''),
          arguments: (b.toolUse.input ?? {}) as JsonValue,
        });
      else if (isRecord(b.toolResult)) {
        const r = b.toolResult;
        const id = String(r.toolUseId ?? '');
        const text = resultText(r.content);
        if (!list.linkResult(id, text, r.status === 'error')) {
          list.warn(
            `message ${i}: a tool result answers no earlier toolUse (${id}); kept as an observation`,
            pointer,
          );
          list.add(
            { kind: 'action', toolCalls: [], observation: text, isFinal: false, ...time },
            pointer,
          );
        }
      } else if (isRecord(b.reasoningContent)) {
        const rt = b.reasoningContent.reasoningText;
        thoughts.push(isRecord(rt) && typeof rt.text === 'string' ? rt.text : '[reasoning]');
      } else if (isRecord(b.image)) {
        const src =
          isRecord(b.image.source) && isRecord(b.image.source.bytes)
            ? b.image.source.bytes
            : undefined;
        texts.push(
          imagePlaceholder(
            `image/${String(b.image.format ?? '')}`,
            typeof src?.data === 'string' ? src.data.length : undefined,
          ),
        );
      } else {
        const key = Object.keys(b)[0] ?? '?';
        unknown.set(key, (unknown.get(key) ?? 0) + 1);
      }
    }
    const text = texts.join('\n');
    if (m.role === 'assistant') {
      list.add(
        {
          kind: 'action',
          toolCalls: calls,
          isFinal: false,
          ...(text ? { modelOutput: text } : {}),
          ...(thoughts.length ? { thought: thoughts.join('\n\n') } : {}),
          ...time,
        },
        pointer,
      );
    } else if (text.trim() !== '') list.add({ kind: 'task', task: text, ...time }, pointer);
  });
  for (const [key, n] of unknown) list.warn(`${n} content block(s) "${key}" were not shown`);
}

function systemText(prompt: z.infer<typeof agentDump>['system_prompt']): string | undefined {
  if (prompt === undefined || prompt === null) return undefined;
  return typeof prompt === 'string' ? prompt : prompt.map((p) => p.text).join('\n\n');
}

function fromDump(
  dump: z.infer<typeof agentDump>,
  id: string,
  fileName: string,
  prefix: string,
): { history: History; warnings: ImportWarning[] } {
  const list = new StepList({ format: 'strands', file: fileName });
  const system = systemText(dump.system_prompt);
  if (system !== undefined)
    list.add({ kind: 'system-prompt', content: system }, `${prefix}/system_prompt`);
  addStrandsMessages(list, dump.messages, (i) => `${prefix}/messages/${i}`);
  return {
    history: { id, title: id, format: 'strands', steps: list.markFinal() },
    warnings: list.warnings,
  };
}

/** Langfuse: the strings inside `input[].content` and `output.message` are the JSON of Strands blocks. */
function fromLangfuse(
  trace: Record<string, unknown>,
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
  const input = (trace.input as { role: string; content: string }[]).map((m, i) => ({
    role: (m.role === 'tool' ? 'user' : m.role) as 'user' | 'assistant',
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
  const observations = trace.observations as Record<string, unknown>[];
  const calls = observations
    .map((o, index) => ({ o, index }))
    .filter(({ o }) => o.type === 'GENERATION' && o.name === 'chat')
    .sort((a, b) => String(a.o.startTime).localeCompare(String(b.o.startTime)));
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
      id: String(trace.id),
      title: `${String(trace.name ?? 'trace')} · ${String(trace.sessionId ?? trace.id)}`,
      format: 'strands-langfuse',
      steps: list.markFinal(),
      ...(model ? { model } : {}),
      ...(runUsage ? { usage: { ...runUsage, ...cost } } : {}),
    },
    warnings: [...warnings, ...list.warnings],
  };
}

const AGENT_MESSAGE = /(^|\/)agents\/agent_([^/]+)\/messages\/message_(\d+)\.json$/;
const sessionMessage = z.object({
  message: strandsMessage,
  message_id: z.number().optional(),
  created_at: z.string().optional(),
});

function fromSessionFolder(folder: FolderValue): {
  histories: History[];
  warnings: ImportWarning[];
  claimed: string[];
} {
  const files = folderFiles(folder, AGENT_MESSAGE);
  const byAgent = new Map<string, [string, unknown][]>();
  for (const f of files) {
    const m = AGENT_MESSAGE.exec(f[0]) as RegExpExecArray;
    const key = `${f[0].slice(0, m.index + (m[1] as string).length)}agents/agent_${m[2] as string}`;
    byAgent.set(key, [...(byAgent.get(key) ?? []), f]);
  }
  const warnings: ImportWarning[] = [];
  const claimed: string[] = [];
  const histories = [...byAgent].map(([dir, msgs]) => {
    // Numeric order by message_id (message_10 after message_9), never by name.
    const ordered = msgs
      .map(([path, value]) => ({ path, parsed: sessionMessage.safeParse(value) }))
      .filter((x) => {
        if (!x.parsed.success)
          warnings.push({ message: `${x.path}: not a Strands session message; skipped` });
        return x.parsed.success;
      })
      .map((x) => ({ path: x.path, m: x.parsed.data as z.infer<typeof sessionMessage> }))
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
    if (removed > 0)
      warnings.push({
        message: `${dir}: the ${String(cm?.__name__ ?? 'conversation manager')} had already removed ${removed} message(s) from the agent's context; the session folder still holds every message`,
      });
    const id = dir.split('/').at(-1) ?? dir;
    return {
      id,
      title: `${id.replace(/^agent_/, 'agent ')} · ${ordered.length} messages`,
      format: 'strands-session',
      steps: list.markFinal(),
      ...(cm ? { meta: { conversationManager: cm as JsonValue } } : {}),
    };
  });
  return { histories, warnings, claimed };
}

type Shape =
  | { folder: FolderValue }
  | { messages: z.infer<typeof messages> }
  | { dump: z.infer<typeof agentDump> }
  | { named: z.infer<typeof scenarios> }
  | { trace: Record<string, unknown> };

export const strandsImporter = defineImporter({
  id: 'strands',
  label: 'Strands Agents messages',
  near: {
    sniff: (v) => {
      const f = Array.isArray(v) && isRecord(v[0]) ? v[0] : {};
      return (
        Array.isArray(f.content) &&
        f.content.some((b: unknown) => isRecord(b) && ('toolUse' in b || 'toolResult' in b))
      );
    },
    schema: messages,
  },
  // Which of the five shapes the value has, parsed once.
  detect: (value): Shape | undefined => {
    if (value instanceof FolderValue)
      return Object.keys(value.files).some((p) => AGENT_MESSAGE.test(p))
        ? { folder: value }
        : undefined;
    if (isStrandsMessages(value)) return { messages: messages.parse(value) };
    const dump = parsedBy(agentDump, value);
    if (dump) return { dump };
    const named = parsedBy(scenarios, value);
    if (named) return { named };
    return langfuseTrace.safeParse(value).success
      ? { trace: value as Record<string, unknown> }
      : undefined;
  },
  import(parsed, fileName) {
    if ('folder' in parsed) {
      const { histories, warnings, claimed } = fromSessionFolder(parsed.folder);
      return { file: { histories }, warnings, claimed };
    }
    if ('messages' in parsed) {
      const list = new StepList({ format: 'strands', file: fileName });
      addStrandsMessages(list, parsed.messages, (i) => `/${i}`);
      return {
        file: {
          histories: [
            { id: fileName, title: fileName, format: 'strands', steps: list.markFinal() },
          ],
        },
        warnings: list.warnings,
      };
    }
    if ('dump' in parsed) {
      const { history, warnings } = fromDump(parsed.dump, fileName, fileName, '');
      return { file: { histories: [history] }, warnings };
    }
    if ('named' in parsed) {
      const results = Object.entries(parsed.named).map(([key, d]) =>
        fromDump(d, key, fileName, `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
      );
      return {
        file: { histories: results.map((r) => r.history) },
        warnings: results.flatMap((r) =>
          r.warnings.map((w) => ({ ...w, message: `${r.history.id}: ${w.message}` })),
        ),
      };
    }
    const { history, warnings } = fromLangfuse(parsed.trace, fileName);
    return { file: { histories: [history] }, warnings };
  },
});
