/**
 * A smolagents run's steps: its chat messages (tool-call and tool-response roles, Python-repr calls
 * parsed back) or, in GAIA logs, the repr strings of its steps. Part of the smolagents importer
 * (smolagents.ts); parseCallingTools is shared with the OpenTelemetry importer.
 */
import { z } from 'zod';
import type { ToolCall } from '../model/types';
import { isPythonCall, parsePythonLiteral, type PythonCall } from './python-literal';
import type { StepList } from './util';
import { actionDraft, isRecord, num, parseArguments, str } from './util';

export const chatMessage = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool-call', 'tool-response']),
  content: z.union([
    z.string(),
    z.array(z.object({ type: z.string(), text: z.string().optional() }).passthrough()),
    z.null(),
  ]),
});
export function textOf(content: z.infer<typeof chatMessage>['content']): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((b) => b.text ?? `[${b.type}]`).join('\n');
}

/** "Calling tools:\n[{'id': …, 'function': {'name', 'arguments'}}]" → tool calls. */
export function parseCallingTools(text: string): ToolCall[] | undefined {
  const body = text.replace(/^Calling tools:\s*/, '');
  try {
    const list = parsePythonLiteral(body);
    if (!Array.isArray(list)) return undefined;
    const items: readonly unknown[] = list;
    return items.filter(isRecord).map((c, i) => {
      const fn = isRecord(c.function) ? c.function : {};
      return {
        id: str(c.id ?? `call_${i}`),
        name: str(fn.name ?? ''),
        arguments: parseArguments(fn.arguments),
      };
    });
  } catch {
    return undefined;
  }
}

/** Benchmark runs: `write_memory_to_messages()` output. */
export function fromMessages(list: readonly unknown[], steps: StepList, pointer: string): void {
  list.forEach((raw, i) => {
    const at = `${pointer}/${i}`;
    const parsed = chatMessage.safeParse(raw);
    if (!parsed.success) {
      steps.warn(`message ${i} is not a smolagents chat message; skipped`, at);
      return;
    }
    const text = textOf(parsed.data.content);
    const last = steps.steps.at(-1);
    switch (parsed.data.role) {
      case 'system':
        steps.add({ kind: 'system-prompt', content: text }, at);
        return;
      case 'user': {
        // An action's observation images come as a user message of images only, between its
        // tool-call and tool-response messages (memory.py ActionStep.to_messages): the tool's output.
        const content = parsed.data.content;
        const imagesOnly =
          Array.isArray(content) && content.length > 0 && content.every((b) => b.type === 'image');
        if (imagesOnly && last?.kind === 'action') {
          steps.updateLast((s) =>
            s.kind === 'action'
              ? { ...s, observation: [s.observation, text].filter(Boolean).join('\n') }
              : s,
          );
          return;
        }
        steps.add({ kind: 'task', task: text.replace(/^New task:\n/, '') }, at);
        return;
      }
      case 'assistant':
        // The message's text, an empty one too: smolagents sent the model that message.
        steps.add({ ...actionDraft({}), modelOutput: text }, at);
        return;
      case 'tool-call': {
        const calls = parseCallingTools(text);
        if (!calls)
          steps.warn(
            `message ${i}: the tool calls could not be read ("${text.slice(0, 40)}…"); kept as text`,
            at,
          );
        const toolCalls = calls ?? [];
        if (
          last?.kind === 'action' &&
          last.toolCalls.length === 0 &&
          last.observation === undefined &&
          last.error === undefined
        ) {
          steps.updateLast((s) =>
            s.kind === 'action' ? { ...s, toolCalls, ...(calls ? {} : { observation: text }) } : s,
          );
        } else steps.addAction({ toolCalls, modelOutput: calls ? undefined : text }, at);
        return;
      }
      case 'tool-response': {
        // "Observation:\n…", "Error:\n…", or "Call id: <id>\nError:\n…" when the failed step made
        // a call (memory.py ActionStep.to_messages): that call's result, an error.
        const head = /^(?:Call id: ([^\n]*)\n)?(Observation|Error):\n/.exec(text);
        const error = head?.[2] === 'Error';
        const failedCall = error ? head?.[1] : undefined;
        const body = head ? text.slice(head[0].length) : text;
        if (last?.kind !== 'action') {
          steps.warn(
            `message ${i}: a tool response with no action before it; kept as an observation`,
            at,
          );
          steps.addAction({ observation: text }, at);
          return;
        }
        steps.updateLast((s) => {
          if (s.kind !== 'action') return s;
          const answered = s.toolCalls.findIndex(
            (c) => c.id === failedCall && c.result === undefined,
          );
          if (answered >= 0)
            return {
              ...s,
              toolCalls: s.toolCalls.map((c, k) =>
                k === answered ? { ...c, result: body, isError: true } : c,
              ),
            };
          if (error) return { ...s, error: body };
          // One observation answers all of a step's calls (smolagents runs them and joins the output).
          if (s.toolCalls.length === 1)
            return { ...s, toolCalls: s.toolCalls.map((c) => ({ ...c, result: body })) };
          return { ...s, observation: body };
        });
        return;
      }
    }
  });
}

export function reprText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (isPythonCall(value))
    return `${value.$class}(${[...value.args.map((a) => JSON.stringify(a)), ...Object.entries(value.kwargs).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)].join(', ')})`;
  return JSON.stringify(value);
}

/** GAIA submission runs: each step a `repr()` string. */
export function fromReprSteps(list: readonly unknown[], steps: StepList, pointer: string): number {
  let unread = 0;
  list.forEach((raw, i) => {
    const at = `${pointer}/${i}`;
    let call: PythonCall | undefined;
    try {
      const parsed = typeof raw === 'string' ? parsePythonLiteral(raw) : undefined;
      call = isPythonCall(parsed) ? parsed : undefined;
    } catch (error) {
      steps.warn(
        `step ${i}: the repr could not be read (${error instanceof Error ? error.message : str(error)}); kept as text`,
        at,
      );
    }
    if (!call) {
      unread++;
      steps.add({ kind: 'scratchpad', content: str(raw), modelOutput: '' }, at);
      return;
    }
    const k = call.kwargs;
    if (call.$class === 'SystemPromptStep')
      steps.add({ kind: 'system-prompt', content: str(k.system_prompt ?? '') }, at);
    else if (call.$class === 'TaskStep') steps.add({ kind: 'task', task: str(k.task ?? '') }, at);
    else if (call.$class === 'PlanningStep')
      steps.add(
        {
          kind: 'planning',
          plan: [k.facts, k.plan].filter((x) => typeof x === 'string').join('\n\n'),
        },
        at,
      );
    else if (call.$class === 'ActionStep') {
      const calls = Array.isArray(k.tool_calls) ? k.tool_calls.filter(isPythonCall) : [];
      const observation = reprText(k.observations);
      const toolCalls = calls.map((c, j) => ({
        id: str(c.kwargs.id ?? `call_${j}`),
        name: str(c.kwargs.name ?? ''),
        arguments: parseArguments(c.kwargs.arguments),
        ...(calls.length === 1 && observation !== undefined ? { result: observation } : {}),
      }));
      const start = num(k.start_time);
      const duration = num(k.duration);
      const error = reprText(k.error);
      const output = reprText(k.llm_output);
      steps.addAction(
        {
          toolCalls,
          modelOutput: output,
          observation: calls.length !== 1 && observation ? observation : undefined,
          error,
          timestamp: start,
          durationMs: duration === undefined ? undefined : Math.round(duration * 1000),
        },
        at,
      );
    } else {
      unread++;
      steps.add({ kind: 'scratchpad', content: str(raw), modelOutput: '' }, at);
    }
  });
  return unread;
}
