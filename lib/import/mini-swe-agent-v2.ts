/**
 * mini-swe-agent's `{trajectory_format, info, messages}` files (SWE-agent/mini-swe-agent): 1.x
 * writes `mini-swe-agent-1` (`run/utils/save.py`), 2.x `mini-swe-agent-1.1` (`agents/default.py`
 * `serialize`). Part of the mini-swe-agent importer (mini-swe-agent.ts).
 *
 * Who writes which message (`agents/default.py`, `agents/interactive.py` at v1.17.5 and v2.4.6):
 * - the task is the first user message (`instance_template`); the model's turns are `assistant`
 *   messages, with `extra.response` (LiteLLM's response: model, usage) and, from 2.x, `extra.cost`;
 * - without tool calls (all of 1.x, 2.x's text-based models) the command is a fenced block of the
 *   text (`action_regex`: ```bash in 1.x, ```mswea_bash_command in 2.x), and what the environment
 *   says back is the next user message: the output (`action_observation_template`:
 *   `<returncode>`, `<output>` or `<warning>` + `<output_head>`/`<elided_chars>`/`<output_tail>`),
 *   a `timeout_template` message, or a `format_error_template` message when the turn held no
 *   single command. By structure, a user message right after an assistant turn answers it: the
 *   action's observation, never a new task;
 * - with tool calls (2.x) outputs are `tool` messages linked by `tool_call_id`; a format error is
 *   a user message with `extra.interrupt_type: FormatError`, also right after the turn;
 * - a person's words in the interactive agent (a new task, an interruption, a rejected command:
 *   1.x's fixed prefixes, 2.x's other `interrupt_type`s) are user turns;
 * - the end: 2.x writes an `exit` message (the submission, or the exit status); 1.x a last user
 *   message holding `str(exception)`: the submission (`info.submission`) when `Submitted`, empty
 *   when `LimitsExceeded`.
 */
import { z } from 'zod';
import type { History, ToolCall, Usage } from '../model/types';
import { ImportError } from '../model/errors';
import { litellmUsage } from './usage-conventions';
import { isoToUnix, isRecord, num, parseArguments, StepList, str, usage } from './util';

const message = z
  .object({
    role: z.string(),
    content: z.unknown(),
    tool_calls: z.array(z.record(z.string(), z.unknown())).nullable().optional(),
    tool_call_id: z.string().optional(),
    extra: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
export const trajectory = z
  .object({
    trajectory_format: z.string().regex(/^mini-swe-agent/),
    messages: z.array(message),
    info: z.record(z.string(), z.unknown()).optional(),
    instance_id: z.unknown().optional(),
  })
  .passthrough();
export type Trajectory = z.infer<typeof trajectory>;
type Message = z.infer<typeof message>;

/** What 1.x's interactive agent writes for a person's input (`agents/interactive.py`). */
const HUMAN_PREFIXES = [
  'The user added a new task: ',
  'Interrupted by user: ',
  'Command not executed. ',
];

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : JSON.stringify(b)))
      .join('\n');
  return content === null || content === undefined ? '' : JSON.stringify(content);
}

/** A person's words rather than the environment's answer to the model's turn. */
function isHuman(m: Message, body: string): boolean {
  const kind = m.extra?.interrupt_type;
  if (typeof kind === 'string') return kind !== 'FormatError';
  return HUMAN_PREFIXES.some((p) => body.startsWith(p));
}

/** The model's tool calls (2.x tool-calling models), as LiteLLM wrote them. */
function callsOf(m: Message): ToolCall[] {
  return (m.tool_calls ?? []).map((c, j) => {
    const fn = isRecord(c.function) ? c.function : {};
    return {
      id: str(c.id ?? `call_${j}`),
      name: str(fn.name ?? ''),
      arguments: parseArguments(fn.arguments),
    };
  });
}

/** A model call's usage (LiteLLM's response usage, else the recorded cost) and model, as step fields. */
function billedCall(response: unknown, cost: unknown): { usage?: Usage; model?: string } {
  const r = isRecord(response) ? response : {};
  const u = isRecord(r.usage) ? litellmUsage(r.usage, num(cost)) : usage({ costUsd: cost });
  return {
    ...(u ? { usage: u } : {}),
    ...(typeof r.model === 'string' ? { model: r.model } : {}),
  };
}

export function importTrajectory(
  t: Trajectory,
  fileName: string,
): { history: History; warnings: StepList['warnings'] } {
  const list = new StepList({ format: 'mini-swe-agent', file: fileName });
  const info = t.info ?? {};
  const last = t.messages.length - 1;
  t.messages.forEach((m, i) => {
    const pointer = `/messages/${i}`;
    const extra = m.extra ?? {};
    // 2.x stamps `extra.timestamp`; 1.x from 1.14 a top-level `timestamp`.
    const timestamp = isoToUnix(extra.timestamp ?? m.timestamp);
    const time = timestamp === undefined ? {} : { timestamp };
    const body = text(m.content);
    const previous = t.messages[i - 1];
    const step = list.steps.at(-1);
    switch (m.role) {
      case 'system':
        list.add({ kind: 'system-prompt', content: body, ...time }, pointer);
        return;
      case 'exit':
        // 2.x ends every run with an `exit` message: the submission when the model submitted,
        // else the reason the framework stopped it (LimitsExceeded, TimeExceeded, …): no answer.
        if (typeof extra.exit_status === 'string' && extra.exit_status !== 'Submitted')
          list.warn(`message ${i}: the run was stopped (${extra.exit_status}); no answer`, pointer);
        else list.add({ kind: 'final-answer', answer: body, ...time }, pointer);
        return;
      case 'assistant': {
        list.addAction(
          {
            toolCalls: callsOf(m),
            modelOutput: body,
            ...billedCall(extra.response, extra.cost),
            timestamp,
          },
          pointer,
        );
        return;
      }
      case 'tool': {
        const failed = typeof extra.returncode === 'number' && extra.returncode !== 0;
        if (m.tool_call_id && list.linkResult(m.tool_call_id, body, failed)) return;
        list.warn(
          `message ${i}: a tool message answers no earlier tool call (${m.tool_call_id ?? 'no id'}); kept as an observation`,
          pointer,
        );
        list.addAction({ observation: body, timestamp }, pointer);
        return;
      }
      case 'user': {
        if (extra.interrupt_type === 'FormatError' && previous?.role !== 'assistant') {
          // 2.x raises FormatError while parsing the model's reply (`model.query`), so the reply
          // never joins the messages: the error stands for a billed call whose output is lost.
          list.addAction(
            { observation: body, ...billedCall(extra.model_response, extra.cost), timestamp },
            pointer,
          );
          return;
        }
        const answersTurn = previous?.role === 'assistant' && !isHuman(m, body);
        if (
          i === last &&
          answersTurn &&
          info.exit_status === 'Submitted' &&
          info.submission === body
        ) {
          // 1.x: `Submitted` ends the run with the submission as a user message.
          list.add({ kind: 'final-answer', answer: body, ...time }, pointer);
        } else if (answersTurn && step?.kind === 'action')
          list.updateLast((s) => (s.kind === 'action' ? { ...s, observation: body } : s));
        else if (typeof extra.returncode === 'number') {
          // A command's output with no model turn before it (2.x's human mode runs a person's).
          list.warn(
            `message ${i}: a command's output follows no model turn; kept as an observation`,
            pointer,
          );
          list.addAction({ observation: body, timestamp }, pointer);
        } else if (body === '')
          list.warn(
            `message ${i}: an empty user message (how 1.x ends a run on its limits) is not a step`,
            pointer,
          );
        else list.add({ kind: 'task', task: body, ...time }, pointer);
        return;
      }
      default:
        list.warn(
          `message ${i}: role "${m.role}" is not one mini-swe-agent writes; skipped`,
          pointer,
        );
    }
  });
  if (list.steps.length === 0)
    throw new ImportError(`${fileName}: the trajectory holds no message the model saw`);
  const stats = isRecord(info.model_stats) ? info.model_stats : {};
  const config = isRecord(info.config) && isRecord(info.config.model) ? info.config.model : {};
  const cost = usage({ costUsd: stats.instance_cost });
  const meta = {
    ...(typeof stats.api_calls === 'number' ? { apiCalls: stats.api_calls } : {}),
    ...(typeof info.mini_version === 'string' ? { miniVersion: info.mini_version } : {}),
  };
  return {
    history: {
      id: fileName,
      title: typeof t.instance_id === 'string' ? t.instance_id : fileName,
      format: 'mini-swe-agent',
      steps: list.markFinal(),
      ...(typeof config.model_name === 'string' ? { model: config.model_name } : {}),
      ...(cost ? { usage: cost } : {}),
      ...(typeof info.exit_status === 'string' ? { outcome: info.exit_status } : {}),
      ...(Object.keys(meta).length > 0 ? { meta } : {}),
    },
    warnings: list.warnings,
  };
}
