/**
 * Observation masking (Lindenbauer et al. 2025, "The Complexity Trap: Simple Observation Masking Is
 * as Efficient as LLM Summarization for Agent Context Management", arXiv 2508.21433, JetBrains
 * Research; code JetBrains-Research/the-complexity-trap): every environment observation older than
 * the last M is replaced by a placeholder; the agent's reasoning and actions stay whole. The paper's
 * Eq. "rolling window": o'_i = p_i if i < t − M, else o_i; M = 10 in its main experiments ("it
 * resulted in the best performance with SWE-agent"). Its runs use SWE-agent's `LastNObservations`
 * history processor (config `history_processors: [{type: last_n_observations, n: 10}]`), applied to
 * the whole history before every call (stateless), whose placeholder is
 * `Old environment output: ({len(text.splitlines())} lines omitted)` (sweagent/agent/history_processors.py).
 *
 * What is an observation here: every tool result (`result:<id>`) and every unlinked `observation`
 * of an action, in message order (a step's results in call order, then its observation). M counts
 * observations, most recent first, so a step with 3 parallel results counts 3 and may be masked in
 * part. A call answered only by the step's error, and the error itself, are kept (as
 * prune-old-observations keeps errors). SWE-agent also counts its instance template (the task) as
 * observation 0 and never masks it; our tasks are not observations, which gives the same result.
 *
 * `polling` is `LastNObservations.polling` (default 1): the window moves only every `polling`
 * observations, so the prompt prefix stays cacheable in between ("we will now keep between n and
 * n+polling observations"): masked = ⌊(O+1)/P⌋·P − 1 − M, the +1 being SWE-agent's template.
 * M = 0 masks every observation (SWE-agent itself requires n ≥ 1).
 */
import { z } from 'zod';
import { isOmitted } from '../model/steps';
import type { ActionStep, Step, ToolCall } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';
import type { TextCounter } from '../tokens/tokenizer';
import { compilePlaceholder, placeholderTemplate, type CompiledPlaceholder } from './placeholder';
import { firstCleared } from './first-cleared-shared';
import { firstTrue } from './replay-kit';
import { listMemo, listVariants } from './replay-kit';
import { changedFate, KEPT_FATE } from './result';
import type { StepFate, Strategy, StrategyContext } from './types';

/** SWE-agent `LastNObservations`' text, with the paper's line count as `{lines}`. */
export const OBSERVATION_PLACEHOLDER = 'Old environment output: ({lines} lines omitted)';

const params = z.object({
  keepLast: z
    .number()
    .int()
    .min(0)
    .default(10)
    .describe('Most recent observations (tool results and unlinked observations) left whole.')
    .meta({ title: 'Observations kept whole', upstream: 'LastNObservations n' }),
  placeholder: placeholderTemplate()
    .default(OBSERVATION_PLACEHOLDER)
    .describe(
      'Text that replaces an older observation; {lines}, {chars} and {tokens} are its size.',
    )
    .meta({ title: 'Placeholder text' }),
  polling: z
    .number()
    .int()
    .min(1)
    .default(1)
    .describe(
      "Move the window only every this many observations (SWE-agent's polling, for prompt caching).",
    )
    .meta({ title: 'Move the mask every (observations)', upstream: 'polling' }),
});
type Params = z.infer<typeof params>;

/** Observations of a step the model sees (results and its unlinked observation, not cut out). */
function observationCount(step: Step): number {
  if (step.kind !== 'action') return 0;
  if (step.omitted === undefined) {
    let n = step.observation ? 1 : 0;
    for (const c of step.toolCalls) if (c.result !== undefined) n++;
    return n;
  }
  let n = 0;
  for (const c of step.toolCalls)
    if (c.result !== undefined && !isOmitted(step, `result:${c.id}`)) n++;
  if (step.observation && !isOmitted(step, 'observation')) n++;
  return n;
}

/** How many of `total` observations, oldest first, are masked. */
export function maskedCount(total: number, p: Pick<Params, 'keepLast' | 'polling'>): number {
  // SWE-agent: `max(0, (len(observation_indices) // polling) * polling - n)` over its observations,
  // the template among them, which is never masked; with polling 1 this is total − M.
  return Math.max(0, Math.floor((total + 1) / p.polling) * p.polling - 1 - p.keepLast);
}

// Steps are immutable: a masked step is the same object every time it is asked for (calls share
// their prompt prefix by identity, and replay counts it once). Kept per compiled template (and its
// tokenizer, for `{tokens}`), then per step: a step with every observation masked without a map of
// its own (a first apply on 100,000 steps built three maps per step), in part by how many.
interface Masks {
  readonly whole: WeakMap<Step, ActionStep>;
  readonly partial: WeakMap<Step, Map<number, ActionStep>>;
}
const masked = new WeakMap<CompiledPlaceholder, Map<string, Masks>>();

function masksOf(ph: CompiledPlaceholder, counter: TextCounter): Masks {
  let byCounter = masked.get(ph);
  if (!byCounter) masked.set(ph, (byCounter = new Map()));
  const key = ph.usesTokens ? counter.id : '';
  let out = byCounter.get(key);
  if (!out) byCounter.set(key, (out = { whole: new WeakMap(), partial: new WeakMap() }));
  return out;
}

/**
 * The step with its first `count` observations replaced by the placeholder (every one when
 * `count` is at least the step's observations: masking counts down and stops at the last).
 */
function maskStep(
  step: ActionStep,
  count: number,
  ph: CompiledPlaceholder,
  counter: TextCounter,
  masks: Masks = masksOf(ph, counter),
): ActionStep {
  if (count <= 0) return step;
  if (count >= observationCount(step)) {
    let out = masks.whole.get(step);
    if (!out) masks.whole.set(step, (out = maskOnce(step, count, ph, counter)));
    return out;
  }
  let byCount = masks.partial.get(step);
  if (!byCount) masks.partial.set(step, (byCount = new Map()));
  let out = byCount.get(count);
  if (!out) byCount.set(count, (out = maskOnce(step, count, ph, counter)));
  return out;
}

function maskOnce(
  step: ActionStep,
  count: number,
  ph: CompiledPlaceholder,
  counter: TextCounter,
): ActionStep {
  // One loop and no closure per step (a first apply on 100,000 steps masks 33,800 of them).
  let left = count;
  let changed = false;
  const toolCalls: ToolCall[] = [];
  for (const c of step.toolCalls) {
    if (left <= 0 || c.result === undefined || isOmitted(step, `result:${c.id}`)) {
      toolCalls.push(c);
      continue;
    }
    left--;
    // Already masked (an in-place run feeds the strategy its own output): leave it.
    if (ph.isRendering(c.result)) {
      toolCalls.push(c);
      continue;
    }
    changed = true;
    const result = ph.render(c.result, counter);
    toolCalls.push(result === c.result ? c : { ...c, result });
  }
  let observation = step.observation;
  if (left > 0 && observation && !isOmitted(step, 'observation') && !ph.isRendering(observation)) {
    changed = true;
    observation = ph.render(observation, counter);
  }
  if (!changed) return step;
  return observation === step.observation
    ? { ...step, toolCalls }
    : { ...step, toolCalls, observation };
}

const SEEN = {};

/** Observations before each step, once per list. */
const seenOf = (steps: readonly Step[]) =>
  listMemo(steps, SEEN, 'seen', () => {
    const sums = [0];
    for (const s of steps) sums.push((sums[sums.length - 1] as number) + observationCount(s));
    return sums;
  });

/** Each step with every observation masked, and its fate, once per list. */
function wholeMasked(steps: readonly Step[], ph: CompiledPlaceholder, counter: TextCounter) {
  const masks = masksOf(ph, counter);
  return listVariants(
    steps,
    counter,
    `mask:${ph.usesTokens ? counter.id : ''}:${ph.template}`,
    (s) => (s.kind === 'action' ? maskStep(s, observationCount(s), ph, counter, masks) : s),
  );
}

/**
 * What the default apply builds on a loaded list (load-index.ts `prepareIndexes`), built there
 * once instead of at the first apply: observations before each step and, when some step is
 * masked whole, every step masked.
 */
export function prepareMasking(steps: readonly Step[], tokens: StepTokens): void {
  const p = params.parse({});
  const seen = seenOf(steps);
  const toMask = maskedCount(seen[steps.length] as number, p);
  if (toMask > 0 && firstTrue(0, steps.length, (i) => (seen[i + 1] as number) >= toMask) > 0)
    wholeMasked(steps, compilePlaceholder(p.placeholder), tokens.counter);
}

export const observationMasking: Strategy<Params> = {
  id: 'observation-masking',
  label: 'Observation masking (last M observations)',
  description:
    'Replaces every tool result and observation older than the last M with a one-line placeholder; reasoning and actions stay whole.',
  source:
    'Lindenbauer et al. 2025, The Complexity Trap (arXiv 2508.21433): SWE-agent LastNObservations',
  paramsSchema: params,
  apply(history, p, ctx) {
    const steps = history.steps;
    const ph = compilePlaceholder(p.placeholder);
    const counter = ctx.tokens.counter;
    // Observations before each step, and each step with all of them masked, once per list: the
    // steps before the one holding the last masked observation are masked whole, it in part.
    const seen = seenOf(steps);
    const n = steps.length;
    const total = seen[n] as number;
    const toMask = maskedCount(total, p);
    const b = toMask <= 0 ? 0 : firstTrue(0, n, (i) => (seen[i + 1] as number) >= toMask);
    // Built only when some step is masked whole (none before b = 0).
    const whole = b > 0 ? wholeMasked(steps, ph, counter) : undefined;
    // Both at their length: a copied prefix grown by pushes was re-allocated in the large-object
    // space on 100,000 steps (issue 26's 100k / 20k row). The steps after b are kept as they are.
    const output = new Array<Step>(n);
    const fates = new Array<StepFate>(n);
    const variants = whole?.variants ?? [];
    const maskedFates = whole?.fates ?? [];
    for (let i = 0; i < b; i++) {
      output[i] = variants[i] as Step;
      fates[i] = maskedFates[i] as StepFate;
    }
    for (let i = b; i < n; i++) {
      output[i] = steps[i] as Step;
      fates[i] = KEPT_FATE;
    }
    const partly = steps[b];
    if (toMask > 0 && partly?.kind === 'action') {
      const out = maskStep(partly, toMask - (seen[b] as number), ph, counter);
      output[b] = out;
      fates[b] = out === partly ? KEPT_FATE : changedFate(partly, out);
    }
    return {
      steps: output,
      fates,
      inserted: [],
      notes: [`masked ${toMask} of ${total} observations (the last ${p.keepLast} kept whole)`],
    };
  },
  replayTokens(history, calls, p, ctx) {
    const steps = history.steps;
    const ph = compilePlaceholder(p.placeholder);
    const counter = ctx.tokens.counter;
    // Prefix sums over steps: tokens as they are, tokens with every observation masked, observations.
    const whole = [0];
    const allMasked = [0];
    const seen = [0];
    steps.forEach((s, i) => {
      const t = ctx.tokens.step(s);
      const n = observationCount(s);
      whole.push((whole[i] as number) + t);
      allMasked.push(
        (allMasked[i] as number) +
          (n === 0 ? t : ctx.tokens.step(maskStep(s as ActionStep, n, ph, counter))),
      );
      seen.push((seen[i] as number) + n);
    });
    return calls.map((k) => {
      const m = maskedCount(seen[k] as number, p);
      if (m === 0) return REPLY_PRIMING_TOKENS + (whole[k] as number);
      // The step holding the m-th observation: steps before it are masked whole, it in part.
      const b = firstTrue(0, k - 1, (i) => (seen[i + 1] as number) >= m);
      const part = maskStep(steps[b] as ActionStep, m - (seen[b] as number), ph, counter);
      return (
        REPLY_PRIMING_TOKENS +
        (allMasked[b] as number) +
        ctx.tokens.step(part) +
        (whole[k] as number) -
        (whole[b + 1] as number)
      );
    });
  },
  replayShared: (history, calls, p, ctx) => maskingReplay(history.steps, p, ctx).shared(calls),
  replayContexts: (history, p, ctx) => maskingReplay(history.steps, p, ctx).contextAt,
  replayViews: (history, p, ctx) => maskingReplay(history.steps, p, ctx).views(),
};

/** The oldest observations masked first (first-cleared-shared.ts), with SWE-agent's count. */
const maskingReplay = (steps: readonly Step[], p: Params, ctx: StrategyContext) =>
  firstCleared(steps, ctx, `observation-masking ${JSON.stringify(p)}`, () => {
    const ph = compilePlaceholder(p.placeholder);
    return {
      steps,
      rule: {
        units: observationCount,
        variant: (i, m) => maskStep(steps[i] as ActionStep, m, ph, ctx.tokens.counter),
        clearedAt: (k, kit) => maskedCount(kit.unitCount[k] as number, p),
      },
    };
  });
