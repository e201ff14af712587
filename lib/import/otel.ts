/**
 * OpenTelemetry span exports of agent runs: GenAI semantic conventions (`gen_ai.*`, messages as
 * JSON strings of `{role, parts}`), OpenInference (`llm.input_messages.<i>.message.*` flattened
 * keys, `openinference.span.kind`) and Google ADK (`gcp.vertex.agent.llm_request` with Gemini
 * `contents`). Specs: opentelemetry.io/docs/specs/semconv/gen-ai/, github.com/Arize-ai/openinference
 * `spec/semantic_conventions.md`; ../shared/fixtures/MANIFEST.md "otel-genai".
 *
 * Spans arrive in any order: the tree is rebuilt from parent ids and each agent's model calls are
 * read in start-time order. Every call resends the history, so the conversation is its first call's
 * input plus, for each call, the new input messages and the output. Tool spans fill in results the
 * messages lack. Agents started from another agent's tool call become its sub-agent histories.
 * Nanosecond times are read as exact integers (they pass 2^53; lib/import/read.ts keeps them as text).
 */

import { agentopsSpans } from './otel-agentops';
import { addConversation, conversation } from './otel-conversation';
import { bareCallOf, callOf, type Call } from './otel-messages';
import { addCallTimeline } from './otel-timeline';
import {
  isAgentSpan,
  isLlmSpan,
  isToolSpan,
  nearSpans,
  readSpans,
  text,
  toSpans,
  type Span,
} from './otel-spans';
import { looksLikeOtlp } from './otlp';
import type { ChildHistory, History } from '../model/types';
import { defineImporter, type ImportWarning } from './types';
import { ImportError } from '../model/errors';
import { isRecord, StepList } from './util';

/** An AgentOps export's spans (none when the value is not one). */
function agentopsSpanList(value: unknown): Span[] {
  const found = agentopsSpans(value);
  return found ? toSpans(found.list, found.prefix) : [];
}

/** An agent span that records its whole conversation, as one call without per-call usage. */
function conversationCall(s: Span): Call | undefined {
  const call = callOf(s);
  return call && { ...call, conversation: true };
}

/**
 * An agent's model calls and tool spans. A group exists once a call or a tool joined it: `first` is
 * that span (the first tool when it has no call).
 */
interface Group {
  readonly agent?: Span;
  readonly first: Span;
  readonly calls: Call[];
  readonly tools: Span[];
}

/** The span a group of calls and tools is placed by: its agent, else its first call or tool. */
function anchor(g: Group): Span {
  return g.agent ?? g.calls[0]?.span ?? g.first;
}

/** The nearest agent span above a span, through parent ids. */
function agentOf(s: Span, byId: Map<string, Span>): Span | undefined {
  for (
    let p = s.parent ? byId.get(s.parent) : undefined, guard = 0;
    p && guard < 10_000;
    p = p.parent ? byId.get(p.parent) : undefined, guard++
  ) {
    if (isAgentSpan(p)) return p;
  }
  return undefined;
}

/**
 * Model-call spans that hold another model call's span with messages: one request recorded twice,
 * by a framework and by the client library under it (ADK's call_llm and generate_content above
 * OpenLLMetry's openai.chat). The innermost is what was sent; the outer ones are left out.
 */
function outerCalls(
  spans: readonly Span[],
  byId: Map<string, Span>,
  callOfSpan: (s: Span) => Call | undefined,
): Set<string> {
  const outer = new Set<string>();
  for (const s of spans) {
    // ADK's execute_tool spans carry an empty llm_request: a tool, never a model call.
    if (!isLlmSpan(s) || isToolSpan(s) || !callOfSpan(s)) continue;
    for (
      let p = s.parent ? byId.get(s.parent) : undefined, guard = 0;
      p && guard < 10_000;
      p = p.parent ? byId.get(p.parent) : undefined, guard++
    )
      if (isLlmSpan(p) && !isToolSpan(p)) outer.add(p.id);
  }
  return outer;
}

function importTrace(
  spans: readonly Span[],
  fileName: string,
  warnings: ImportWarning[],
): History | undefined {
  const byId = new Map(spans.map((s) => [s.id, s]));
  const order = (a: Span, b: Span) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : a.index - b.index;
  const groups = new Map<string, Group>();
  const keyOf = (s: Span) => (isAgentSpan(s) ? s.id : (agentOf(s, byId)?.id ?? ''));
  // Each model-call span's messages are read once (outerCalls and the groups below both need them).
  const read = new Map<Span, Call | undefined>();
  const callOfSpan = (s: Span) => {
    if (!read.has(s)) read.set(s, callOf(s));
    return read.get(s);
  };
  const nested = outerCalls(spans, byId, callOfSpan);
  if (nested.size > 0)
    warnings.push({
      message: `${nested.size} model-call span(s) holding another model call's span (one request recorded by the framework and by the client library under it) were left out for the innermost`,
    });
  for (const s of [...spans].sort(order)) {
    if (nested.has(s.id)) continue;
    // OpenInference agent spans of the Claude Agent SDK record the whole conversation themselves.
    const recordsConversation =
      isAgentSpan(s) && Object.keys(s.attrs).some((k) => k.startsWith('llm.output_messages.'));
    const call = isLlmSpan(s)
      ? (callOfSpan(s) ?? bareCallOf(s))
      : recordsConversation
        ? conversationCall(s)
        : undefined;
    const tool = !call && isToolSpan(s);
    if (!call && !tool) continue;
    const key = keyOf(s);
    const agent = key ? byId.get(key) : undefined;
    const g = groups.get(key) ?? { ...(agent ? { agent } : {}), first: s, calls: [], tools: [] };
    groups.set(key, g);
    if (call) g.calls.push(call);
    else g.tools.push(s);
  }
  // ADK writes a generate_content span and a call_llm span for one call: keep the one with messages.
  // A sub-agent whose model calls the spans leave out still shows the tools it ran, and so does a
  // trace with no model-call spans at all (AutoGen's own telemetry: agents and tools only).
  const hasCalls = [...groups.values()].some((g) => g.calls.length > 0);
  const built = [...groups.values()]
    .filter((g) => g.calls.length > 0 || (g.tools.length > 0 && (!hasCalls || g.agent)))
    .map((g) => {
      const list = new StepList({ format: 'otel', file: fileName });
      const recorded = g.calls.filter((c) => !c.unrecorded);
      if (recorded.length > 0) {
        const { msgs, outputOf, inputOf } = conversation(recorded);
        addConversation(list, msgs, outputOf, inputOf, g.tools);
      } else addCallTimeline(list, g.calls, g.tools);
      const name = g.agent
        ? text(g.agent.attrs['gen_ai.agent.name'] ?? g.agent.attrs['agent.name']) ||
          g.agent.name.replace(/\.agent$/, '')
        : undefined;
      const agentModel = g.agent?.attrs['llm.model_name'];
      const model =
        g.calls.find((c) => c.model)?.model ??
        (typeof agentModel === 'string' ? agentModel : undefined);
      // A conversation-recording agent span's usage is the whole run's.
      const runUsage = g.calls.find((c) => c.conversation)?.usage;
      const history: History = {
        id: g.agent?.id ?? anchor(g).trace,
        title: name ?? anchor(g).name,
        format: 'otel',
        steps: list.markFinal(),
        ...(model ? { model } : {}),
        ...(recorded.length === 0 ? { meta: { messageText: 'not recorded' } } : {}),
        ...(runUsage ? { usage: runUsage } : {}),
      };
      return { g, name, history, warnings: list.warnings };
    });
  built.sort((a, b) => order(anchor(a.g), anchor(b.g)));
  const [main, ...subs] = built;
  if (!main) return undefined;
  warnings.push(...main.warnings);
  // A sub-agent starts inside the tool call of the agent that asked it.
  const calls = main.history.steps.flatMap((st) =>
    st.kind === 'action' ? st.toolCalls.map((c) => ({ st, c })) : [],
  );
  const children: ChildHistory[] = subs.map((sub) => {
    warnings.push(
      ...sub.warnings.map((w) => ({
        ...w,
        message: `${sub.name ?? sub.history.id}: ${w.message}`,
      })),
    );
    const start = anchor(sub.g).start;
    // The tool span the sub-agent runs under, else the one whose time holds its start.
    const parent = sub.g.agent?.parent;
    const tool =
      main.g.tools.find((t) => t.id === parent) ??
      main.g.tools.find((t) => t.start <= start && start <= t.end);
    const toolCallId = tool ? text(tool.attrs['gen_ai.tool.call.id'] ?? tool.attrs['tool.id']) : '';
    const toolName = tool
      ? text(tool.attrs['gen_ai.tool.name'] ?? tool.attrs['tool.name']) ||
        tool.name.replace(/\.tool$/, '')
      : undefined;
    const host =
      (toolCallId ? calls.find(({ c }) => c.id === toolCallId) : undefined) ??
      calls.find(
        ({ c }) =>
          (toolName && c.name === toolName) ||
          (sub.name && c.name.includes(sub.name.split('_')[0] ?? sub.name)),
      );
    if (!host)
      warnings.push({
        message: `agent ${sub.name ?? sub.history.id}: no tool call of the main agent started it; attached to the first step`,
      });
    // A sub-agent span named only "Agent" (Claude Agent SDK) is titled by the call that started it.
    const args = host && isRecord(host.c.arguments) ? host.c.arguments : {};
    const kind = typeof args.subagent_type === 'string' ? args.subagent_type : undefined;
    const task = typeof args.description === 'string' ? args.description : undefined;
    const title =
      sub.history.title === 'Agent' && kind
        ? `${kind}${task ? ` · ${task}` : ''}`
        : sub.history.title;
    return {
      parentStepId: host?.st.id ?? main.history.steps[0]?.id ?? 's0',
      history: { ...sub.history, ...(title ? { title } : {}) },
    };
  });
  return { ...main.history, ...(children.length > 0 ? { children } : {}) };
}

export const otelImporter = defineImporter({
  id: 'otel',
  label: 'OpenTelemetry GenAI / OpenInference spans',
  near: {
    sniff: (v) => {
      const f = Array.isArray(v) && isRecord(v[0]) ? v[0] : {};
      return (
        'span_id' in f ||
        'spanId' in f ||
        'trace_id' in f ||
        (isRecord(f.context) && 'span_id' in f.context) ||
        looksLikeOtlp(v)
      );
    },
    schema: nearSpans,
  },
  // The spans, read once, when some are model calls or tools.
  detect: (value) => {
    const spans = readSpans(value) ?? agentopsSpanList(value);
    return spans.some((s) => isLlmSpan(s) || isToolSpan(s)) ? spans : undefined;
  },
  import(spans, fileName) {
    const warnings: ImportWarning[] = [];
    const traces = new Map<string, Span[]>();
    for (const s of spans) {
      const trace = traces.get(s.trace);
      if (trace) trace.push(s);
      else traces.set(s.trace, [s]);
    }
    const histories = [...traces.values()].flatMap((t) => {
      const h = importTrace(t, fileName, warnings);
      return h ? [h] : [];
    });
    if (histories.length === 0)
      throw new ImportError(
        'no span is a model call (gen_ai.operation.name chat, an OpenInference LLM span or an ADK llm_request) or a tool',
      );
    const textless = [histories, histories.flatMap((h) => (h.children ?? []).map((c) => c.history))]
      .flat()
      .filter((h) => h.meta?.messageText === 'not recorded');
    if (textless.length > 0) {
      const actions = textless.flatMap((h) => h.steps.filter((s) => s.kind === 'action'));
      const calls = actions.filter((s) => s.kind === 'action' && s.durationMs !== undefined).length;
      const tools = actions.reduce((n, s) => n + (s.kind === 'action' ? s.toolCalls.length : 0), 0);
      warnings.push({
        message: `the spans record no message text for ${textless.length} agent(s) (their exporter did not capture content): shown are ${calls} model call(s) with their reported tokens, model and timing and ${tools} tool call(s) from tool spans; counts or strategies that read the text have none to read`,
      });
    }
    const skipped =
      spans.length - spans.filter((s) => isLlmSpan(s) || isToolSpan(s) || isAgentSpan(s)).length;
    if (skipped > 0)
      warnings.push({
        message: `${skipped} span(s) that are neither model calls, tools nor agents (chains, steps, workflow) only shape the tree`,
      });
    return {
      file: {
        histories: histories.map((h) => ({ ...h, id: histories.length > 1 ? h.id : fileName })),
      },
      warnings,
    };
  },
});
