/**
 * Exact counts on every core: the distinct strings a history's messages carry are split into
 * shares of equal length, one counted here and the others by helpers (Web Workers in the browser,
 * worker threads in Node), and the answers primed into the counter, so each string is tokenized
 * once and every step's count that follows is a cache lookup.
 */
import { cachedUnits } from '../messages';
import type { Dialect } from '../messages/types';
import type { Step } from '../model/types';
import { messageStrings } from './messages';
import type { StepTokens } from './step-tokens';
import { rawCounter, type TokenizerId } from './tokenizer';

/** Counts a share of strings on another core. */
export interface CountHelper {
  count(texts: readonly string[], tokenizer: TokenizerId): Promise<number[]>;
}

/** The strings of every step's messages in a dialect not yet counted, each once. */
export function uncountedStrings(
  steps: Iterable<Step>,
  dialect: Dialect,
  known: (text: string) => boolean,
): string[] {
  const seen = new Set<string>();
  for (const step of steps)
    for (const unit of cachedUnits(step, dialect))
      for (const text of messageStrings(unit.message)) if (!known(text)) seen.add(text);
  return [...seen];
}

/**
 * `n` shares of about equal total length (longest first, each to the lightest share), the first
 * share scaled by `firstWeight`: the calling thread also collects the strings and sums the steps, so
 * it takes a little less.
 */
export function shares(texts: readonly string[], n: number, firstWeight = 1): string[][] {
  const out = Array.from({ length: n }, () => [] as string[]);
  const load = new Array<number>(n).fill(0);
  const order = [...texts].sort((a, b) => b.length - a.length);
  const weight = (k: number) => (k === 0 ? firstWeight : 1);
  for (const text of order) {
    let lightest = 0;
    for (let k = 1; k < n; k++)
      if ((load[k] as number) / weight(k) < (load[lightest] as number) / weight(lightest))
        lightest = k;
    (out[lightest] as string[]).push(text);
    load[lightest] = (load[lightest] as number) + text.length;
  }
  return out;
}

/** The calling thread's share against a helper's (measured: ~0.9 balances the serial work). */
const OWN_SHARE = 0.9;

/** Raw counts of a share (what a helper runs). */
export function countShare(texts: readonly string[], tokenizer: TokenizerId): number[] {
  const count = rawCounter(tokenizer);
  return texts.map((t) => count(t));
}

/**
 * Counts every string the steps' messages carry, this thread taking one share and each helper
 * another, then primes `tokens.counter` with the answers. Without helpers it counts here alone.
 */
export async function countInParallel(
  steps: Iterable<Step>,
  tokens: StepTokens,
  helpers: readonly CountHelper[],
  onProgress: (fraction: number) => void = () => {},
): Promise<void> {
  const counter = tokens.counter;
  if (counter.id === 'heuristic') return;
  const texts = uncountedStrings(steps, tokens.dialect, (t) => counter.has(t));
  const [mine = [], ...theirs] = shares(texts, helpers.length + 1, OWN_SHARE);
  // A helper that fails (it could not start, or crashed) leaves its share to this thread.
  const answers = theirs.map((share, k) =>
    share.length === 0
      ? Promise.resolve([] as number[])
      : (helpers[k] as CountHelper)
          .count(share, counter.id)
          .catch(() => countShare(share, counter.id)),
  );
  // This thread's share in slices, reporting how far it is (the helpers run at the same pace).
  const count = rawCounter(counter.id);
  const total = Math.max(
    1,
    mine.reduce((n, t) => n + t.length, 0),
  );
  let done = 0;
  let reported = 0;
  for (const text of mine) {
    counter.prime(text, count(text));
    done += text.length;
    if (done - reported > total / 50) {
      reported = done;
      onProgress(done / total);
    }
  }
  const counted = await Promise.all(answers);
  theirs.forEach((share, k) => {
    const counts = counted[k] as number[];
    share.forEach((t, i) => counter.prime(t, counts[i] as number));
  });
  onProgress(1);
}
