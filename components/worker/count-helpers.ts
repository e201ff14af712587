/**
 * The history worker's counting helpers: one Web Worker per core beyond its own (at most 3), each
 * answering `count` requests by id. Started with the history worker, so the tokenizer is loaded
 * before a file arrives.
 */
import type { CountHelper } from '../../lib/tokens/parallel';

export function startCountHelpers(cores: number): CountHelper[] {
  const n = Math.max(1, Math.min(3, cores - 1));
  return Array.from({ length: n }, () => {
    const worker = new Worker(new URL('./count.worker.ts', import.meta.url));
    const waiting = new Map<
      number,
      { resolve: (c: number[]) => void; reject: (e: Error) => void }
    >();
    let next = 0;
    worker.onmessage = (event: MessageEvent<{ id: number; counts: number[] }>) => {
      waiting.get(event.data.id)?.resolve(event.data.counts);
      waiting.delete(event.data.id);
    };
    worker.onerror = (event) => {
      for (const w of waiting.values()) w.reject(new Error(event.message || 'counting failed'));
      waiting.clear();
    };
    return {
      count: (texts, tokenizer) =>
        new Promise<number[]>((resolve, reject) => {
          const id = next++;
          waiting.set(id, { resolve, reject });
          worker.postMessage({ id, texts, tokenizer });
        }),
    };
  });
}
