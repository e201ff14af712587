/**
 * A counting helper on its own thread (Node's worker_threads): counts the shares it is sent, from
 * the front while the calling thread counts from the back when the share comes with its `ends`.
 */
import { parentPort } from 'node:worker_threads';
import { countFromFront, countShare } from '../lib/tokens/parallel';
import type { TokenizerId } from '../lib/tokens/tokenizer';

parentPort?.on(
  'message',
  (m: { id: number; texts: string[]; tokenizer: TokenizerId; ends?: Int32Array }) => {
    const counts = m.ends
      ? countFromFront(m.texts, m.tokenizer, m.ends)
      : countShare(m.texts, m.tokenizer);
    parentPort?.postMessage({ id: m.id, counts });
  },
);
