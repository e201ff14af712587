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

/**
 * Characters per piece of work when there is more than a piece per thread (~30 ms of tokenizing):
 * threads take pieces as they finish, so a core slowed by other work takes fewer, where fixed
 * shares left the fast thread waiting for the slow one.
 */
export const PIECE_CHARS = 128 * 1024;

/** Raw counts of a share (what a helper runs). */
export function countShare(texts: readonly string[], tokenizer: TokenizerId): number[] {
  const count = rawCounter(tokenizer);
  return texts.map((t) => count(t));
}

const lengthOf = (texts: readonly string[]) => texts.reduce((n, t) => n + t.length, 0);

/**
 * The strings cut into pieces: one per thread (`shares`, the calling thread's first) when they
 * are short, else pieces of about `PIECE_CHARS` in the order they came.
 */
export function piecesOf(texts: readonly string[], threads: number): string[][] {
  if (lengthOf(texts) <= PIECE_CHARS * threads) return shares(texts, threads, OWN_SHARE);
  const out: string[][] = [];
  let piece: string[] = [];
  let chars = 0;
  for (const text of texts) {
    piece.push(text);
    chars += text.length;
    if (chars >= PIECE_CHARS) {
      out.push(piece);
      piece = [];
      chars = 0;
    }
  }
  if (piece.length > 0) out.push(piece);
  return out;
}

/** Lets messages in (a helper's answer) between two pieces counted here. */
function yieldToEvents(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  // A Web Worker: a message on a channel is a task that runs next (setTimeout waits 4 ms once nested).
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/**
 * Counts every string the steps' messages carry, on this thread and the helpers, then primes
 * `tokens.counter` with the answers. The strings are cut into pieces (`piecesOf`); each helper
 * has up to two pieces out at a time and this thread counts the rest one piece at a time; when
 * none is left it counts the pieces still out too, latest first, rather than wait for a helper
 * slowed by other work (a count is the same wherever it is made, so whichever is first primes
 * it). Without helpers it counts here alone.
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
  const queue = piecesOf(texts, helpers.length + 1);
  const total = Math.max(1, lengthOf(texts));
  const count = rawCounter(counter.id);
  let done = 0;
  let reported = 0;
  let finished = false;
  const counted = (chars: number) => {
    done += chars;
    if (!finished && done - reported > total / 50) {
      reported = done;
      onProgress(Math.min(1, done / total));
    }
  };
  const countHere = (piece: readonly string[]) => {
    for (const text of piece) if (!counter.has(text)) counter.prime(text, count(text));
    counted(lengthOf(piece));
  };
  // The pieces sent and not yet answered, in the order they were sent.
  const out = new Set<string[]>();
  const send = (helper: CountHelper) => {
    const piece = queue.shift();
    if (!piece) return;
    out.add(piece);
    helper.count(piece, counter.id).then(
      (answers) => {
        if (!out.delete(piece) || finished) return;
        piece.forEach((t, i) => counter.prime(t, answers[i] as number));
        counted(lengthOf(piece));
        send(helper);
      },
      // A helper that fails (it could not start, or crashed) gets no more: this thread counts
      // its piece with the others still out.
      () => {},
    );
  };
  // With one piece per thread, the first is this thread's (the lighter share).
  const mine = queue.length === helpers.length + 1 ? queue.shift() : undefined;
  for (const helper of helpers) {
    send(helper);
    if (!mine) send(helper);
  }
  if (mine) countHere(mine);
  for (let piece = queue.shift(); piece; piece = queue.shift()) {
    countHere(piece);
    await yieldToEvents();
  }
  // Every piece is out: let the answers that are in arrive, then count the rest here.
  await yieldToEvents();
  while (out.size > 0) {
    const piece = [...out].at(-1) as string[];
    out.delete(piece);
    countHere(piece);
    await yieldToEvents();
  }
  finished = true;
  onProgress(1);
}
