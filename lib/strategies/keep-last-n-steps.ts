/**
 * Seeds 001/004 `keep_last_n_steps(n)`: every system and task step kept, plus the last `n` other
 * steps. The seed returns `critical + other[-n:]`, which moves tasks ahead of earlier actions; we
 * keep the original order (lib/README.md). n=0 keeps only the system and task steps, as tinyAgent's
 * `keep_last_n_steps` does (`actions[-n:] if n > 0 else []`; the seed's `other[-0:]` would keep
 * everything). Default n=5: seed 004's `prune_keep_last: int = 5`.
 */
import { z } from 'zod';
import { isCritical } from '../model/steps';
import type { Step } from '../model/types';
import { REPLY_PRIMING_TOKENS } from '../tokens/messages';
import { buildResult, idsUnique, KEPT_FATE, REMOVED_FATE } from './result';
import { lazySteps, listMemo } from './replay-kit';
import { sameStep } from './same-step';
import type { Carrier, StepFate, Strategy } from './types';

const params = z.object({
  n: z
    .number()
    .int()
    .min(0)
    .default(5)
    .describe('Non-system, non-task steps kept (the most recent).')
    .meta({ title: 'Steps kept', upstream: 'keep_last_n_steps(n); seed 004 prune_keep_last' }),
});
type Params = z.infer<typeof params>;

export const keepLastNSteps: Strategy<Params> = {
  id: 'keep-last-n-steps',
  label: 'Keep last N steps',
  description: 'Keeps the system prompt, every task, and the last N other steps.',
  source: 'seed 001 keep_last_n_steps(n); seed 004 prune_keep_last',
  paramsSchema: params,
  apply(history, p) {
    const steps = history.steps;
    // Where the critical and the other steps are, once per list (built at load: an apply reads no
    // step object, which on 100,000 freshly loaded steps cost two cache misses each).
    const { criticalAt, otherAt } = positionsOf(steps);
    const others = otherAt.length;
    const notes = [keptNote(p.n, others)];
    const keptFrom = Math.max(0, others - p.n);
    if (!idsUnique(steps)) {
      // Another step of the same id may be found in a kept step's place: the fates by id.
      let seen = 0;
      return buildResult(
        steps,
        steps.filter((s) => isCritical(s) || ++seen > keptFrom),
        notes,
      );
    }
    // The output is a subsequence of the same objects, each id once: `buildResult` would find each
    // kept step at its own place (kept) and the others nowhere (removed). One pass sets both
    // (issue 26: a first apply on 100,000 steps spent most of its time looking ids up), merging
    // the critical positions with the kept others'. Both allocated at their length (grown by
    // pushes, 100,000 entries were copied as they grew).
    const output = new Array<Step>(criticalAt.length + others - keptFrom);
    const fates = new Array<StepFate>(steps.length).fill(REMOVED_FATE);
    let c = 0;
    let o = keptFrom;
    for (let at = 0; at < output.length; at++) {
      const i =
        o >= others || (c < criticalAt.length && (criticalAt[c] as number) < (otherAt[o] as number))
          ? (criticalAt[c++] as number)
          : (otherAt[o++] as number);
      output[at] = steps[i] as Step;
      fates[i] = KEPT_FATE;
    }
    return { steps: output, fates, inserted: [], notes };
  },
  replayTokens(history, calls, p, ctx) {
    // critical[i]: Σ critical tokens before i; other: Σ non-critical tokens by rank.
    const critical = [0];
    const otherSums = [0];
    const otherCount = [0];
    history.steps.forEach((s, i) => {
      const t = ctx.tokens.step(s);
      critical.push((critical[i] as number) + (isCritical(s) ? t : 0));
      otherCount.push((otherCount[i] as number) + (isCritical(s) ? 0 : 1));
      if (!isCritical(s)) otherSums.push((otherSums[otherSums.length - 1] as number) + t);
    });
    return calls.map((k) => {
      const c = otherCount[k] as number;
      const last = (otherSums[c] as number) - (otherSums[Math.max(0, c - p.n)] as number);
      return REPLY_PRIMING_TOKENS + (critical[k] as number) + last;
    });
  },
  replayContexts: (history, p) => keptBefore(history.steps, p.n),
  replayViews(history, p) {
    const steps = history.steps;
    const { otherAt, otherCount } = positionsOf(steps);
    const contextAt = keptBefore(steps, p.n);
    // The previous call's k and the others it kept, [from, to) of `otherAt`.
    let before = { k: 0, from: 0, to: 0 };
    return (k) => {
      const to = otherCount[k] as number;
      const from = Math.max(0, to - p.n);
      const leaving: Step[] = [];
      const entering: Step[] = [];
      for (let j = before.from; j < Math.min(from, before.to); j++)
        leaving.push(steps[otherAt[j] as number] as Step);
      for (let j = Math.max(from, before.to); j < to; j++)
        entering.push(steps[otherAt[j] as number] as Step);
      for (let i = before.k; i < k; i++)
        if (isCritical(steps[i] as Step)) entering.push(steps[i] as Step);
      before = { k, from, to };
      return {
        context: lazySteps(() => contextAt(k)),
        unchanged: 0,
        changes: { leaving, entering },
      };
    };
  },
  replayShared(history, calls, p, ctx) {
    const steps = history.steps;
    // critical[i]: tokens of the critical steps [0, i); otherAt: the non-critical steps' positions.
    const critical = [0];
    const otherAt: number[] = [];
    const otherCount = [0];
    const otherSums = [0];
    steps.forEach((s, i) => {
      const t = ctx.tokens.step(s);
      critical.push((critical[i] as number) + (isCritical(s) ? t : 0));
      if (!isCritical(s)) {
        otherAt.push(i);
        otherSums.push((otherSums[otherSums.length - 1] as number) + t);
      }
      otherCount.push(otherAt.length);
    });
    const uniqueIds = new Set(steps.map((s) => s.id)).size === steps.length;
    /** The first step at or after i that the context before call k holds, dropping `dropped`. */
    const nextHeld = (i: number, k: number, dropped: number) => {
      let j = i;
      while (j < k && !isCritical(steps[j] as Step) && (otherCount[j] as number) < dropped) j++;
      return j;
    };
    const out: number[] = [];
    let before: { k: number; dropped: number; tokens: number } | undefined;
    for (const k of calls) {
      const others = otherCount[k] as number;
      const dropped = Math.max(0, others - p.n);
      const tokens =
        (critical[k] as number) + (otherSums[others] as number) - (otherSums[dropped] as number);
      if (!before) out.push(0);
      else if (dropped === before.dropped || before.dropped >= (otherCount[before.k] as number))
        out.push(before.tokens);
      else {
        // The oldest non-critical step the previous context held is gone from this one.
        const gone = otherAt[before.dropped] as number;
        let shared = critical[gone] as number;
        if (!uniqueIds) {
          // Another step of the same id and content may take its place: compare step by step.
          let [x, y] = [gone, nextHeld(gone, k, dropped)];
          while (x < before.k && y < k && sameStep(steps[x] as Step, steps[y] as Step)) {
            shared += ctx.tokens.step(steps[x] as Step);
            [x, y] = [nextHeld(x + 1, before.k, before.dropped), nextHeld(y + 1, k, dropped)];
          }
        }
        out.push(shared);
      }
      before = { k, dropped, tokens };
    }
    return out;
  },
  carry: (p) => keepLastCarrier(p),
};

const keptNote = (n: number, others: number) =>
  `kept the last ${Math.min(n, others)} of ${others} non-critical steps`;

/**
 * In place (seed 001's loop: prune when over 20 steps), what an application returned holds at most
 * `n` non-critical steps: the next one removes the oldest of those and of the appended ones, every
 * step before the first removed staying where it was.
 */
function keepLastCarrier(p: Params): Carrier {
  let last: readonly Step[] | undefined;
  // Positions of the non-critical steps in `last`, in order.
  let otherAt: number[] = [];
  return {
    next(previous, appended) {
      const fresh = previous !== last;
      const input = previous.concat(appended);
      if (fresh) otherAt = [];
      for (let j = fresh ? 0 : previous.length; j < input.length; j++)
        if (!isCritical(input[j] as Step)) otherAt.push(j);
      const others = otherAt.length;
      const drop = Math.max(0, others - p.n);
      const notes = [keptNote(p.n, others)];
      if (drop === 0) {
        last = input;
        return { steps: input, inserted: [], notes, unchangedBefore: input.length };
      }
      const first = otherAt[0] as number;
      const out = input.slice(0, first);
      let r = 0;
      for (let j = first; j < input.length; j++) {
        if (r < drop && otherAt[r] === j) r++;
        else out.push(input[j] as Step);
      }
      otherAt = otherAt.slice(drop).map((j) => j - drop);
      last = out;
      return { steps: out, inserted: [], notes, unchangedBefore: first };
    },
  };
}

/**
 * The context before the call producing step k: the critical steps before k and the last n others
 * before k, in step order (what `apply` on the steps before k keeps).
 */
function keptBefore(steps: readonly Step[], n: number): (k: number) => Step[] {
  const { criticalAt, otherAt, otherCount } = positionsOf(steps);
  return (k) => {
    const c = otherCount[k] as number;
    const out: Step[] = [];
    let j = Math.max(0, c - n);
    for (let i = 0; i < criticalAt.length && (criticalAt[i] as number) < k; i++) {
      const at = criticalAt[i] as number;
      while (j < c && (otherAt[j] as number) < at) out.push(steps[otherAt[j++] as number] as Step);
      out.push(steps[at] as Step);
    }
    while (j < c) out.push(steps[otherAt[j++] as number] as Step);
    return out;
  };
}

/**
 * The critical steps' positions, the others' positions, and `otherCount[k]`: how many others come
 * before k. Once per list (the replay's contexts and views read the same positions).
 */
const positionsOf = (steps: readonly Step[]) =>
  listMemo(steps, OWNER, 'keep-last-positions', () => {
    const criticalAt: number[] = [];
    const otherAt: number[] = [];
    const otherCount = [0];
    steps.forEach((s, i) => {
      (isCritical(s) ? criticalAt : otherAt).push(i);
      otherCount.push(otherAt.length);
    });
    return { criticalAt, otherAt, otherCount };
  });

const OWNER = {};

/** What an apply reads of a loaded list (load-index.ts): where its critical and other steps are. */
export function prepareKeepLast(steps: readonly Step[]): void {
  positionsOf(steps);
}
