/**
 * Conversations where tool output comes back as a plain user message (no tool-call ids): SWE-agent
 * without function calling, mini-swe-agent, tinyAgent 0.x (seed 000's `Observation: …`). The model's
 * command stays in its text; the next user message is that action's observation.
 */
import type { StepList } from './util';

export interface PlainMessage {
  readonly role: string;
  readonly text: string;
  readonly pointer: string;
  readonly thought?: string;
  readonly timestamp?: number;
}

export function addObservationStyle(list: StepList, messages: readonly PlainMessage[]): void {
  for (const m of messages) {
    const time = m.timestamp === undefined ? {} : { timestamp: m.timestamp };
    const last = list.steps.at(-1);
    if (m.role === 'system')
      list.add({ kind: 'system-prompt', content: m.text, ...time }, m.pointer);
    else if (m.role === 'assistant') {
      const thought = m.thought !== m.text ? m.thought : undefined;
      list.addAction(
        { modelOutput: m.text, thought, timestamp: m.timestamp, keepEmptyOutput: true },
        m.pointer,
      );
    } else if (
      last?.kind === 'action' &&
      last.observation === undefined &&
      last.toolCalls.length === 0
    ) {
      // An empty output is no observation (seed 000's default `observation=""`).
      if (m.text !== '')
        list.updateLast((s) => (s.kind === 'action' ? { ...s, observation: m.text } : s));
    } else list.add({ kind: 'task', task: m.text, ...time }, m.pointer);
  }
}
