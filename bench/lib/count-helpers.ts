/**
 * Counting helpers on worker threads, for the benchmarks: what the app's count worker does in the
 * browser. Each thread loads the tokenizer once (`warm`), as the app's helper does when it starts.
 */
import { Worker } from 'node:worker_threads';
import type { CountHelper } from '../../lib/tokens/parallel';
import type { TokenizerId } from '../../lib/tokens/tokenizer';

export async function startCountHelpers(n: number, tokenizer: TokenizerId) {
  // A worker thread does not inherit tsx's loader: register it, then load the TypeScript worker.
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
register();
await import(${JSON.stringify(new URL('./count-worker.ts', import.meta.url).href)});`;
  const workers = Array.from(
    { length: n },
    () => new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`)),
  );
  let next = 0;
  const helpers: CountHelper[] = workers.map((w) => ({
    count: (texts, id) =>
      new Promise<number[]>((resolve, reject) => {
        const requestId = next++;
        const onMessage = (m: { id: number; counts: number[] }) => {
          if (m.id !== requestId) return;
          w.off('message', onMessage);
          resolve(m.counts);
        };
        w.on('message', onMessage);
        w.once('error', reject);
        w.postMessage({ id: requestId, texts, tokenizer: id });
      }),
  }));
  await Promise.all(helpers.map((h) => h.count(['warm up'], tokenizer)));
  return { helpers, close: () => Promise.all(workers.map((w) => w.terminate())) };
}
