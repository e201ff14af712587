/** Steps to messages, per dialect (seed 000 `to_messages`, generalised to the chat APIs). */
import type { Step } from '../model/types';
import { anthropicUnits, strandsUnits } from './content-blocks';
import { openAIUnits } from './openai';
import { recordedUnits } from './recorded';
import { joinSessionMessages, sessionTrajectoryUnits } from './session-trajectory';
import { smolagentsUnits } from './smolagents';
import { tinyAgentUnits } from './tinyagent';
import {
  DIALECTS,
  type AnyMessage,
  type Dialect,
  type DialectMessages,
  type MessageOptions,
  type MessageUnit,
} from './types';
import type { SessionTrajectoryMessage } from './session-trajectory';

export * from './types';

/** A dialect: how steps become the messages one framework or API sends, and how people name it. */
export interface DialectInfo {
  readonly id: Dialect;
  readonly label: string;
  /** One line for help texts and menus. */
  readonly description: string;
  units(step: Step, options: MessageOptions): MessageUnit[];
  /**
   * How a whole list's messages join across steps, where the dialect groups more than one step
   * into a message (`toMessages` applies it; per-step views and token counts do not).
   */
  join?(messages: AnyMessage[]): AnyMessage[];
}

/** The dialect registry, in the order menus and help list them. */
export const DIALECT_REGISTRY: readonly DialectInfo[] = [
  {
    id: 'recorded',
    label: 'As sent',
    description:
      "as the run's own framework sent it (the default): no prefix another framework adds",
    units: (step) => recordedUnits(step),
  },
  {
    id: 'tinyagent',
    label: 'tinyAgent',
    description: 'seed 000 role/content pairs; observations as user messages',
    units: (step) => tinyAgentUnits(step),
  },
  {
    id: 'openai',
    label: 'OpenAI',
    description: 'chat completions: tool_calls and tool messages',
    units: (step) => openAIUnits(step),
  },
  {
    id: 'anthropic',
    label: 'Anthropic',
    description: 'Messages API: tool_use and tool_result blocks',
    units: (step) => anthropicUnits(step),
  },
  {
    id: 'strands',
    label: 'Strands',
    description: 'Strands Agents: toolUse and toolResult blocks',
    units: (step) => strandsUnits(step),
  },
  {
    id: 'smolagents',
    label: 'smolagents',
    description: 'smolagents memory: calls and observations as text',
    units: (step, options) => smolagentsUnits(step, options.summaryMode ?? false),
  },
  {
    id: 'session-trajectory',
    label: 'Seed 002 trajectory',
    description: "seed 002 get_messages_view(): trajectory steps grouped by role, the seed's types",
    units: (step) => sessionTrajectoryUnits(step),
    join: (messages) => joinSessionMessages(messages as SessionTrajectoryMessage[]),
  },
];

const BY_ID = new Map<string, DialectInfo>(DIALECT_REGISTRY.map((d) => [d.id, d]));

/** The registry entry of a dialect id, or undefined for an unknown one. */
export function findDialect(id: string): DialectInfo | undefined {
  return BY_ID.get(id);
}

/** The messages one step becomes in a dialect, each with the step parts it carries. */
export function stepToUnits<D extends Dialect>(
  step: Step,
  dialect: D,
  options: MessageOptions = {},
): MessageUnit<DialectMessages[D]>[] {
  const info = BY_ID.get(dialect);
  if (!info) throw new Error(`Unknown dialect "${String(dialect)}". Known: ${DIALECTS.join(', ')}`);
  return info.units(step, options) as MessageUnit<DialectMessages[D]>[];
}

/** Each step's message units per dialect, built once per step object (steps are immutable). */
const unitCache = new WeakMap<Step, Map<Dialect, readonly MessageUnit<unknown>[]>>();

export function cachedUnits<D extends Dialect>(
  step: Step,
  dialect: D,
): readonly MessageUnit<DialectMessages[D]>[] {
  let byDialect = unitCache.get(step);
  if (!byDialect) unitCache.set(step, (byDialect = new Map()));
  let units = byDialect.get(dialect);
  if (!units) byDialect.set(dialect, (units = stepToUnits(step, dialect)));
  return units as readonly MessageUnit<DialectMessages[D]>[];
}

export function stepToMessages<D extends Dialect>(
  step: Step,
  dialect: D,
  options: MessageOptions = {},
): DialectMessages[D][] {
  return stepToUnits(step, dialect, options).map((u) => u.message);
}

/**
 * Seed 001 `MemoryManager.to_messages()`: every step's messages, flattened, in order, joined across
 * steps where the dialect says how (seed 002's view groups consecutive steps of one role).
 */
export function toMessages<D extends Dialect>(
  steps: readonly Step[],
  dialect: D,
  options: MessageOptions = {},
): DialectMessages[D][] {
  const out: DialectMessages[D][] = [];
  for (const step of steps) out.push(...stepToMessages(step, dialect, options));
  const join = BY_ID.get(dialect)?.join;
  return join ? (join(out) as DialectMessages[D][]) : out;
}

export interface MessageWithOrigin<M = AnyMessage> {
  message: M;
  /** Index of the step (in the list given) that produced the message. */
  stepIndex: number;
}

/**
 * Like `toMessages`, with each message linked back to the step it came from (so never joined across
 * steps: in the session-trajectory dialect, one message per role run within each step).
 */
export function toMessagesWithOrigin<D extends Dialect>(
  steps: readonly Step[],
  dialect: D,
  options: MessageOptions = {},
): MessageWithOrigin<DialectMessages[D]>[] {
  const out: MessageWithOrigin<DialectMessages[D]>[] = [];
  steps.forEach((step, stepIndex) => {
    for (const message of stepToMessages(step, dialect, options)) out.push({ message, stepIndex });
  });
  return out;
}

/** Anthropic and Strands take the system prompt as a request parameter, not a message. */
export function splitSystem<M extends { role: string }>(
  messages: readonly M[],
): { system: M[]; messages: M[] } {
  return {
    system: messages.filter((m) => m.role === 'system'),
    messages: messages.filter((m) => m.role !== 'system'),
  };
}
