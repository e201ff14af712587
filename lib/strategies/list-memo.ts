/**
 * What a strategy derives from a whole step list, kept while the list lives. A loaded history's
 * step list is never mutated once handed to a strategy (as `UnitIndex.cached` relies on), and the
 * compare view, the CLI and the replays apply several strategies to the same list: each derives
 * its totals, positions and summaries once, not at every apply.
 */
import type { Step } from '../model/types';
import type { StepTokens } from '../tokens/step-tokens';
import { changedFate, KEPT_FATE, REMOVED_FATE } from './result';
import type { Summarizer, SummaryAccumulator } from './summarizer';
import type { StepFate } from './types';

const memos = new WeakMap<readonly Step[], WeakMap<object, Map<string, unknown>>>();

/** `make()` once per step list, owner (a token counter, a summarizer) and key. */
export function listMemo<T>(steps: readonly Step[], owner: object, key: string, make: () => T): T {
  let byOwner = memos.get(steps);
  if (!byOwner) memos.set(steps, (byOwner = new WeakMap()));
  let byKey = byOwner.get(owner);
  if (!byKey) byOwner.set(owner, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = make();
  byKey.set(key, value);
  return value;
}

/** `tokens.context(steps)`, counted once per list. */
export function listContext(steps: readonly Step[], tokens: StepTokens): number {
  return listMemo(steps, tokens, 'context', () => tokens.context(steps));
}

/**
 * Summaries of the steps `steps[i]` for i in [0, end) that `include` picks, one per `end`, built
 * once per span (issue 26): the summarizing strategies summarize a growing prefix of one list
 * round after round and apply after apply. `kind` names the `include` rule. Texts come from one
 * accumulator extended as `end` grows (the summarizer's incremental form); undefined without one.
 */
export function prefixSummary(
  steps: readonly Step[],
  summarizer: Summarizer,
  kind: string,
  include: (i: number) => boolean,
  end: number,
): string | undefined {
  const createAccumulator = summarizer.createAccumulator;
  if (!createAccumulator) return undefined;
  const memo = listMemo(steps, summarizer, `prefix:${kind}`, () => ({
    texts: new Map<number, string>(),
    acc: undefined as SummaryAccumulator | undefined,
    read: 0,
  }));
  const hit = memo.texts.get(end);
  if (hit !== undefined) return hit;
  if (!memo.acc || memo.read > end) {
    memo.acc = createAccumulator();
    memo.read = 0;
  }
  for (; memo.read < end; memo.read++)
    if (include(memo.read)) memo.acc.add(steps[memo.read] as Step);
  const text = memo.acc.text();
  memo.texts.set(end, text);
  return text;
}

/** Each step of a list as a strategy shows it (itself, a variant, or null: left out), with its fate. */
export interface ListVariants {
  readonly variants: readonly (Step | null)[];
  readonly fates: readonly StepFate[];
}

/**
 * `variant` of every step of the list, and the fate `buildResult` derives for it (kept, truncated,
 * removed), once per list, owner and key: an apply then copies the ranges it needs.
 */
export function listVariants(
  steps: readonly Step[],
  owner: object,
  key: string,
  variant: (step: Step) => Step | null,
): ListVariants {
  return listMemo(steps, owner, `variants:${key}`, () => {
    const variants: (Step | null)[] = [];
    const fates: StepFate[] = [];
    for (const s of steps) {
      const v = variant(s);
      variants.push(v);
      fates.push(v === null ? REMOVED_FATE : v === s ? KEPT_FATE : changedFate(s, v));
    }
    return { variants, fates };
  });
}
