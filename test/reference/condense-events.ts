/**
 * OpenHands' `LLMSummarizingCondenser` (software-agent-sdk,
 * openhands-sdk/openhands/sdk/context/condenser/llm_summarizing_condenser.py at 611629e69): before
 * a model call, when the view holds more than `max_size` events (240 by default) or more tokens than
 * the model takes, it keeps the first `keep_first` events (2) and a tail, and replaces what lies
 * between with one summary:
 * - for the event count, the tail is `max_size // 2 - keep_first - 1` events;
 * - for tokens, the tail is what remains after forgetting enough to fall to half the limit;
 * - the stricter of the two wins, and both ends move to the next "manipulation index" so a tool
 *   call is never parted from its observation (here: step boundaries, since a step holds its calls
 *   and their results).
 * Events are counted as the SDK's view counts them: one per system prompt, user or agent message,
 * one per tool call (`ActionEvent`) and one per result (`ObservationEvent`); a previous summary is
 * one event, and it is forgotten with the rest (the view shows only the latest).
 * The summary comes from the context's summarizer (extractive and offline by default).
 */
import { z } from 'zod';
import type { Step, SummaryStep } from '../../lib/model/types';
import { buildResult, keepAll } from '../../lib/strategies/result';
import type { Strategy } from '../../lib/strategies/types';

const params = z
  .object({
    maxSize: z
      .number()
      .int()
      .positive()
      .default(240)
      .describe('Condense when the view holds more events than this (max_size).')
      .meta({ title: 'Events before condensing', upstream: 'max_size' }),
    keepFirst: z
      .number()
      .int()
      .min(0)
      .default(2)
      .describe('Events at the start never condensed (keep_first).')
      .meta({ title: 'First events kept', upstream: 'keep_first' }),
  })
  .refine((p) => Math.floor(p.maxSize / 2) - p.keepFirst - 1 > 0, {
    message: 'keepFirst must be less than maxSize // 2 - 1, to leave room for condensation',
    path: ['keepFirst'],
  });
type Params = z.infer<typeof params>;

/** The events the SDK's view holds for one step. */
export function eventsOf(step: Step): number {
  if (step.kind !== 'action' || step.toolCalls.length === 0) return 1;
  return step.toolCalls.reduce((n, c) => n + (c.result !== undefined ? 2 : 1), 0);
}

export const condenseEvents: Strategy<Params> = {
  id: 'condense-events',
  label: 'Condense events (OpenHands)',
  description:
    'Past max_size events or the model’s input limit, keeps the first events and a tail and summarizes the middle.',
  source: 'OpenHands LLMSummarizingCondenser',
  paramsSchema: params,
  acts: (p, window) =>
    `condenses only once the view holds more than ${p.maxSize.toLocaleString('en-US')} events or ${window.toLocaleString('en-US')} tokens`,
  apply(history, p, ctx) {
    const steps = history.steps;
    // starts[i]: events before step i (the step boundaries are the manipulation indices).
    const starts = [0];
    for (const s of steps) starts.push((starts[starts.length - 1] as number) + eventsOf(s));
    const total = starts[steps.length] as number;
    const tokens = ctx.tokens.context(steps);
    const overEvents = total > p.maxSize;
    const overTokens = tokens > ctx.contextWindow;
    if (!overEvents && !overTokens)
      return keepAll(steps, [
        `within the condenser's limits: ${total} ≤ ${p.maxSize} events, ${tokens} ≤ ${ctx.contextWindow} tokens`,
      ]);
    // The first step boundary at or after an event index.
    const boundaryAt = (event: number) => {
      const i = starts.findIndex((e) => e >= event);
      return i < 0 ? steps.length : i;
    };
    const start = boundaryAt(p.keepFirst);
    let end = start;
    if (overEvents)
      end = Math.max(end, boundaryAt(total - (Math.floor(p.maxSize / 2) - p.keepFirst - 1)));
    if (overTokens) {
      // Forget from the start until the context falls to half the limit.
      let removed = 0;
      let k = start;
      while (k < steps.length && tokens - removed > ctx.contextWindow / 2)
        removed += ctx.tokens.step(steps[k++] as Step);
      end = Math.max(end, k);
    }
    end = Math.min(end, steps.length);
    const forgotten = steps.slice(start, end);
    if (forgotten.length === 0)
      return keepAll(steps, ['no whole step to condense past keep_first']);
    const first = forgotten[0] as Step;
    const last = forgotten[forgotten.length - 1] as Step;
    const summary: SummaryStep = {
      kind: 'summary',
      id: `condensation@${last.id}`,
      stepNumber: first.stepNumber,
      content: ctx.summarizer.summarize(forgotten),
      replaces: forgotten.map((s) => s.id),
      origin: ctx.summarizer.id === 'extractive' ? 'extractive' : 'endpoint',
      ...(first.timestamp !== undefined ? { timestamp: first.timestamp } : {}),
    };
    const output = [...steps.slice(0, start), summary, ...steps.slice(end)];
    const why = [
      overEvents && `${total} > ${p.maxSize} events`,
      overTokens && `${tokens} > ${ctx.contextWindow} tokens`,
    ].filter(Boolean);
    return buildResult(steps, output, [
      `condensed ${forgotten.length} steps (${(starts[end] as number) - (starts[start] as number)} events; ${why.join(', ')}) into one summary`,
    ]);
  },
};
