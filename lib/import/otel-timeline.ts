/**
 * An agent's model calls when its spans record no message text (the GenAI instrumentations capture
 * content only when asked: `OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT`; Claude Code's and
 * AutoGen's own telemetry never do): one action per call with its reported tokens, model and
 * duration, and each tool span as a tool call of the call before it. Part of the OpenTelemetry
 * importer (otel.ts).
 */
import { toolCallOfSpan } from './otel-conversation';
import type { Call } from './otel-messages';
import type { Span } from './otel-spans';
import { actionDraft, isRecord, nanosToUnix, type StepList } from './util';

export function addCallTimeline(
  list: StepList,
  calls: readonly Call[],
  tools: readonly Span[],
): void {
  const events = [
    ...calls.map((c) => ({ at: c.span, call: c })),
    ...tools.map((t) => ({ at: t, call: undefined })),
  ].sort((a, b) =>
    a.at.start < b.at.start ? -1 : a.at.start > b.at.start ? 1 : a.at.index - b.at.index,
  );
  for (const { at, call } of events) {
    const timestamp = nanosToUnix(at.start.toString());
    if (call) {
      const status = isRecord(at.status) ? at.status : {};
      const draft = actionDraft({
        usage: call.usage,
        model: call.model,
        timestamp,
        durationMs: Number((at.end - at.start) / 1_000_000n),
      });
      // A failed call is an error even when its status gives no message (AgentOps writes '').
      list.add(
        status.code === 'ERROR' ? { ...draft, error: String(status.message ?? 'ERROR') } : draft,
        at.pointer,
      );
      continue;
    }
    const tool = toolCallOfSpan(at);
    if (list.steps.at(-1)?.kind === 'action')
      list.updateLast((s) =>
        s.kind === 'action' ? { ...s, toolCalls: [...s.toolCalls, tool] } : s,
      );
    else list.addAction({ toolCalls: [tool], timestamp }, at.pointer);
  }
}
