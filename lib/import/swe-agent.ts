/**
 * SWE-agent trajectories (`.traj`; SWE-agent/SWE-agent `sweagent/types.py`, `agent/agents.py`;
 * ../shared/fixtures/MANIFEST.md "swe-agent"): `{environment, trajectory, history, info}`.
 * `history` is what the model was sent: messages with `message_type` (system_prompt, demonstration,
 * observation, action, thought); with function calling, assistant `tool_calls` and tool messages that
 * answer a LIST of ids (`tool_call_ids`). Older runs put the command in the assistant text and the
 * output in the next user message. `info.model_stats` has the run's tokens and cost.
 * A file with only `trajectory` (no history) is read from its thought/action/observation steps.
 */
import { z } from 'zod';
import type { History, ToolCall } from '../model/types';
import { addObservationStyle } from './observation-style';
import { defineImporter, parsedBy } from './types';
import { withInputCounts } from './usage-conventions';
import { actionDraft, isRecord, num, parseArguments, StepList, usage } from './util';

const text = z.union([
  z.string(),
  z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()),
]);
const historyMessage = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: text.nullable().optional(),
  message_type: z.string().optional(),
  agent: z.string().optional(),
  thought: z.string().optional(),
  tool_calls: z
    .array(
      z
        .object({
          id: z.string(),
          function: z.object({ name: z.string(), arguments: z.unknown() }),
        })
        .passthrough(),
    )
    .nullable()
    .optional(),
  tool_call_ids: z.array(z.string()).nullable().optional(),
});
const trajectoryStep = z
  .object({
    action: z.string(),
    observation: z.string().nullable().optional(),
    response: z.string().optional(),
    thought: z.string().optional(),
    execution_time: z.number().optional(),
  })
  .passthrough();
const traj = z
  .object({
    history: z.array(historyMessage).optional(),
    trajectory: z.array(trajectoryStep).optional(),
    info: z.record(z.string(), z.unknown()).optional(),
    environment: z.unknown().optional(),
  })
  .refine(
    (t) => (t.history?.length ?? 0) > 0 || (t.trajectory?.length ?? 0) > 0,
    'no history and no trajectory',
  )
  .refine(
    (t) =>
      (t.history ?? []).some((m) => m.message_type !== undefined || m.agent !== undefined) ||
      t.trajectory !== undefined,
    'not SWE-agent messages',
  );

function contentText(c: z.infer<typeof text> | null | undefined): string {
  if (c === null || c === undefined) return '';
  return typeof c === 'string' ? c : c.map((b) => b.text ?? `[${b.type}]`).join('\n');
}

export const sweAgentImporter = defineImporter({
  id: 'swe-agent',
  label: 'SWE-agent trajectory',
  near: {
    sniff: (v) =>
      isRecord(v) && ('history' in v || 'trajectory' in v) && ('info' in v || 'environment' in v),
    schema: traj,
  },
  detect: (value) => parsedBy(traj, value),
  import(t, fileName) {
    const list = new StepList({ format: 'swe-agent', file: fileName });
    const history = t.history ?? [];
    let demos = 0;
    if (history.length > 0) {
      const functionCalling = history.some(
        (m) => (m.tool_calls?.length ?? 0) > 0 || m.role === 'tool',
      );
      history.forEach((m, i) => {
        const pointer = `/history/${i}`;
        const body = contentText(m.content);
        if (m.message_type === 'demonstration') demos++;
        if (!functionCalling) {
          addObservationStyle(list, [
            { role: m.role, text: body, pointer, ...(m.thought ? { thought: m.thought } : {}) },
          ]);
          return;
        }
        if (m.role === 'system') list.add({ kind: 'system-prompt', content: body }, pointer);
        else if (m.role === 'user') list.add({ kind: 'task', task: body }, pointer);
        else if (m.role === 'assistant') {
          const calls: ToolCall[] = (m.tool_calls ?? []).map((c) => ({
            id: c.id,
            name: c.function.name,
            arguments: parseArguments(c.function.arguments),
          }));
          list.addAction(
            {
              toolCalls: calls,
              modelOutput: body,
              thought: m.thought !== body ? m.thought : undefined,
            },
            pointer,
          );
        } else {
          const ids = m.tool_call_ids ?? [];
          const linked = ids.filter((id) => list.linkResult(id, body));
          if (linked.length === 0) {
            list.warn(
              `history ${i}: a tool message answers no earlier tool call (${ids.join(', ') || 'no ids'}); kept as an observation`,
              pointer,
            );
            list.addAction({ observation: body }, pointer);
          }
        }
      });
    } else {
      (t.trajectory ?? []).forEach((s, i) => {
        const pointer = `/trajectory/${i}`;
        const draft = actionDraft({
          thought: s.thought,
          // SWE-agent writes `observation` on every trajectory step, empty when it had none.
          observation: s.observation || undefined,
          durationMs:
            s.execution_time === undefined ? undefined : Math.round(s.execution_time * 1000),
        });
        // The step's response as recorded, an empty one too.
        list.add({ ...draft, modelOutput: s.response ?? s.action }, pointer);
      });
      list.warn(
        'the file has no history (the messages the model saw); steps are read from its trajectory',
      );
    }
    // Execution times live in the trajectory, one per action, in order.
    const times = (t.trajectory ?? []).map((s) => s.execution_time);
    const actions = list.steps
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => s.kind === 'action' && s.modelOutput !== undefined);
    if (
      history.length > 0 &&
      times.length === actions.length &&
      times.some((x) => x !== undefined)
    ) {
      actions.forEach(({ s, i }, k) => {
        const sec = times[k];
        if (sec !== undefined && s.kind === 'action')
          list.steps[i] = { ...s, durationMs: Math.round(sec * 1000) };
      });
    }
    if (demos > 0)
      list.warn(
        `${demos} demonstration message(s) (a worked example in the prompt) are shown as user turns: the model was sent them`,
      );
    const info = t.info ?? {};
    const stats = isRecord(info.model_stats) ? info.model_stats : {};
    // SWE-agent counts what it sends (sweagent/agent/models.py: litellm.utils.token_counter over
    // the messages): the whole prompt of every call, summed.
    const u = withInputCounts(
      usage({
        inputTokens: stats.tokens_sent,
        outputTokens: stats.tokens_received,
        costUsd: num(stats.instance_cost),
      }),
      'total',
    );
    const reported =
      u && (u.inputTokens ?? 0) + (u.outputTokens ?? 0) + (u.costUsd ?? 0) > 0 ? u : undefined;
    const out: History = {
      id: fileName,
      title: fileName.replace(/\.traj$/, ''),
      format: 'swe-agent',
      steps: list.markFinal(),
      ...(reported ? { usage: reported } : {}),
      ...(typeof info.exit_status === 'string' ? { outcome: info.exit_status } : {}),
      ...(typeof info.submission === 'string' ? { meta: { submission: info.submission } } : {}),
    };
    return { file: { histories: [out] }, warnings: list.warnings };
  },
});
