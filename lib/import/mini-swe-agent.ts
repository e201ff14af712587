/**
 * mini-swe-agent trajectories (SWE-agent/mini-swe-agent `run/utils/save.py`; ../shared/fixtures/
 * MANIFEST.md "mini-swe-agent"):
 * - v2 `{trajectory_format: "mini-swe-agent-1.x", info, messages}`: litellm/OpenAI messages with
 *   `extra` (cost, timestamp, the raw response and its usage), tool messages by `tool_call_id`, and
 *   a last message with the non-standard role `exit` holding the submission;
 * - v1 bare lists `[{role, content}]`: the command in a ```mswea_bash_command``` block of the
 *   assistant text, its output (`<returncode>…</returncode><output>…`) in the next user message.
 */
import { z } from 'zod';
import type { History, ToolCall } from '../model/types';
import { addObservationStyle } from './observation-style';
import { defineImporter, parsedBy } from './types';
import { isoToUnix, isRecord, num, parseArguments, StepList, str, usage } from './util';

const v1 = z
  .array(z.object({ role: z.enum(['system', 'user', 'assistant', 'exit']), content: z.string() }))
  .min(2);
const v2Message = z
  .object({
    role: z.string(),
    content: z.unknown(),
    tool_calls: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
    tool_call_id: z.string().optional(),
    extra: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
const v2 = z.object({
  trajectory_format: z.string().regex(/^mini-swe-agent/),
  messages: z.array(v2Message),
  info: z.record(z.string(), z.unknown()).optional(),
});

function isV1(value: unknown): boolean {
  const parsed = parsedBy(v1, value);
  return (
    parsed !== undefined &&
    parsed.some(
      (m) =>
        (m.role === 'assistant' && m.content.includes('```mswea_bash_command')) ||
        (m.role === 'user' && m.content.includes('<returncode>')),
    )
  );
}

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : JSON.stringify(b)))
      .join('\n');
  return content === null || content === undefined ? '' : JSON.stringify(content);
}

function importV2(
  t: z.infer<typeof v2>,
  fileName: string,
): { history: History; warnings: StepList['warnings'] } {
  const list = new StepList({ format: 'mini-swe-agent', file: fileName });
  t.messages.forEach((m, i) => {
    const pointer = `/messages/${i}`;
    const extra = m.extra ?? {};
    const timestamp = isoToUnix(extra.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    const body = text(m.content);
    if (m.role === 'system') list.add({ kind: 'system-prompt', content: body, ...time }, pointer);
    else if (m.role === 'user') list.add({ kind: 'task', task: body, ...time }, pointer);
    else if (m.role === 'exit') list.add({ kind: 'final-answer', answer: body, ...time }, pointer);
    else if (m.role === 'assistant') {
      const calls: ToolCall[] = (m.tool_calls ?? []).map((c, j) => {
        const fn = isRecord(c.function) ? c.function : {};
        return {
          id: str(c.id ?? `call_${j}`),
          name: str(fn.name ?? ''),
          arguments: parseArguments(fn.arguments),
        };
      });
      const response = isRecord(extra.response) ? extra.response : {};
      const u = isRecord(response.usage)
        ? usage({
            inputTokens: response.usage.prompt_tokens,
            outputTokens: response.usage.completion_tokens,
            totalTokens: response.usage.total_tokens,
            costUsd: num(extra.cost),
          })
        : usage({ costUsd: extra.cost });
      list.add(
        {
          kind: 'action',
          toolCalls: calls,
          isFinal: false,
          ...(body ? { modelOutput: body } : {}),
          ...(u ? { usage: u } : {}),
          ...(typeof response.model === 'string' ? { model: response.model } : {}),
          ...time,
        },
        pointer,
      );
    } else if (m.role === 'tool') {
      if (
        !m.tool_call_id ||
        !list.linkResult(
          m.tool_call_id,
          body,
          typeof extra.returncode === 'number' && extra.returncode !== 0,
        )
      ) {
        list.warn(
          `message ${i}: a tool message answers no earlier tool call (${m.tool_call_id ?? 'no id'}); kept as an observation`,
          pointer,
        );
        list.add(
          { kind: 'action', toolCalls: [], observation: body, isFinal: false, ...time },
          pointer,
        );
      }
    } else
      list.warn(
        `message ${i}: role "${m.role}" is not one mini-swe-agent writes; skipped`,
        pointer,
      );
  });
  const info = t.info ?? {};
  const stats = isRecord(info.model_stats) ? info.model_stats : {};
  const config = isRecord(info.config) && isRecord(info.config.model) ? info.config.model : {};
  const cost = usage({ costUsd: stats.instance_cost });
  return {
    history: {
      id: fileName,
      title: fileName,
      format: 'mini-swe-agent',
      steps: list.markFinal(),
      ...(typeof config.model_name === 'string' ? { model: config.model_name } : {}),
      ...(cost ? { usage: cost } : {}),
      ...(typeof info.exit_status === 'string' ? { outcome: info.exit_status } : {}),
    },
    warnings: list.warnings,
  };
}

export const miniSweAgentImporter = defineImporter({
  id: 'mini-swe-agent',
  label: 'mini-swe-agent trajectory',
  near: { sniff: (v) => isRecord(v) && 'trajectory_format' in v, schema: v2 },
  detect: (value): { v2: z.infer<typeof v2> } | { v1: z.infer<typeof v1> } | undefined => {
    const modern = parsedBy(v2, value);
    if (modern) return { v2: modern };
    return isV1(value) ? { v1: v1.parse(value) } : undefined;
  },
  import(parsed, fileName) {
    if ('v2' in parsed) {
      const { history, warnings } = importV2(parsed.v2, fileName);
      return { file: { histories: [history] }, warnings };
    }
    const list = new StepList({ format: 'mini-swe-agent', file: fileName });
    const messages = parsed.v1;
    addObservationStyle(
      list,
      messages.map((m, i) => ({
        role: m.role === 'exit' ? 'user' : m.role,
        text: m.content,
        pointer: `/${i}`,
      })),
    );
    return {
      file: {
        histories: [
          { id: fileName, title: fileName, format: 'mini-swe-agent', steps: list.markFinal() },
        ],
      },
      warnings: list.warnings,
    };
  },
});
