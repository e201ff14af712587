/**
 * The Agent Trajectory Interchange Format (ATIF, laude-institute/harbor
 * `docs/rfcs/0001-trajectory-format.md`, v1.0–v1.7), which Harbor writes for Claude Code,
 * OpenHands, Codex and Terminus runs: `{schema_version: "ATIF-v1.x", session_id, agent {name,
 * version, model_name}, steps: [{step_id, timestamp, source: system|user|agent, message,
 * reasoning_content, tool_calls [{tool_call_id, function_name, arguments}], observation {results
 * [{source_call_id, content, subagent_trajectory_ref}]}, metrics {prompt_tokens, completion_tokens,
 * cached_tokens, cost_usd}}], final_metrics}`.
 */
import { z } from 'zod';
import type { History, ToolCall } from '../model/types';
import { defineImporter, parsedBy } from './types';
import { declaredTotal } from './usage-conventions';
import { isoToUnix, isRecord, keptArguments, StepList, str, usage } from './util';

const toolCall = z.object({
  tool_call_id: z.string(),
  function_name: z.string(),
  arguments: z.unknown().optional(),
});
const result = z
  .object({
    source_call_id: z.string().nullable().optional(),
    content: z.unknown().optional(),
    subagent_trajectory_ref: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
  })
  .passthrough();
const step = z.object({
  step_id: z.number(),
  source: z.enum(['system', 'user', 'agent']),
  message: z.unknown().optional(),
  timestamp: z.string().nullable().optional(),
  model_name: z.string().nullable().optional(),
  reasoning_content: z.string().nullable().optional(),
  tool_calls: z.array(toolCall).nullable().optional(),
  observation: z
    .object({ results: z.array(result) })
    .nullable()
    .optional(),
  metrics: z.record(z.string(), z.unknown()).nullable().optional(),
});
const trajectory = z.object({
  schema_version: z.string().regex(/^ATIF-v1/i),
  session_id: z.string().optional(),
  agent: z
    .object({ name: z.string(), model_name: z.string().nullable().optional() })
    .passthrough()
    .optional(),
  steps: z.array(step).min(1),
  final_metrics: z.record(z.string(), z.unknown()).nullable().optional(),
});

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value
      .map((p) =>
        isRecord(p) && typeof p.text === 'string'
          ? p.text
          : isRecord(p)
            ? `[${str(p.type)}]`
            : str(p),
      )
      .join('\n');
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

export const atifImporter = defineImporter({
  id: 'atif',
  label: 'Agent Trajectory Interchange Format (ATIF)',
  near: {
    sniff: (v) =>
      isRecord(v) && typeof v.schema_version === 'string' && /atif/i.test(v.schema_version),
    schema: trajectory,
  },
  detect: (value) => parsedBy(trajectory, value),
  import(t, fileName) {
    const list = new StepList({ format: 'atif', file: fileName });
    let subagents = 0;
    t.steps.forEach((s, i) => {
      const pointer = `/steps/${i}`;
      const ts = isoToUnix(s.timestamp ?? undefined);
      const time = ts === undefined ? {} : { timestamp: ts };
      const message = text(s.message);
      const results = s.observation?.results ?? [];
      subagents += results.filter((r) => (r.subagent_trajectory_ref?.length ?? 0) > 0).length;
      if (s.source === 'system')
        list.add({ kind: 'system-prompt', content: message, ...time }, pointer);
      else if (s.source === 'user') list.add({ kind: 'task', task: message, ...time }, pointer);
      else {
        const byCall = new Map(
          results.flatMap((r) => (r.source_call_id ? [[r.source_call_id, text(r.content)]] : [])),
        );
        const calls: ToolCall[] = (s.tool_calls ?? []).map((c) => {
          const result = byCall.get(c.tool_call_id);
          return {
            id: c.tool_call_id,
            name: c.function_name,
            arguments: keptArguments(c.arguments),
            ...(result === undefined ? {} : { result }),
          };
        });
        const loose = results
          .filter(
            (r) =>
              !r.source_call_id ||
              !byCall.has(r.source_call_id) ||
              !calls.some((c) => c.id === r.source_call_id),
          )
          .map((r) => text(r.content));
        // ATIF's MetricsSchema: prompt_tokens is every input token, cached_tokens a part of it;
        // Anthropic's cache writes go in metrics.extra (RFC 0001 "Token Accounting").
        const m = s.metrics ?? {};
        const extra = isRecord(m.extra) ? m.extra : {};
        const u = declaredTotal(
          usage({
            inputTokens: m.prompt_tokens,
            outputTokens: m.completion_tokens,
            cacheReadInputTokens: m.cached_tokens,
            cacheCreationInputTokens: extra.cache_creation_input_tokens,
            costUsd: m.cost_usd,
          }),
        );
        list.addAction(
          {
            toolCalls: calls,
            modelOutput: message,
            thought: s.reasoning_content ?? undefined,
            observation: loose.length > 0 ? loose.join('\n') : undefined,
            usage: u,
            model: s.model_name ?? undefined,
            timestamp: ts,
          },
          pointer,
        );
      }
    });
    if (subagents > 0)
      list.warn(
        `${subagents} observation(s) refer to sub-agent trajectories in other files (subagent_trajectory_ref); open those files to see them`,
      );
    const fm = t.final_metrics ?? {};
    const u = declaredTotal(
      usage({
        inputTokens: fm.total_prompt_tokens,
        outputTokens: fm.total_completion_tokens,
        cacheReadInputTokens: fm.total_cached_tokens,
        costUsd: fm.total_cost_usd,
      }),
    );
    const history: History = {
      id: t.session_id ?? fileName,
      title: `${t.agent?.name ?? 'agent'} · ${t.session_id ?? fileName}`,
      format: 'atif',
      steps: list.markFinal(),
      ...(t.agent?.model_name ? { model: t.agent.model_name } : {}),
      ...(u ? { usage: u } : {}),
    };
    return { file: { histories: [history] }, warnings: list.warnings };
  },
});
