/**
 * The message bus of smolagents' decentralized multi-agent benchmark
 * (huggingface/smolagents `examples/decentralized_smolagents_benchmark`, `runs/<id>/messages.jsonl`):
 * one line per message `{id, timestamp, sender, type, content, recipients, thread_id, reply_to}`,
 * `type` task | channel_message | private_message | poll | vote | final_answer.
 *
 * The whole bus is one history in time order (each agent's message an action by that agent); each
 * agent also gets a child history with what it sent and received, opened from its first message.
 */
import { z } from 'zod';
import type { ChildHistory, History, StepDraft } from '../model/types';
import { defineImporter, parsedBy } from './types';
import { actionDraft, isoToUnix, StepList, isRecord } from './util';

const busMessage = z.object({
  id: z.string(),
  timestamp: z.string(),
  sender: z.string(),
  type: z.string(),
  content: z.unknown(),
  recipients: z.array(z.string()),
});
const bus = z.array(busMessage).min(1);
type BusMessage = z.infer<typeof busMessage>;

function contentText(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content, null, 2);
}

function draftOf(m: BusMessage): StepDraft {
  const timestamp = isoToUnix(m.timestamp);
  const time = timestamp === undefined ? {} : { timestamp };
  const text = contentText(m.content);
  if (m.type === 'task') return { kind: 'task', task: text, ...time };
  if (m.type === 'final_answer') return { kind: 'final-answer', answer: text, ...time };
  const to = m.recipients.join(', ');
  return actionDraft({
    modelOutput: `[${m.type} from ${m.sender} to ${to}]\n${text}`,
    model: m.sender,
    timestamp,
  });
}

export const smolagentsBusImporter = defineImporter({
  id: 'smolagents-bus',
  label: 'smolagents multi-agent message bus',
  near: {
    sniff: (v) => {
      const f = Array.isArray(v) && isRecord(v[0]) ? v[0] : {};
      return 'sender' in f && 'recipients' in f;
    },
    schema: bus,
  },
  detect: (value) => parsedBy(bus, value),
  import(messages, fileName, raw) {
    const records: readonly unknown[] = Array.isArray(raw) ? raw : messages;
    const main = new StepList({ format: 'smolagents-bus', file: fileName });
    const agents = new Map<string, { list: StepList; firstStep: string }>();
    messages.forEach((m, i) => {
      const step = main.add(draftOf(m), `/${i}`, { records, index: i });
      const involved = new Set(
        [m.sender, ...m.recipients].filter(
          (a) => a !== 'system' && !a.startsWith('@') && a !== 'all',
        ),
      );
      for (const agent of involved) {
        const entry = agents.get(agent) ?? {
          list: new StepList({ format: 'smolagents-bus', file: fileName }),
          firstStep: step.id,
        };
        agents.set(agent, entry);
        entry.list.add(draftOf(m), `/${i}`, { records, index: i });
      }
    });
    const children: ChildHistory[] = [...agents].map(([agent, { list, firstStep }]) => ({
      parentStepId: firstStep,
      history: {
        id: `agent-${agent}`,
        title: `${agent}: what it sent and received`,
        format: 'smolagents-bus',
        steps: list.steps,
        model: agent,
      },
    }));
    const history: History = {
      id: fileName,
      title: `Message bus · ${agents.size} agents`,
      format: 'smolagents-bus',
      steps: main.steps,
      children,
    };
    return { file: { histories: [history] }, warnings: [] };
  },
});
