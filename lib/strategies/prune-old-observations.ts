/**
 * Seed 004 `prune_old_observations(keep_last_n, max_length=100)`: the last `keep_last_n` actions stay
 * whole; older actions' observations are cut to `max_length` characters plus seed 004's `...` marker
 * (`observation[:max_length] + "..."`). Lengths count Unicode code points, as Python's do. Each tool
 * result and an unlinked observation are cut on their own; errors and the model's text stay.
 * Default keep_last_n=3 (tinyAgent's `prune_old_observations(keep_last_n: int = 3, ...)`); 0 cuts
 * every observation, as tinyAgent's `... if keep_last_n > 0 else set(action_indices)` does.
 * `recordMaxLength` is tinyAgent's `MAX_OBS_LEN = 500` (react.py): every observation is recorded as
 * `result[:500] + "..."`, recent ones too, before any pruning.
 * `placeholder` (ours, optional): an older observation longer than `max_length` becomes this
 * template (placeholder.ts: `{lines}`, `{chars}`, `{tokens}` of the observation as recorded) instead
 * of its prefix; unset, the seed's cut is exact. A text already reading as the template stays.
 */
import { z } from 'zod';
import type { ActionStep, Step, ToolCall } from '../model/types';
import { pyLen, pyPrefix } from '../text/python-string';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import type { StepTokens } from '../tokens/step-tokens';
import type { TextCounter } from '../tokens/tokenizer';
import { firstCleared } from './first-cleared-shared';
import { compilePlaceholder, placeholderTemplate, type CompiledPlaceholder } from './placeholder';
import { listMemo, listVariants } from './replay-kit';
import type { Carrier, ReplacedStep, StepFate, Strategy, StrategyContext } from './types';

export const TRUNCATION_MARKER = '...';

const params = z.object({
  keepLastN: z
    .number()
    .int()
    .min(0)
    .default(3)
    .describe('Most recent actions whose observations stay whole.')
    .meta({ title: 'Recent actions kept whole', upstream: 'keep_last_n' }),
  maxLength: z
    .number()
    .int()
    .min(0)
    .default(100)
    .describe('Characters kept of an older observation.')
    .meta({ title: 'Characters kept of older ones', upstream: 'max_length' }),
  recordMaxLength: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "Every observation as recorded is cut to this many characters first (tinyAgent's MAX_OBS_LEN = 500).",
    )
    .meta({ title: 'Cut as recorded to (characters)', upstream: 'MAX_OBS_LEN' }),
  placeholder: placeholderTemplate()
    .optional()
    .describe(
      'Replace an older observation longer than maxLength with this text instead of its first characters; {lines}, {chars} and {tokens} are its size.',
    )
    .meta({ title: 'Placeholder text' }),
});
type Params = z.infer<typeof params>;

/** How an observation longer than the limit is cut: seed 004's prefix, or a placeholder. */
interface Cut {
  readonly maxLength: number;
  readonly placeholder?: CompiledPlaceholder;
  readonly counter?: TextCounter;
}

// Steps are immutable: a step cut to a length is the same object every time it is asked for, which
// spares recounting long observations (run in place after every step, the same steps are cut at
// every application) and keeps object identity for prompt-cache prefixes. Kept per cut (its key
// made once per apply, not once per step: a first apply on 100,000 steps built a key and a map
// for every action), then per step.
interface Cutter {
  readonly cut: Cut;
  readonly made: WeakMap<ActionStep, ActionStep>;
}
// Per counter (a placeholder's `{tokens}` renders with it), weakly: a counter holds its strings.
const cutters = new WeakMap<object, Map<string, Cutter>>();
const NO_COUNTER = {};

function cutterOf(cut: Cut): Cutter {
  const owner = cut.placeholder ? (cut.counter ?? NO_COUNTER) : NO_COUNTER;
  let byKey = cutters.get(owner);
  if (!byKey) cutters.set(owner, (byKey = new Map()));
  const key = cutKey(cut);
  let out = byKey.get(key);
  if (out) return out;
  // A handful of cuts per session; the bound only guards against a sweep over parameters.
  if (byKey.size > 256) byKey.clear();
  byKey.set(key, (out = { cut, made: new WeakMap() }));
  return out;
}

/** Seed 004 `ActionStep.truncate(max_length)`, returning the same object when nothing is longer. */
export function truncateAction(step: ActionStep, maxLength: number): ActionStep {
  return cutAction(step, cutterOf({ maxLength }));
}

/** What a cut depends on, as a key. */
function cutKey(cut: Cut): string {
  const ph = cut.placeholder;
  return ph
    ? `${cut.maxLength}\u0000${ph.usesTokens ? cut.counter?.id : ''}\u0000${ph.template}`
    : String(cut.maxLength);
}

/** The positions of a list's actions, once per list. */
const actionPositions = (steps: readonly Step[]): readonly number[] =>
  listMemo(steps, ACTIONS, 'actions', () =>
    steps.flatMap((s, i) => (s.kind === 'action' ? [i] : [])),
  );

const ACTIONS = {};

function cutAction(step: ActionStep, cutter: Cutter): ActionStep {
  let out = cutter.made.get(step);
  if (!out) cutter.made.set(step, (out = cutOnce(step, cutter.cut)));
  return out;
}

/**
 * `pyLen(text) > maxLength`, reading the text only where its UTF-16 length leaves it open: a text
 * has between half its length and its length in code points.
 */
const longerThan = (text: string, maxLength: number): boolean =>
  text.length > maxLength && (text.length > 2 * maxLength || pyLen(text) > maxLength);

/** One text cut: as it is when not longer than the limit, else its prefix or the placeholder. */
function cutText(text: string, { maxLength, placeholder, counter }: Cut): string {
  if (!longerThan(text, maxLength)) return text;
  if (!placeholder) return pyPrefix(text, maxLength) + TRUNCATION_MARKER;
  if (placeholder.isRendering(text)) return text;
  return placeholder.render(text, counter as TextCounter);
}

function cutOnce(step: ActionStep, cut: Cut): ActionStep {
  // One loop and no closure per step (a first apply on 100,000 steps cuts 64,800 actions).
  let changed = false;
  const toolCalls: ToolCall[] = [];
  for (const c of step.toolCalls) {
    const result = c.result === undefined ? undefined : cutText(c.result, cut);
    if (result === c.result) toolCalls.push(c);
    else {
      changed = true;
      toolCalls.push({ ...c, result });
    }
  }
  const observation = step.observation === undefined ? undefined : cutText(step.observation, cut);
  if (observation !== step.observation) changed = true;
  if (!changed) return step;
  return observation === undefined ? { ...step, toolCalls } : { ...step, toolCalls, observation };
}

/** The older actions' cut under the parameters. */
const cutOf = (p: Params, counter: TextCounter): Cutter =>
  cutterOf(
    p.placeholder === undefined
      ? { maxLength: p.maxLength }
      : { maxLength: p.maxLength, placeholder: compilePlaceholder(p.placeholder), counter },
  );

/** Each step as recorded (cut to `recordMaxLength` first), and its fate, once per list. */
const recordedList = (steps: readonly Step[], p: Params, counter: TextCounter) => {
  const rml = p.recordMaxLength;
  return listVariants(steps, counter, `prune:${rml}`, (s) =>
    s.kind !== 'action' || rml === undefined ? s : truncateAction(s, rml),
  );
};

/** Each step as recorded and then cut as an older action, and its fate, once per list. */
const cutList = (steps: readonly Step[], p: Params, counter: TextCounter) => {
  const rml = p.recordMaxLength;
  const older = cutOf(p, counter);
  return listVariants(steps, counter, `prune:${rml}:${JSON.stringify(cutKey(older.cut))}`, (s) => {
    if (s.kind !== 'action') return s;
    return cutAction(rml === undefined ? s : truncateAction(s, rml), older);
  });
};

/** The first step not cut: the steps before the last `keepLastN` actions' first are. */
function cutBefore(steps: readonly Step[], p: Params): number {
  const actions = actionPositions(steps);
  const keptFrom = actions.length - p.keepLastN;
  return keptFrom <= 0
    ? 0
    : keptFrom >= actions.length
      ? steps.length
      : (actions[keptFrom] as number);
}

/** An apply's output and fates: the steps before `cutBefore` cut, the rest as recorded. */
interface Pruned {
  readonly b: number;
  readonly steps: readonly Step[];
  readonly fates: readonly StepFate[];
}

/**
 * The apply's output and fates, once per list, recorded and older cut, for the last cut point
 * asked (an apply copies them). Built at their full length, not by pushing onto a copied prefix:
 * on 100,000 steps that grew two arrays past their first allocation in the large-object space at
 * every apply (issue 26's 100k / 20k row). One cut point is kept per cut, so a sweep over
 * keep_last_n does not hold a list's copy per value.
 */
function prunedList(steps: readonly Step[], p: Params, counter: TextCounter): Pruned {
  const b = cutBefore(steps, p);
  const recorded = recordedList(steps, p, counter);
  const cut = b > 0 ? cutList(steps, p, counter) : recorded;
  const key = `pruned:${p.recordMaxLength}:${JSON.stringify(cutKey(cutOf(p, counter).cut))}`;
  const slot = listMemo(steps, counter, key, (): { last?: Pruned } => ({}));
  if (slot.last?.b === b) return slot.last;
  const n = steps.length;
  const out = new Array<Step>(n);
  const fates = new Array<StepFate>(n);
  for (let i = 0; i < b; i++) {
    out[i] = cut.variants[i] as Step;
    fates[i] = cut.fates[i] as StepFate;
  }
  for (let i = b; i < n; i++) {
    out[i] = recorded.variants[i] as Step;
    fates[i] = recorded.fates[i] as StepFate;
  }
  return (slot.last = { b, steps: out, fates });
}

/**
 * What the default apply builds on a loaded list (load-index.ts `prepareIndexes`), built there
 * once instead of at the first apply: the steps as recorded and, when some are old enough, cut,
 * and the output and fates the apply copies.
 */
export function preparePrune(steps: readonly Step[], tokens: StepTokens): void {
  prunedList(steps, params.parse({}), tokens.counter);
}

export const pruneOldObservations: Strategy<Params> = {
  id: 'prune-old-observations',
  label: 'Truncate old observations',
  description:
    'Keeps the last N actions whole and cuts older tool observations to a fixed length (or to a placeholder).',
  source: 'seed 004 prune_old_observations(keep_last_n, max_length)',
  paramsSchema: params,
  apply(history, p, ctx) {
    const steps = history.steps;
    const counter = ctx.tokens.counter;
    // Each step as recorded and as cut, once per list (steps are cut the same at every apply):
    // the actions before the last keep_last_n are cut, the rest as recorded.
    const made = prunedList(steps, p, counter);
    return { steps: made.steps.slice(), fates: made.fates.slice(), inserted: [], notes: [] };
  },
  replayTokens(history, calls, p, ctx) {
    const all = [0];
    const fullActions = [0];
    const cutActions = [0];
    const actionCount = [0];
    const older = cutOf(p, ctx.tokens.counter);
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
            ctx.tokens.step(cutAction(recorded, older)),
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
  replayShared: (history, calls, p, ctx) => pruneReplay(history.steps, p, ctx).shared(calls),
  replayContexts: (history, p, ctx) => pruneReplay(history.steps, p, ctx).contextAt,
  replayViews: (history, p, ctx) => pruneReplay(history.steps, p, ctx).views(),
  carry: (p, ctx) => pruneCarrier(p, ctx),
};

/**
 * Before every call: every action as recorded, then the actions older than the last keepLastN
 * cut, the oldest first, one unit each (first-cleared-shared.ts).
 */
const pruneReplay = (steps: readonly Step[], p: Params, ctx: StrategyContext) =>
  firstCleared(steps, ctx, `prune-old-observations ${JSON.stringify(p)}`, () => {
    const older = cutOf(p, ctx.tokens.counter);
    const recorded = steps.map((s) =>
      s.kind === 'action' && p.recordMaxLength !== undefined
        ? truncateAction(s, p.recordMaxLength)
        : s,
    );
    return {
      steps: recorded,
      rule: {
        units: (s) => (s.kind === 'action' ? 1 : 0),
        variant: (i) => cutAction(recorded[i] as ActionStep, older),
        clearedAt: (k, kit) => Math.max(0, (kit.unitCount[k] as number) - p.keepLastN),
      },
    };
  });

/**
 * In place after every step (tinyAgent), an application changes only the steps appended since the
 * last one and the actions that have just left the last `keepLastN`: every other action is already
 * what its rule (recent: as recorded; older: cut) makes of it, which is checked when it is made, so
 * only those are recomputed. An action that is not a fixed point of its rule (a placeholder longer
 * than `recordMaxLength` would be cut again) is recomputed at every application, as `apply` does.
 */
function pruneCarrier(p: Params, ctx: StrategyContext): Carrier {
  const older = cutOf(p, ctx.tokens.counter);
  const recorded = (s: ActionStep) =>
    p.recordMaxLength === undefined ? s : truncateAction(s, p.recordMaxLength);
  const rule = (s: ActionStep, old: boolean) => (old ? cutAction(recorded(s), older) : recorded(s));
  let last: readonly Step[] | undefined;
  // Positions of the actions in `last`, in order; ranks (indices into `actionAt`) of unstable ones.
  let actionAt: number[] = [];
  let unstable: number[] = [];
  return {
    next(previous, appended) {
      const fresh = previous !== last;
      const start = fresh ? 0 : previous.length;
      const wasOld = fresh ? 0 : Math.max(0, actionAt.length - p.keepLastN);
      const redo = new Set(fresh ? [] : unstable);
      if (fresh) actionAt = [];
      // Its own last list is changed in place (types.ts `Carrier`); any other is copied first.
      const out = fresh ? previous.concat(appended) : (previous as Step[]);
      if (!fresh) for (const s of appended) out.push(s);
      const replaced: ReplacedStep[] | undefined = fresh ? undefined : [];
      const firstNew = actionAt.length;
      for (let j = start; j < out.length; j++)
        if ((out[j] as Step).kind === 'action') actionAt.push(j);
      const isOld = Math.max(0, actionAt.length - p.keepLastN);
      for (let r = wasOld; r < isOld; r++) redo.add(r);
      for (let r = firstNew; r < actionAt.length; r++) redo.add(r);
      unstable = [];
      let unchangedBefore = out.length;
      for (const r of redo) {
        const j = actionAt[r] as number;
        const input = out[j] as ActionStep;
        const old = r < isOld;
        const made = rule(input, old);
        if (made !== input) {
          replaced?.push({ at: j, before: input });
          out[j] = made;
          unchangedBefore = Math.min(unchangedBefore, j);
        }
        if (rule(made, old) !== made) unstable.push(r);
      }
      last = out;
      return replaced
        ? { steps: out, inserted: [], notes: [], unchangedBefore, replaced }
        : { steps: out, inserted: [], notes: [], unchangedBefore };
    },
  };
}
