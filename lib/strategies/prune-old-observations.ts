/**
 * Seed 004 `prune_old_observations(keep_last_n, max_length=100)`: the last `keep_last_n` actions stay
 * whole; older actions' observations are cut to `max_length` characters plus seed 004's `...` marker
 * (`observation[:max_length] + "..."`). Lengths count Unicode code points, as Python's do. Each tool
 * result and an unlinked observation are cut on their own; errors and the model's text stay.
 * Default keep_last_n=3 (tinyAgent's `prune_old_observations(keep_last_n: int = 3, ...)`); 0 cuts
 * every observation, as tinyAgent's `... if keep_last_n > 0 else set(action_indices)` does.
 * `recordMaxLength` is tinyAgent's `MAX_OBS_LEN = 500` (react.py): every observation is recorded as
 * `result[:500] + "..."`, recent ones too, before any pruning.
 */
import { z } from 'zod';
import type { ActionStep, Step, ToolCall } from '../model/types';
import { pyLen, pyPrefix } from '../text/python-string';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { buildResult } from './result';
import type { Strategy } from './types';

export const TRUNCATION_MARKER = '...';

const params = z.object({
  keepLastN: z
    .number()
    .int()
    .min(0)
    .default(3)
    .describe('Most recent actions whose observations stay whole.'),
  maxLength: z
    .number()
    .int()
    .min(0)
    .default(100)
    .describe('Characters kept of an older observation.'),
  recordMaxLength: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "Every observation as recorded is cut to this many characters first (tinyAgent's MAX_OBS_LEN = 500).",
    ),
});
type Params = z.infer<typeof params>;

// Steps are immutable: a step cut to a length is the same object every time it is asked for, which
// spares recounting long observations (run in place after every step, the same steps are cut at
// every application) and keeps object identity for prompt-cache prefixes.
const truncated = new WeakMap<ActionStep, Map<number, ActionStep>>();

/** Seed 004 `ActionStep.truncate(max_length)`, returning the same object when nothing is longer. */
export function truncateAction(step: ActionStep, maxLength: number): ActionStep {
  let byLength = truncated.get(step);
  if (!byLength) {
    byLength = new Map();
    truncated.set(step, byLength);
  }
  let out = byLength.get(maxLength);
  if (!out) {
    out = truncateOnce(step, maxLength);
    byLength.set(maxLength, out);
  }
  return out;
}

function truncateOnce(step: ActionStep, maxLength: number): ActionStep {
  const cut = (text: string) =>
    pyLen(text) > maxLength ? pyPrefix(text, maxLength) + TRUNCATION_MARKER : text;
  let changed = false;
  const toolCalls = step.toolCalls.map((c): ToolCall => {
    if (c.result === undefined) return c;
    const result = cut(c.result);
    if (result === c.result) return c;
    changed = true;
    return { ...c, result };
  });
  const observation = step.observation === undefined ? undefined : cut(step.observation);
  if (observation !== step.observation) changed = true;
  if (!changed) return step;
  return observation === undefined ? { ...step, toolCalls } : { ...step, toolCalls, observation };
}

export const pruneOldObservations: Strategy<Params> = {
  id: 'prune-old-observations',
  label: 'Truncate old observations',
  description: 'Keeps the last N actions whole and cuts older tool observations to a fixed length.',
  source: 'seed 004 prune_old_observations(keep_last_n, max_length=100)',
  paramsSchema: params,
  apply(history, p) {
    const steps = history.steps;
    const actions = steps.filter((s) => s.kind === 'action').length;
    let rank = 0;
    const output = steps.map((s): Step => {
      if (s.kind !== 'action') return s;
      rank++;
      const recorded = p.recordMaxLength === undefined ? s : truncateAction(s, p.recordMaxLength);
      return rank > actions - p.keepLastN ? recorded : truncateAction(recorded, p.maxLength);
    });
    return buildResult(steps, output);
  },
  replayTokens(history, calls, p, ctx) {
    const all = [0];
    const fullActions = [0];
    const cutActions = [0];
    const actionCount = [0];
    history.steps.forEach((s, i) => {
      const recorded =
        s.kind === 'action' && p.recordMaxLength !== undefined
          ? truncateAction(s, p.recordMaxLength)
          : s;
      const t = ctx.tokens.step(recorded);
      all.push((all[i] as number) + t);
      actionCount.push((actionCount[i] as number) + (s.kind === 'action' ? 1 : 0));
      if (recorded.kind === 'action') {
        fullActions.push((fullActions[fullActions.length - 1] as number) + t);
        cutActions.push(
          (cutActions[cutActions.length - 1] as number) +
            ctx.tokens.step(truncateAction(recorded, p.maxLength)),
        );
      }
    });
    return calls.map((k) => {
      const older = Math.max(0, (actionCount[k] as number) - p.keepLastN);
      return (
        REPLY_PRIMING_TOKENS +
        (all[k] as number) -
        (fullActions[older] as number) +
        (cutActions[older] as number)
      );
    });
  },
};
