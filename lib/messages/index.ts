/** Steps to messages, per dialect (seed 000 `to_messages`, generalised to the chat APIs). */
import type { Step } from '../model/types';
import { anthropicDialect, strandsDialect } from './content-blocks';
import { openAIDialect } from './openai';
import { recordedDialect, sentAs } from './recorded';
import { sessionTrajectoryDialect } from './session-trajectory';
import { smolagentsDialect } from './smolagents';
import { tinyAgentDialect } from './tinyagent';
import {
  DIALECTS,
  type AnyMessage,
  type Dialect,
  type DialectEntry,
  type DialectInfo,
  type DialectMessages,
  type MessageOptions,
  type MessageUnit,
} from './types';

export * from './types';

/** Every dialect's entry, from its own module (the compiler checks that none is missing). */
const ENTRIES: { readonly [D in Dialect]: DialectEntry } = {
  recorded: recordedDialect,
  tinyagent: tinyAgentDialect,
  openai: openAIDialect,
  anthropic: anthropicDialect,
  strands: strandsDialect,
  smolagents: smolagentsDialect,
  'session-trajectory': sessionTrajectoryDialect,
};

/** The dialect registry, in the order menus and help list them (`DIALECTS`). */
export const DIALECT_REGISTRY: readonly DialectInfo[] = DIALECTS.map((id) => ({
  id,
  ...ENTRIES[id],
}));

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

/**
 * Each step's message units per dialect, built once per step object (steps are immutable). One
 * weak map per dialect: a map per step cost a `Map` allocation and two lookups per step, most of
 * building a 100k-step list's units after a load.
 */
const unitCache = new Map<Dialect, WeakMap<Step, readonly MessageUnit<unknown>[]>>();

export function cachedUnits<D extends Dialect>(
  step: Step,
  dialect: D,
): readonly MessageUnit<DialectMessages[D]>[] {
  let byStep = unitCache.get(dialect);
  if (!byStep) unitCache.set(dialect, (byStep = new WeakMap()));
  let units = byStep.get(step);
  if (!units) byStep.set(step, (units = sharedUnits(step, dialect) ?? stepToUnits(step, dialect)));
  return units as readonly MessageUnit<DialectMessages[D]>[];
}

/**
 * A step's `openai` units where they are its `recorded` ones, already built (a load counts in the
 * recorded dialect): a chat-completions file's step (`sentAs` gives `openai`) becomes
 * `openAIUnits(step, true)` there, which differs from `openAIUnits(step)` only in the prefixes of
 * an observation or error message, so a step with neither has the same units in both.
 */
function sharedUnits(step: Step, dialect: Dialect): readonly MessageUnit<unknown>[] | undefined {
  if (dialect !== 'openai') return undefined;
  if (step.kind === 'action' && (step.observation || step.error)) return undefined;
  if (sentAs(step) !== 'openai') return undefined;
  return unitCache.get('recorded')?.get(step);
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
