/**
 * An agent's conversation across its model calls (the first input, then each call's new inputs and
 * output), and its steps: tool calls linked to their results, tool spans filling in what the messages
 * lack. Part of the OpenTelemetry importer (otel.ts).
 */
import type { ToolCall } from '../model/types';
import { parseCallingTools } from './smolagents-steps';
import type { Call, Msg, Part } from './otel-messages';
import { isAgentSpan, text, type Span } from './otel-spans';
import type { StepList } from './util';
import { isRecord, nanosToUnix, parseArguments } from './util';

export const same = (a: Msg, b: Msg) => JSON.stringify(a) === JSON.stringify(b);

/** The conversation across an agent's calls: first input, then each call's new inputs and output. */
export function conversation(calls: readonly Call[]): {
  msgs: Msg[];
  outputOf: Map<Msg, Call>;
  inputOf: Map<Msg, Call>;
} {
  const msgs: Msg[] = [];
  const outputOf = new Map<Msg, Call>();
  const inputOf = new Map<Msg, Call>();
  // OpenLLMetry's OpenAI Agents instrumentation also writes the agent's first input and last output
  // on its `invoke_agent` span: the run's ends, not a model call, when the agent's own model-call
  // spans are there (read first, it put the final answer before the question's tool calls).
  const own = calls.filter((c) => !isAgentSpan(c.span));
  for (const c of own.length > 0 ? own : calls) {
    if (c.system && !msgs.some((m) => m.role === 'system'))
      msgs.push({ role: 'system', parts: [{ type: 'text', content: c.system }] });
    const cumulative =
      c.input.length >= msgs.length && msgs.every((m, i) => c.input[i]?.role === m.role);
    const fresh = cumulative
      ? c.input.slice(msgs.length)
      : c.input.filter((m) => m.role !== 'assistant' && !msgs.some((x) => same(x, m)));
    msgs.push(...fresh);
    for (const m of fresh) inputOf.set(m, c);
    // A call whose span records its input and usage but no output is still a billed call: an
    // empty reply keeps its place and its usage (addConversation says the output was not recorded).
    const output =
      c.output.length === 0 && c.usage && !c.unrecorded && !c.conversation
        ? [{ role: 'assistant', parts: [] }]
        : c.output;
    for (const o of output) {
      msgs.push(o);
      outputOf.set(o, c);
    }
  }
  return { msgs, outputOf, inputOf };
}

/** A tool span as the tool call it records (arguments and result when its exporter kept them). */
export function toolCallOfSpan(t: Span): ToolCall {
  const isError = 'error.type' in t.attrs || (isRecord(t.status) && t.status.code === 'ERROR');
  const result = t.attrs['gen_ai.tool.call.result'] ?? t.attrs['output.value'];
  return {
    id: text(t.attrs['gen_ai.tool.call.id'] ?? t.attrs['tool.id']) || t.id,
    name:
      text(t.attrs['gen_ai.tool.name'] ?? t.attrs['tool.name']) || t.name.replace(/\.tool$/, ''),
    arguments: parseArguments(
      t.attrs['gen_ai.tool.call.arguments'] ?? t.attrs['input.value'] ?? {},
    ),
    ...(result !== undefined
      ? { result: text(result) }
      : isError
        ? { result: `error: ${text(t.attrs['error.type'])}` }
        : {}),
    ...(isError ? { isError: true } : {}),
  };
}

/** The result a call already holds in the steps so far (the latest call with that id). */
function resultOf(list: StepList, id: string): string | undefined {
  if (!id) return undefined;
  for (let i = list.steps.length - 1; i >= 0; i--) {
    const s = list.steps[i];
    const call = s?.kind === 'action' ? s.toolCalls.find((c) => c.id === id) : undefined;
    if (call) return call.result;
  }
  return undefined;
}

export function addConversation(
  list: StepList,
  msgs: readonly Msg[],
  outputOf: Map<Msg, Call>,
  inputOf: Map<Msg, Call>,
  tools: readonly Span[],
): void {
  const used = new Set<Span>();
  const toolResult = (call: ToolCall): { result: string; isError: boolean } | undefined => {
    const s = tools.find(
      (t) =>
        !used.has(t) &&
        (t.attrs['gen_ai.tool.call.id'] === call.id ||
          t.attrs['tool.id'] === call.id ||
          (t.attrs['gen_ai.tool.name'] ?? t.attrs['tool.name'] ?? t.name.replace(/\.tool$/, '')) ===
            call.name),
    );
    if (!s) return undefined;
    used.add(s);
    const result =
      s.attrs['gen_ai.tool.call.result'] ??
      s.attrs['output.value'] ??
      s.attrs['gcp.vertex.agent.tool_response'];
    const isError = 'error.type' in s.attrs || (isRecord(s.status) && s.status.code === 'ERROR');
    return {
      result:
        result === undefined
          ? isError
            ? `error: ${text(s.attrs['error.type'])}`
            : ''
          : text(result),
      isError,
    };
  };
  let positional = 0;
  // Gemini's function calls as ADK sends them carry no id: a response answers the oldest call
  // without one (Gemini pairs them by order), so each gets a name here, its results in that order.
  const waitingUnnamed: string[] = [];
  const unnamed = (i: number, k: number) => {
    const id = `call_${i}_${k}`;
    waitingUnnamed.push(id);
    return id;
  };
  for (const [i, m] of msgs.entries()) {
    const call = outputOf.get(m);
    const pointer = (call ?? inputOf.get(m))?.span.pointer ?? '';
    const timestamp = call ? nanosToUnix(call.span.start.toString()) : undefined;
    const textOf = (type: 'text' | 'reasoning') =>
      m.parts
        .flatMap((p) =>
          (p.type === 'text' || p.type === 'reasoning') && p.type === type ? [p.content] : [],
        )
        .join('\n');
    const body = textOf('text');
    const reasoning = textOf('reasoning');
    const responses = m.parts.filter(
      (p): p is Extract<Part, { type: 'tool_call_response' }> => p.type === 'tool_call_response',
    );
    let calls: ToolCall[] = m.parts
      .filter((p): p is Extract<Part, { type: 'tool_call' }> => p.type === 'tool_call')
      .map((p, k) => ({ id: p.id || unnamed(i, k), name: p.name, arguments: p.arguments }));
    if (m.role === 'system') list.add({ kind: 'system-prompt', content: body }, pointer);
    else if (m.role === 'tool-call') {
      // smolagents: the calls are Python-repr text in their own message, after the assistant's.
      calls = parseCallingTools(body) ?? [];
      const last = list.steps.at(-1);
      if (last?.kind === 'action' && last.toolCalls.length === 0)
        list.updateLast((s) => (s.kind === 'action' ? { ...s, toolCalls: calls } : s));
      else list.addAction({ toolCalls: calls }, pointer);
    } else if (m.role === 'assistant' || m.role === 'model') {
      if (call && m.parts.length === 0)
        list.warn(
          `model call span ${call.span.id}: records its input and usage but no output; shown as an empty reply with its usage`,
          pointer,
        );
      const withResults = calls.map((c) => ({ ...c, ...(toolResult(c) ?? {}) }));
      const ownCall = call && !call.conversation ? call : undefined;
      list.addAction(
        {
          toolCalls: withResults.map(({ result, isError, ...c }) => ({
            ...c,
            ...(result === undefined ? {} : { result }),
            ...(isError ? { isError } : {}),
          })),
          modelOutput: body,
          thought: reasoning,
          usage: ownCall?.usage,
          model: call?.model,
          timestamp,
          durationMs: ownCall && Number((ownCall.span.end - ownCall.span.start) / 1_000_000n),
        },
        pointer,
      );
    } else if (m.role === 'tool' || m.role === 'tool-response' || responses.length > 0) {
      const items =
        responses.length > 0
          ? responses
          : [{ id: '', response: body.replace(/^(Observation|Error):\n/, '') }];
      for (const r of items) {
        const id = r.id || (responses.length > 0 ? waitingUnnamed.shift() : undefined) || r.id;
        // The call's tool span already gave it this result: the model was sent it once.
        if (resultOf(list, id) === r.response) continue;
        if (list.linkResult(id, r.response)) continue;
        // Some exporters give results other ids than their calls: link to the oldest call still waiting.
        if (list.linkWaiting(r.response)) positional++;
        else {
          list.warn(
            `message ${i}: a tool result answers no call (${r.id || 'no id'}); kept as an observation`,
            pointer,
          );
          list.addAction({ observation: r.response }, pointer);
        }
      }
    } else if (body.trim() !== '') list.add({ kind: 'task', task: body }, pointer);
  }
  if (positional > 0)
    list.warn(
      `${positional} tool result(s) carry other ids than their calls; matched to calls in order`,
    );
  // Tool calls recorded only as tool spans (the messages hold the question and the answer).
  const left = tools.filter((t) => !used.has(t));
  if (left.length === 0 || !msgs.some((m) => m.role === 'assistant')) return;
  const answer = list.steps.at(-1);
  const drafts = left.map((t) => ({ call: toolCallOfSpan(t), t }));
  if (answer?.kind === 'action') list.steps.pop();
  for (const { call, t } of drafts)
    list.addAction({ toolCalls: [call], timestamp: nanosToUnix(t.start.toString()) }, t.pointer);
  if (answer?.kind === 'action') list.add({ ...answer }, answer.source?.pointer ?? '');
  list.warn(
    `${left.length} tool call(s) are recorded only as tool spans, not in the messages; shown as actions before the answer`,
  );
}
