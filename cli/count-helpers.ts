/**
 * Counting helpers on worker threads: what the app's count workers do in the browser
 * (components/worker/count-helpers.ts), for the CLI and the benchmarks. Each thread loads the
 * tokenizer once, when it starts, so helpers started before the files are read are ready when the
 * counting begins (`startCountHelpers` does not wait for them; `ready` does).
 */
import type { Worker } from 'node:worker_threads';
import type { History, Step } from '../lib/model/types';
import { countInParallel, type CountHelper } from '../lib/tokens/parallel';
import type { StepTokens } from '../lib/tokens/step-tokens';
import type { TokenizerId } from '../lib/tokens/tokenizer';
import { startTsWorker } from './ts-worker';

export interface CountHelpers {
  readonly helpers: readonly CountHelper[];
  /** Resolves once every helper has loaded its tokenizer. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** A helper, and a promise settled once it has answered every request sent so far. */
function helperOf(w: Worker): { helper: CountHelper; answered(): Promise<unknown> } {
  let next = 0;
  // Each request's answer, settled (answered or failed), until it settles.
  const open = new Set<Promise<void>>();
  const waiting = new Map<number, { resolve: (c: number[]) => void; reject: (e: Error) => void }>();
  // Referenced only while a share is out: an idle helper never keeps the process alive.
  w.unref();
  w.on('message', (m: { id: number; counts: number[] }) => {
    waiting.get(m.id)?.resolve(m.counts);
    waiting.delete(m.id);
    if (waiting.size === 0) w.unref();
  });
  const fail = (error: Error) => {
    for (const x of waiting.values()) x.reject(error);
    waiting.clear();
  };
  w.on('error', fail);
  // A thread that ends without an error still answers nothing: what it was counting is counted
  // by the calling thread (which waits only for a sharing helper that did not write its counts).
  w.on('exit', (code) => fail(new Error(`counting helper exited (${code})`)));
  const ask = (message: {
    texts: readonly string[];
    tokenizer: TokenizerId;
    ends?: Int32Array;
  }) => {
    const answer = new Promise<number[]>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ id, ...message });
    });
    const settled = answer.then(
      () => {},
      () => {},
    );
    open.add(settled);
    void settled.then(() => open.delete(settled));
    return answer;
  };
  return {
    helper: {
      count: (texts, tokenizer) => ask({ texts, tokenizer }),
      // Worker threads share memory with this one: the share's ends are read and written by both.
      countFromFront: (texts, tokenizer, ends) => ask({ texts, tokenizer, ends }),
    },
    answered: () => Promise.all(open),
  };
}

/** `n` helpers, loading in the background; `ready` when each has counted a first text. */
export function startCountHelpers(n: number, tokenizer: TokenizerId): CountHelpers {
  const workers = Array.from({ length: n }, () =>
    startTsWorker(new URL('./count-worker.ts', import.meta.url)),
  );
  const threads = workers.map(helperOf);
  const helpers = threads.map((t) => t.helper);
  const ready = Promise.all(helpers.map((h) => h.count(['warm up'], tokenizer))).then(() => {});
  // A helper that fails is left out by countInParallel (its share counted here): never unhandled.
  ready.catch(() => {});
  return {
    helpers,
    ready,
    close: async () => {
      // A share's counts are read from shared memory, not from the helper's answer, so an answer
      // can still be on its way (the helper stops within a string of where this thread met it):
      // a thread terminated while it answers kept Node 20 from ever settling `terminate`.
      await Promise.all(threads.map((t) => t.answered()));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** Every step of the histories and of their sub-agents. */
function* stepsOf(histories: readonly History[]): Generator<Step> {
  for (const h of histories) {
    yield* h.steps;
    yield* stepsOf((h.children ?? []).map((c) => c.history));
  }
}

/**
 * Primes `tokens` with the count of every string the histories' steps (sub-agents too) carry, on
 * this thread and the helpers: what follows (each step's count, every strategy's replay) is a
 * cache lookup.
 */
export async function countHistories(
  histories: readonly History[],
  tokens: StepTokens,
  helpers: readonly CountHelper[],
): Promise<void> {
  await countInParallel(stepsOf(histories), tokens, helpers);
}
