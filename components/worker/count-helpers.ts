/**
 * The history worker's counting helpers: one Web Worker per core beyond its own (at most 3), each
 * answering `count` requests by id. Started with the history worker, so the tokenizer is loaded
 * before a file arrives. A request's strings go packed in a buffer that is transferred to the
 * helper and back with the answer, then packs the helper's next request (lib/tokens/text-pack.ts).
 */
import type { CountHelper } from '../../lib/tokens/parallel';
import { packTexts } from '../../lib/tokens/text-pack';
import type { CountAnswer, CountAsk } from './count.worker';

export function startCountHelpers(cores: number): CountHelper[] {
  const n = Math.max(1, Math.min(3, cores - 1));
  return Array.from({ length: n }, () => {
    const worker = new Worker(new URL('./count.worker.ts', import.meta.url));
    const waiting = new Map<
      number,
      { resolve: (c: number[]) => void; reject: (e: Error) => void }
    >();
    // Buffers the helper has sent back, for the next requests.
    const spare: ArrayBuffer[] = [];
    let next = 0;
    worker.onmessage = (event: MessageEvent<CountAnswer>) => {
      const { id, counts, buffer } = event.data;
      spare.push(buffer);
      waiting.get(id)?.resolve(counts);
      waiting.delete(id);
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
          const { buffer, lengths } = packTexts(texts, spare.pop());
          const ask: CountAsk = { id, buffer, lengths, tokenizer };
          worker.postMessage(ask, [buffer]);
        }),
    };
  });
}
