/**
 * GitHub Copilot CLI sessions, `~/.copilot/session-state/<sessionId>/events.jsonl` (before 1.0,
 * `~/.copilot/session-state/<sessionId>.jsonl`): one event a line, `{type, data, id, timestamp,
 * parentId}`, as the Copilot SDK's generated types define them (github/copilot-sdk
 * `nodejs/src/generated/session-events.ts`; events marked `ephemeral` are never written to disk).
 * VS Code's Copilot Chat writes the same events to its transcripts.
 *
 * Read: `session.start` (id, version, `selectedModel`, the git context), `system.message`,
 * `user.message` (`transformedContent`, what the model was sent, else `content`; attachments named),
 * `assistant.reasoning` (the next reply's thought), `assistant.message` (a model call's text,
 * `toolRequests` `{toolCallId, name, arguments}`, `reasoningText`, `model`, `outputTokens`: the
 * call's completion tokens; chunks of one call share an `apiCallId`), `tool.execution_complete`
 * (`success`, `result.content` the model saw, `error.message`), `session.compaction_complete` (its
 * `summaryContent` replacing the steps before the `session.compaction_start`, copilot-cli-events.ts),
 * `skill.invoked` / `skill.invoked_ref` (a skill's body, inline or by
 * `contentId`) and the `skill.context_delivered_ref` after it (that body as the model was sent it,
 * within its `prefix` and `suffix`), `session.model_change`, each call's usage
 * (`session.usage_record`, written since 1.0.9x before the reply with the same `apiCallId`; the
 * ephemeral `assistant.usage` when a log keeps it), and `session.shutdown`'s `modelMetrics`
 * (per-model tokens for the run).
 *
 * Events of a sub-agent (`agentId`, or the deprecated `data.parentToolCallId`) are counted, not
 * shown: the sub-agent's context is not the main conversation's. The input Copilot reports is the
 * Copilot API's `prompt_tokens` (OpenAI's convention: the whole prompt, cache reads included).
 */
import { z } from 'zod';
import type { History, JsonValue, Usage } from '../model/types';
import { defineImporter, parsedBy } from './types';
import { ImportError } from '../model/errors';
import {
  BOOKKEEPING,
  callUsage,
  compactionOf,
  isStart,
  nearSession,
  resultOf,
  sum,
  text,
  usageByModelOf,
  userText,
} from './copilot-cli-events';
import { isoToUnix, isRecord, num, StepList, str, tool } from './util';

type Rec = Record<string, unknown>;
type Event = Rec & { type: string; data?: Rec };

const event = z
  .object({ type: z.string(), data: z.record(z.string(), z.unknown()).optional() })
  .passthrough();
const session = z
  .array(event)
  .min(2)
  .refine((es) => isStart(es[0]), 'a session.start event from copilot-agent first')
  .refine(
    (es) => es.some((e) => e.type === 'user.message' || e.type === 'assistant.message'),
    'a user.message or assistant.message event',
  );

export const copilotCliImporter = defineImporter<Event[]>({
  id: 'copilot-cli',
  label: 'GitHub Copilot CLI session',
  detect: (value) => (Array.isArray(value) ? parsedBy(session, value) : undefined),
  import(events, fileName, raw) {
    const records = Array.isArray(raw) ? raw : events;
    const list = new StepList({ format: 'copilot-cli', file: fileName });
    const start = events[0]?.data ?? {};
    const models = new Set<string>();
    let model = text(start.selectedModel) || undefined;
    let thought: string[] = [];
    let lastCall: { apiCallId: string; step: number } | undefined;
    const callStep = new Map<string, number>();
    let subAgent = 0;
    let shutdown: Rec | undefined;
    const unknown = new Map<string, number>();
    const pending = new Map<string, { usage: Usage; pointer: string }>();
    const skills = new Map<string, string>();
    let skillBody: string | undefined;
    let compactionStart: number | undefined;
    events.forEach((e, index) => {
      const d = e.data ?? {};
      const pointer = `/${index}`;
      const at = { records, index };
      const timestamp = isoToUnix(e.timestamp);
      const time = timestamp === undefined ? {} : { timestamp };
      if (typeof e.agentId === 'string' || typeof d.parentToolCallId === 'string') {
        subAgent++;
        return;
      }
      switch (e.type) {
        case 'session.model_change':
          model = text(d.newModel) || model;
          return;
        case 'system.message':
          list.add({ kind: 'system-prompt', content: text(d.content), ...time }, pointer, at);
          return;
        case 'user.message':
          list.add({ kind: 'task', task: userText(d), ...time }, pointer, at);
          return;
        case 'assistant.reasoning':
          if (text(d.content)) thought.push(text(d.content));
          return;
        case 'assistant.message': {
          const own = text(d.model) || model;
          if (own) models.add(own);
          const calls = (Array.isArray(d.toolRequests) ? d.toolRequests : [])
            .filter(isRecord)
            .map((r, k) =>
              tool(str(r.toolCallId ?? `call_${index}_${k}`), str(r.name ?? 'tool'), r.arguments),
            );
          const reasoning = [...thought, text(d.reasoningText)].filter(Boolean).join('\n\n');
          thought = [];
          const out = num(d.outputTokens);
          const apiCallId = text(d.apiCallId);
          const recorded = apiCallId ? pending.get(apiCallId)?.usage : undefined;
          if (apiCallId) pending.delete(apiCallId);
          // A later chunk of the same model call: one step, one usage.
          if (apiCallId && lastCall?.apiCallId === apiCallId) {
            list.update(lastCall.step, (s) =>
              s.kind !== 'action'
                ? s
                : {
                    ...s,
                    modelOutput: [s.modelOutput, text(d.content)].filter(Boolean).join('\n'),
                    toolCalls: [...s.toolCalls, ...calls],
                    ...(reasoning
                      ? { thought: [s.thought, reasoning].filter(Boolean).join('\n\n') }
                      : {}),
                    ...(out !== undefined && s.usage?.inputTokens === undefined
                      ? {
                          usage: {
                            ...s.usage,
                            outputTokens: Math.max(out, s.usage?.outputTokens ?? 0),
                          },
                        }
                      : {}),
                  },
            );
            return;
          }
          const step = list.addAction(
            {
              toolCalls: calls,
              modelOutput: text(d.content),
              thought: reasoning,
              usage: recorded ?? (out === undefined ? undefined : { outputTokens: out }),
              model: own,
              timestamp,
              keepEmptyOutput: true,
            },
            pointer,
            at,
          );
          if (apiCallId) {
            lastCall = { apiCallId, step: step.stepNumber };
            callStep.set(apiCallId, step.stepNumber);
          }
          return;
        }
        case 'session.usage_record':
        case 'assistant.usage': {
          // One model call's usage, written before its reply (matched by apiCallId).
          const record = isRecord(d.usage) ? d.usage : d;
          const u = callUsage(record);
          const id = text(record.apiCallId);
          const i = callStep.get(id);
          if (!u) return;
          if (i !== undefined)
            list.update(i, (s) => (s.kind === 'action' ? { ...s, usage: u } : s));
          else pending.set(id, { usage: u, pointer });
          return;
        }
        case 'tool.execution_complete': {
          const { result, isError } = resultOf(d);
          if (!list.linkResult(str(d.toolCallId ?? ''), result, isError)) {
            list.warn(
              `a tool result answers no earlier call (${str(d.toolCallId ?? 'no id')}); kept as an observation`,
              pointer,
            );
            list.addAction({ observation: result, timestamp }, pointer, at);
          }
          return;
        }
        case 'skill.invoked':
        case 'skill.invoked_ref': {
          // A skill's body (SKILL.md): inline the first time, by `contentId` when repeated (1.0.9x).
          const body = text(d.content) || skills.get(text(d.name));
          if (text(d.content)) skills.set(text(d.name), text(d.content));
          skillBody = body;
          return;
        }
        case 'skill.context_delivered_ref':
          // The body of the activation before it, sent to the model wrapped in `prefix`/`suffix`.
          if (skillBody === undefined)
            list.warn(
              'a skill context the model was sent is not held in this file; not shown',
              pointer,
            );
          else
            list.add(
              { kind: 'task', task: `${text(d.prefix)}${skillBody}${text(d.suffix)}`, ...time },
              pointer,
              at,
            );
          skillBody = undefined;
          return;
        case 'session.compaction_start':
          compactionStart = list.steps.length;
          return;
        case 'session.compaction_complete': {
          const before = compactionStart ?? list.steps.length;
          compactionStart = undefined;
          if (d.success !== true || !text(d.summaryContent)) {
            list.warn(
              d.success === true
                ? 'a compaction recorded no summary; not shown'
                : `a compaction failed${text(d.error) ? ` (${text(d.error)})` : ''}; the context was kept`,
              pointer,
            );
            return;
          }
          const { replaces, compaction, warning } = compactionOf(d, list.steps, before);
          if (warning) list.warn(warning, pointer);
          list.add(
            {
              kind: 'summary',
              content: text(d.summaryContent),
              replaces,
              origin: 'model',
              compaction,
              ...time,
            },
            pointer,
            at,
          );
          return;
        }
        case 'session.error':
          list.warn(
            `the session reported an error: ${text(d.message) || str(d.errorType ?? '')}`,
            pointer,
          );
          return;
        case 'abort':
          list.warn(`a turn was aborted${text(d.reason) ? ` (${text(d.reason)})` : ''}`, pointer);
          return;
        case 'session.truncation':
          list.warn(
            'Copilot truncated the conversation here; which messages it dropped is not recorded',
            pointer,
          );
          return;
        case 'session.shutdown':
          shutdown = d;
          return;
        default:
          if (!BOOKKEEPING.has(e.type)) unknown.set(e.type, (unknown.get(e.type) ?? 0) + 1);
      }
    });
    if (pending.size > 0)
      list.warn(
        `${pending.size} usage records of model calls with no reply here (sub-agents, compactions, failed calls); not counted`,
        [...pending.values()][0]?.pointer,
      );
    if (subAgent > 0)
      list.warn(`${subAgent} events of sub-agents are not shown (their context is their own)`);
    if (unknown.size > 0)
      list.warn(`events not read: ${[...unknown].map(([t, n]) => `${t} ×${n}`).join(', ')}`);
    if (!list.steps.some((s) => s.kind === 'task' || s.kind === 'action'))
      throw new ImportError(`${fileName}: the Copilot session holds no message the model saw`);
    const byModel = usageByModelOf(shutdown?.modelMetrics);
    const id = text(start.sessionId) || fileName;
    const context = isRecord(start.context) ? start.context : {};
    const meta: Record<string, JsonValue> = {};
    for (const k of ['cwd', 'branch', 'repository'] as const)
      if (typeof context[k] === 'string') meta[k] = context[k];
    if (typeof start.copilotVersion === 'string') meta.copilotVersion = start.copilotVersion;
    if (models.size > 1) meta.models = [...models];
    const [only] = models;
    const history: History = {
      id,
      title: `Copilot CLI session ${/^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id}`,
      format: 'copilot-cli',
      ...(models.size === 1 && only ? { model: only } : {}),
      steps: list.markFinal(),
      ...(byModel ? { usageByModel: byModel, usage: sum(Object.values(byModel)) } : {}),
      meta,
    };
    return { file: { histories: [history] }, warnings: list.warnings };
  },
  near: { sniff: (v) => Array.isArray(v) && isStart(v[0]), schema: nearSession },
});
