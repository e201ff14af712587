/**
 * Exact counts on every core: the distinct strings a history's messages carry are counted once
 * each, here and by helpers (Web Workers in the browser, worker threads in Node), and the answers
 * primed into the counter, so every step's count that follows is a cache lookup.
 */
import { cachedUnits } from '../messages';
import type { Dialect } from '../messages/types';
import type { Step } from '../model/types';
import { messageStrings } from './messages';
import type { StepTokens } from './step-tokens';
import { rawCounter, type TextCounter, type TokenizerId } from './tokenizer';

/** Counts a share of strings on another core. */
export interface CountHelper {
  count(texts: readonly string[], tokenizer: TokenizerId): Promise<number[]>;
  /**
   * Counts `texts` from the front while the calling thread takes them from the back
   * (`countFromFront`), `ends` ([front, back, then each string's count + 1 once the helper has
   * counted it], on a SharedArrayBuffer) saying where each has got
   * to. Helpers that share memory with the calling thread (Node's worker threads) have it.
   */
  countFromFront?(
    texts: readonly string[],
    tokenizer: TokenizerId,
    ends: Int32Array,
  ): Promise<number[]>;
}

/** `ends[FRONT]`: the strings a helper has counted from the front. */
const FRONT = 0;
/** `ends[BACK]`: the first string the calling thread has taken from the back. */
const BACK = 1;
/**
 * `ends[COUNTS + i]`: string i's count + 1 once the helper has counted it (0 before), written
 * before `ends[FRONT]` passes it, so the calling thread reads the counts of the strings behind
 * the front without waiting for the helper's answer (a message a busy or descheduled helper sends
 * late).
 */
const COUNTS = 2;

/**
 * The uncounted strings of steps' messages, read a part at a time (`read`), so counting can start
 * on the first strings while the rest are read: `texts` in the order first met, each once.
 */
interface Uncounted {
  readonly texts: string[];
  /** The characters of `texts`. */
  chars: number;
  /** Every step has been read. */
  done: boolean;
  /**
   * Reads steps until `texts` holds more than `chars` characters, every step is read, or `until`
   * (a `performance.now()` time) has passed.
   */
  read(chars: number, until?: number): void;
}

/** How many steps are read between two looks at the clock. */
const STEPS_PER_LOOK = 32;

function uncountedReader(
  steps: Iterable<Step>,
  dialect: Dialect,
  known: (text: string) => boolean,
): Uncounted {
  const seen = new Set<string>();
  const it = steps[Symbol.iterator]();
  const out: Uncounted = {
    texts: [],
    chars: 0,
    done: false,
    read(chars, until = Infinity) {
      for (let n = 1; out.chars <= chars && !out.done; n++) {
        if (n % STEPS_PER_LOOK === 0 && performance.now() > until) return;
        const next = it.next();
        if (next.done) {
          out.done = true;
          return;
        }
        for (const unit of cachedUnits(next.value, dialect))
          for (const text of messageStrings(unit.message)) {
            if (known(text)) continue;
            const size = seen.size;
            seen.add(text);
            if (seen.size === size) continue;
            out.texts.push(text);
            out.chars += text.length;
          }
      }
    },
  };
  return out;
}

/** The strings of every step's messages in a dialect not yet counted, each once. */
export function uncountedStrings(
  steps: Iterable<Step>,
  dialect: Dialect,
  known: (text: string) => boolean,
): string[] {
  const reader = uncountedReader(steps, dialect, known);
  reader.read(Infinity);
  return reader.texts;
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
 * The most characters a helper is sent at once when there is more than a piece per thread (~5 ms
 * of tokenizing on a quiet core). Its pieces shrink as the work left shrinks (to a quarter of it
 * per thread, down to `MIN_PIECE`), so the last ones end together.
 */
export const PIECE_CHARS = 128 * 1024;
const MIN_PIECE = 16 * 1024;

/**
 * Characters this thread counts at a time when it steals a piece still out, or takes strings
 * from the back of a shared share (~0.5 ms): it stops within that of the meeting.
 */
const CHUNK_CHARS = 12 * 1024;

/**
 * Characters this thread counts from the back between two looks at its messages when helpers
 * are sent pieces (~2 ms): each helper holds two pieces, so it never waits for the next; in a Web
 * Worker every look is a message on a new channel, so they are not made more often than needed.
 */
const OWN_CHARS = 48 * 1024;

/**
 * How long this thread reads steps between two looks at its messages while helpers count the
 * first pieces (ms): each helper holds two pieces (~10 ms of counting), so it never waits.
 */
const READ_MS = 2;

/** Raw counts of a share (what a helper runs). */
export function countShare(texts: readonly string[], tokenizer: TokenizerId): number[] {
  const count = rawCounter(tokenizer);
  return texts.map((t) => count(t));
}

/**
 * What a helper runs on strings it shares with the calling thread: each string from the front
 * while it is before `ends[BACK]` (the calling thread counts the rest, from the back), recording
 * how far it got in `ends[FRONT]`, each count also in `ends[COUNTS + i]` (+ 1) when `ends` has room
 * for it. The counts of the strings it counted, in order. The two may both count the string
 * where they meet; a count is the same wherever it is made.
 */
export function countFromFront(
  texts: readonly string[],
  tokenizer: TokenizerId,
  ends: Int32Array,
): number[] {
  const count = rawCounter(tokenizer);
  const counts: number[] = [];
  const shared = ends.length >= COUNTS + texts.length;
  for (let i = 0; i < Atomics.load(ends, BACK); i++) {
    const n = count(texts[i] as string);
    counts.push(n);
    if (shared) Atomics.store(ends, COUNTS + i, n + 1);
    Atomics.store(ends, FRONT, i + 1);
  }
  return counts;
}

const lengthOf = (texts: readonly string[]) => texts.reduce((n, t) => n + t.length, 0);

/** Lets messages in (a helper's answer) between two chunks counted here. */
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
 * Strings to count: how many of them (from the front) this thread has not counted yet, and the
 * characters it has.
 */
interface Piece {
  readonly texts: readonly string[];
  readonly chars: number;
  left: number;
  here: number;
  done: boolean;
}

const pieceOf = (texts: readonly string[]): Piece => ({
  texts,
  chars: lengthOf(texts),
  left: texts.length,
  here: 0,
  done: false,
});

/**
 * Counts every string the steps' messages carry, on this thread and the helpers, then primes
 * `tokens.counter` with the answers. Helpers sent pieces get their first ones as soon as the
 * strings read make more than a piece per thread, and more between two parts of the reading
 * (`READ_MS`), so they count while this thread reads the rest (~25 ms for 9,405 generated steps:
 * before, a helper waited for all of it). Short work is cut into one share per thread (`shares`,
 * this thread's the lighter). Longer work is taken from both ends: each helper keeps up to two pieces
 * out, taken from the front and shrinking as the work left shrinks, while this thread counts
 * chunks from the back and reads the helpers' answers between them, so the threads finish
 * together. When they meet, this thread counts what is still out too, latest first and chunk by
 * chunk, until each piece is counted here or answered, rather than wait for a helper slowed by
 * other work (a count is the same wherever it is made). Without helpers it counts here alone.
 */
export async function countInParallel(
  steps: Iterable<Step>,
  tokens: StepTokens,
  helpers: readonly CountHelper[],
  onProgress: (fraction: number) => void = () => {},
): Promise<void> {
  const counter = tokens.counter;
  if (counter.id === 'heuristic') return;
  const reader = uncountedReader(steps, tokens.dialect, (t) => counter.has(t));
  const texts = reader.texts;
  if (
    helpers.length > 0 &&
    typeof SharedArrayBuffer === 'function' &&
    helpers.every((h) => h.countFromFront)
  ) {
    reader.read(Infinity);
    await countSharing(texts, counter, helpers, onProgress);
    onProgress(1);
    return;
  }
  const count = rawCounter(counter.id);
  const threads = helpers.length + 1;
  // Read until the work is known to be long (more than a piece per thread): helpers are sent its
  // first pieces while the rest is read.
  reader.read(helpers.length > 0 ? PIECE_CHARS * threads : Infinity);
  // Known once every step is read; no progress is reported before.
  let total = Math.max(1, reader.chars);
  let done = 0;
  let reported = 0;
  let finished = false;
  const counted = (n: number) => {
    done += n;
    if (!finished && reader.done && done - reported > total / 50) {
      reported = done;
      onProgress(Math.min(1, done / total));
    }
  };
  /** Counts the piece's strings from its `left` end back, about `CHUNK_CHARS` of them. */
  const countChunk = (piece: Piece) => {
    let n = 0;
    while (piece.left > 0 && n < CHUNK_CHARS) {
      const text = piece.texts[--piece.left] as string;
      if (!counter.has(text)) counter.prime(text, count(text));
      n += text.length;
    }
    if (piece.left === 0) piece.done = true;
    piece.here += n;
    counted(n);
  };

  // The strings not yet given out, `lo` to `hi`: helpers take from the front, this thread the back
  // (once every step is read; until then `hi` is the end of what is read).
  let lo = 0;
  let hi = texts.length;
  let given = 0;
  const take = (from: 'front' | 'back', size: number): Piece | undefined => {
    if (lo >= hi) return undefined;
    const piece: string[] = [];
    let n = 0;
    while (lo < hi && n < size) {
      const text = texts[from === 'front' ? lo++ : --hi] as string;
      piece.push(text);
      n += text.length;
    }
    given += n;
    return pieceOf(piece);
  };
  // One share per thread when the work is short, this thread's the first: nothing left to take.
  const fixed: Piece[] = [];
  if (reader.done && reader.chars <= PIECE_CHARS * threads) {
    fixed.push(...shares(texts, threads, OWN_SHARE).map(pieceOf));
    lo = hi;
  }
  // The pieces sent and not yet answered, in the order they were sent.
  const out = new Set<Piece>();
  // Helpers that asked for a piece while the steps were read and none was there (once per piece).
  const waiting: CountHelper[] = [];
  const send = (helper: CountHelper) => {
    const left = reader.chars - given;
    const piece =
      fixed.pop() ??
      take(
        'front',
        reader.done
          ? Math.max(MIN_PIECE, Math.min(PIECE_CHARS, left / (2 * threads)))
          : PIECE_CHARS,
      );
    if (!piece) {
      if (!reader.done) waiting.push(helper);
      return;
    }
    out.add(piece);
    helper.count(piece.texts, counter.id).then(
      (answers) => {
        if (!out.delete(piece) || piece.done || finished) return;
        piece.texts.forEach((t, i) => counter.prime(t, answers[i] as number));
        piece.done = true;
        counted(piece.chars - piece.here);
        send(helper);
      },
      // A helper that fails (it could not start, or crashed) gets no more: this thread counts
      // its piece with the others still out.
      () => {},
    );
  };
  const mine = fixed.shift();
  for (const helper of helpers) {
    send(helper);
    if (!mine) send(helper);
  }
  // The rest of the steps, read between looks at the helpers' answers.
  while (!reader.done) {
    reader.read(Infinity, performance.now() + READ_MS);
    total = Math.max(1, reader.chars);
    hi = texts.length;
    for (const helper of waiting.splice(0)) send(helper);
    await yieldToEvents();
  }
  for (const helper of waiting.splice(0)) send(helper);
  if (mine) while (!mine.done) countChunk(mine);
  for (let piece = take('back', OWN_CHARS); piece; piece = take('back', OWN_CHARS)) {
    while (!piece.done) countChunk(piece);
    await yieldToEvents();
  }
  // Every string is out: let the answers that are in arrive, then count the rest here.
  await yieldToEvents();
  while (out.size > 0) {
    const piece = [...out].at(-1) as Piece;
    if (!piece.done) countChunk(piece);
    if (piece.done) out.delete(piece);
    await yieldToEvents();
  }
  finished = true;
  onProgress(1);
}

/** A helper's strings, shared with this thread: it counts from the front, this thread from the back. */
interface Segment {
  readonly texts: readonly string[];
  readonly ends: Int32Array;
  /** `cum[i]`: the characters of the first `i` strings. */
  readonly cum: Float64Array;
  readonly answer: Promise<number[] | undefined>;
  /** How many strings this thread has counted from the back. */
  taken: number;
}

/**
 * `countInParallel` with helpers that share memory: the strings are cut into one share per helper
 * (`shares`); each helper counts its share from the front, all in one message, while this thread
 * counts from the back of whichever share has the most characters left, a chunk at a time,
 * until it meets each helper. Nothing is counted twice (but the string where they meet), no thread
 * waits for a piece, and a helper slowed by other work counts less. This thread then reads the
 * counts each helper wrote in shared memory for the strings before the meeting (all counted
 * there: its front passed them), so it does not wait for a helper's answer, a message a helper
 * busy or descheduled by other work sends late; only a helper that did not write them is waited
 * for, and a helper that failed has its strings counted here.
 */
async function countSharing(
  texts: readonly string[],
  counter: TextCounter,
  helpers: readonly CountHelper[],
  onProgress: (fraction: number) => void,
): Promise<void> {
  const count = rawCounter(counter.id);
  const segments: Segment[] = shares(texts, helpers.length).map((share, h) => {
    const ends = new Int32Array(
      new SharedArrayBuffer((COUNTS + share.length) * Int32Array.BYTES_PER_ELEMENT),
    );
    ends[BACK] = share.length;
    const cum = new Float64Array(share.length + 1);
    share.forEach((t, i) => (cum[i + 1] = (cum[i] as number) + t.length));
    const helper = helpers[h] as CountHelper;
    const answer = (helper.countFromFront as NonNullable<CountHelper['countFromFront']>)(
      share,
      counter.id,
      ends,
    ).then(
      (counts) => counts,
      () => undefined,
    );
    return { texts: share, ends, cum, answer, taken: 0 };
  });
  const total = Math.max(1, lengthOf(texts));
  let here = 0;
  let reported = 0;
  const report = () => {
    let done = here;
    for (const s of segments) done += s.cum[Atomics.load(s.ends, FRONT)] as number;
    const fraction = Math.min(1, done / total);
    if (fraction - reported > 0.02) onProgress((reported = fraction));
  };
  const charsLeft = (s: Segment) => {
    const back = Atomics.load(s.ends, BACK);
    const front = Atomics.load(s.ends, FRONT);
    return back > front ? (s.cum[back] as number) - (s.cum[front] as number) : 0;
  };
  for (;;) {
    let most: Segment | undefined;
    for (const s of segments) if (charsLeft(s) > (most ? charsLeft(most) : 0)) most = s;
    if (!most) break;
    let n = 0;
    while (n < CHUNK_CHARS) {
      const j = Atomics.sub(most.ends, BACK, 1) - 1;
      if (j < Atomics.load(most.ends, FRONT)) break;
      const text = most.texts[j] as string;
      if (!counter.has(text)) counter.prime(text, count(text));
      most.taken++;
      n += text.length;
    }
    here += n;
    report();
  }
  for (const s of segments) {
    const helped = s.texts.length - s.taken;
    // The strings before the meeting, all counted by the helper (its front passed them): their
    // counts are read from `ends`, and the answer is waited for only when one is not there.
    let i = 0;
    for (let n; i < helped && (n = Atomics.load(s.ends, COUNTS + i)) > 0; i++)
      counter.prime(s.texts[i] as string, n - 1);
    if (i === helped) continue;
    const counts = await s.answer;
    for (; i < helped; i++) {
      const t = s.texts[i] as string;
      if (counts && i < counts.length) counter.prime(t, counts[i] as number);
      else if (!counter.has(t)) counter.prime(t, count(t));
    }
  }
}
